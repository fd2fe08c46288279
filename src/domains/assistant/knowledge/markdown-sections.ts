import { headingAnchors } from "./heading-anchor.js";

/** One heading of a Markdown document and the text under it (up to the next heading of any level). */
export interface MarkdownSection {
  heading: string;
  /** The headings above it, outermost first (the document's title first). */
  parents: string[];
  anchor: string;
  /** The section's own text, headings excluded; fenced code kept as it is. */
  body: string;
}

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

/**
 * Splits a Markdown document into its sections by heading. Lines inside fenced code are never headings
 * (a shell comment `# 1. Plan it` is code). Text before the first heading belongs to no section and is
 * dropped; a section with no text of its own is kept (its heading still names what follows).
 */
export function markdownSections(markdown: string): MarkdownSection[] {
  const anchorOf = headingAnchors();
  const sections: MarkdownSection[] = [];
  const stack: { level: number; heading: string }[] = [];
  let current: { section: MarkdownSection; lines: string[] } | null = null;
  let fenced = false;
  const finish = () => {
    if (current) current.section.body = current.lines.join("\n").trim();
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (FENCE.test(line)) fenced = !fenced;
    const heading = fenced ? null : HEADING.exec(line);
    if (!heading) {
      current?.lines.push(line);
      continue;
    }
    finish();
    const level = (heading[1] as string).length;
    const text = plainHeading(heading[2] as string);
    while (stack.length && (stack.at(-1) as { level: number }).level >= level) stack.pop();
    const section: MarkdownSection = {
      heading: text,
      parents: stack.map((s) => s.heading),
      anchor: anchorOf(text),
      body: "",
    };
    stack.push({ level, heading: text });
    sections.push(section);
    current = { section, lines: [] };
  }
  finish();
  return sections;
}

/** A heading as a reader sees it: inline code and link syntax taken off (the anchor is made from this too). */
function plainHeading(raw: string): string {
  return raw
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\*\*|__/g, "")
    .trim();
}
