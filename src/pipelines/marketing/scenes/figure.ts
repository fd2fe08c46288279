/**
 * Figures in copy (a count, a percentage, a price, a rating): a proof scene sets a headline's leading
 * figure large above the rest of it, and proof and pricing scenes colour the figures inside a sentence.
 * Only the copy's own characters are shown; nothing is reworded or reformatted.
 */

const FIGURE =
  /(?:[$€£¥]\s?)?\d(?:[\d,.\u202f]*\d)?(?:\s?(?:%|\+|×|x\b|k\b|K\b|M\b|B\b|bn\b)|\/\s?\d+(?:\.\d+)?|\/[a-z]{2,5}\b)?\+?/gu;
const LEADING = new RegExp(`^\\s*(${FIGURE.source})(?=\\s|$)\\s*`, "u");

/** The headline's leading figure and the words after it ("10,000+ teams ship faster"), else null. */
export function leadingFigure(headline: string): { figure: string; rest: string } | null {
  const m = LEADING.exec(headline);
  if (!m?.[1]) return null;
  return { figure: m[1], rest: headline.slice(m[0].length) };
}

/** The text cut into plain runs and figures, in order. */
export function figureRuns(text: string): { text: string; figure: boolean }[] {
  const runs: { text: string; figure: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(FIGURE)) {
    const start = m.index ?? 0;
    if (start > at) runs.push({ text: text.slice(at, start), figure: false });
    runs.push({ text: m[0], figure: true });
    at = start + m[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), figure: false });
  return runs;
}
