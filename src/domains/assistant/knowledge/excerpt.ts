/** Longest quote an answer carries; the citation links to the rest. */
const MAX_EXCERPT = 700;
/** A best passage shorter than this is followed by the section's next matching one. */
const SHORT_PASSAGE = 220;

/**
 * What an answer quotes from a section: its best-matching passage (and the next when the first is short),
 * as plain text. Markdown's markup is taken off (emphasis, link targets, table pipes, list bullets) and
 * hard-wrapped prose joined; code keeps its lines. Cut at a sentence end when it is too long.
 */
export function excerptOf(passages: readonly string[]): string {
  const chosen = passages.slice(0, 1);
  if ((passages[0]?.length ?? 0) < SHORT_PASSAGE && passages[1]) chosen.push(passages[1]);
  return shorten(chosen.map(plainText).join("\n"), MAX_EXCERPT);
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
          .join(" — "),
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
