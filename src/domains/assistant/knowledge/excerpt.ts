import { termsOf } from "./terms.js";

/** Longest quote an answer carries; the citation links to the rest. */
const MAX_EXCERPT = 700;
/** Passages one quote holds at most. */
const MAX_PASSAGES = 3;
/** A section of this many passages or fewer is about one thing: it is quoted from its start. */
const FOCUSED_SECTION = 6;

/**
 * What an answer quotes from a section, as plain text. A focused section (a few paragraphs or steps) is
 * quoted from its start, so a procedure keeps its lead and its order; a long one (a configuration table,
 * a decision's list of rules) from the passage that holds most of the question's words. Following
 * passages are added in order up to the length. Markdown's markup is taken off (emphasis, link targets,
 * a table row's outer pipes, list bullets) and hard-wrapped prose joined; code keeps its lines.
 */
export function excerptOf(sectionPassages: readonly string[], questionTerms: readonly string[]): string {
  const wanted = new Set(questionTerms);
  const hits = sectionPassages.map((p) => new Set(termsOf(p).filter((t) => wanted.has(t))).size);
  const best = hits.reduce((at, n, i) => (n > (hits[at] ?? 0) ? i : at), 0);
  const start = sectionPassages.length <= FOCUSED_SECTION ? 0 : best;
  const quoted: string[] = [];
  let length = 0;
  for (const passage of sectionPassages.slice(start, start + MAX_PASSAGES)) {
    const text = plainText(passage);
    if (quoted.length && length + text.length > MAX_EXCERPT) break;
    quoted.push(text);
    length += text.length + 1;
  }
  return shorten(quoted.join("\n"), MAX_EXCERPT);
}

function plainText(passage: string): string {
  const lines = passage.split("\n");
  if (lines.every((l) => l.startsWith("|"))) {
    return lines
      .map((l) =>
        l
          .split("|")
          .map((cell) => inline(cell))
          .filter(Boolean)
          .join(" | "),
      )
      .join("\n");
  }
  const prose = !lines.some((l) => /^\s{4,}\S/.test(l) && !/^\s*([-*+]|\d+[.)])\s/.test(l)) || lines.length === 1;
  const text = lines.map((l) => l.replace(/^\s*([-*+]|\d+[.)])\s+/, "")).map(inline);
  return prose ? text.join(" ").replace(/\s+/g, " ").trim() : text.join("\n").trim();
}

const inline = (s: string) =>
  s
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*|__/g, "")
    .replace(/(^|\s)\*(\S[^*]*)\*/g, "$1$2")
    .trim();

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(".\n"), cut.lastIndexOf("; "));
  return end > max / 2 ? `${cut.slice(0, end + 1)} …` : `${cut.replace(/\s+\S*$/, "")} …`;
}
