/**
 * Typo tolerance for the grammar's own words. Own code rather than a library: the Levenshtein packages at
 * hand (leven, fastest-levenshtein) count a swapped pair of letters ("sceen", "teh") as two edits, and
 * swaps are the commonest slip on a keyboard; the optimal-string-alignment distance below counts them as
 * one, and the strings compared are single words, so the quadratic table is a few dozen cells.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  const at = (i: number, j: number): number => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i += 1) d[i * cols] = i;
  for (let j = 0; j < cols; j += 1) d[j] = j;
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * cols + j] = best;
    }
  }
  return at(rows - 1, cols - 1);
}

/**
 * How many slips a word of this length may carry and still be read as a known word: none under four
 * letters ("pop" is not "top"), one up to seven ("shortr", "princing"), two beyond ("backgroud").
 */
export const allowedSlips = (length: number): number => (length < 4 ? 0 : length < 8 ? 1 : 2);

/** Words typos are corrected towards: the rules' own words first, then the everyday names they accept. */
export interface Vocabulary {
  primary: ReadonlySet<string>;
  secondary: ReadonlySet<string>;
  /** Known, so never corrected, but never a correction either ("blur" is not "blue"). */
  protectedWords: ReadonlySet<string>;
}

/**
 * The known word a typed word was meant to be, or the word itself. A word already known is never
 * changed, nor is its first letter (slips rarely hit it); between known words equally close, a rule
 * word wins over an everyday name ("shortr" is not "shorts"), then one keeping the last letter
 * ("shorter", not "short"), and a tie otherwise is left alone (no guessing).
 */
export function correctWord(word: string, vocabulary: Vocabulary): string {
  const { primary, secondary, protectedWords } = vocabulary;
  if (primary.has(word) || secondary.has(word) || protectedWords.has(word) || !/^[a-z]+$/.test(word)) return word;
  const limit = allowedSlips(word.length);
  if (limit === 0) return word;
  let bestDistance = limit + 1;
  let best: { word: string; primary: boolean }[] = [];
  for (const [set, isPrimary] of [
    [primary, true],
    [secondary, false],
  ] as const) {
    for (const known of set) {
      if (known[0] !== word[0] || Math.abs(known.length - word.length) > limit || known.length < 4) continue;
      const distance = editDistance(word, known);
      if (distance > limit) continue;
      if (distance < bestDistance) {
        best = [{ word: known, primary: isPrimary }];
        bestDistance = distance;
      } else if (distance === bestDistance && !best.some((b) => b.word === known))
        best.push({ word: known, primary: isPrimary });
    }
  }
  const primaries = best.filter((b) => b.primary);
  if (primaries.length === 1) return (primaries[0] as { word: string }).word;
  // Slips keep the last letter too, as a rule: "shortr" is "shorter" rather than "short".
  const sameEnd = primaries.filter((b) => b.word.endsWith(word.slice(-1)));
  if (sameEnd.length === 1) return (sameEnd[0] as { word: string }).word;
  return best.length === 1 ? (best[0] as { word: string }).word : word;
}
