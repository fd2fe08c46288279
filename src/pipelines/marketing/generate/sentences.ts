/**
 * Sentences of a piece of site copy, for the shortening rules, the narration and the fit's trimming.
 * A sentence ends at ".", "!", "?" or "…" (and any closing quote or bracket) before a space and a capital,
 * a digit or an opening quote; common abbreviations ("e.g.", "Mr.", "U.S.") do not end one.
 */

const ABBREVIATION = /(?:\b(?:e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|inc|ltd|co|no|approx)|\b\p{Lu}(?:\.\p{Lu})*)\.$/iu;
const BOUNDARY = /[.!?…]+["”’»)\]]*\s+(?=["“‘«(]?[\p{Lu}\p{N}])/gu;

export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of text.matchAll(BOUNDARY)) {
    const end = (m.index ?? 0) + m[0].trimEnd().length;
    const piece = text.slice(start, end);
    if (m[0].startsWith(".") && ABBREVIATION.test(piece.trimEnd())) continue;
    if (piece.trim() !== "") out.push(piece.trim());
    start = (m.index ?? 0) + m[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest !== "") out.push(rest);
  return out;
}

/** The text ends as a sentence does. */
export const endsSentence = (text: string): boolean => /[.!?…]["”’»)\]]*$/u.test(text.trim());

/** Adds a full stop to text that does not end like a sentence (a headline said aloud). */
export const asSentence = (text: string): string => {
  const t = text.trim().replace(/[,;:–—-]+$/u, "");
  return endsSentence(t) ? t : `${t}.`;
};
