/**
 * Quoted literals are lifted out before anything else reads the sentence, so the words a user wants in the
 * video ("change the call to action to 'Start free, today and then more'") are never split into clauses,
 * typo-corrected or read as instructions. Each becomes a placeholder token `§N` (N from 0).
 */

export interface LiftedSentence {
  text: string;
  literals: string[];
}

const PAIRS: Record<string, string> = { "'": "'", '"': '"', "‘": "’", "“": "”", "«": "»", "`": "`" };
const MAX_LITERALS = 20;

/** An opening quote starts the sentence or follows a space or opening punctuation ("to 'x'", "('x')"). */
const opensAt = (text: string, i: number): boolean => i === 0 || /[\s(:[=]/.test(text[i - 1] ?? "");
/** A closing quote ends the sentence or comes before a space or punctuation ("'x', then", "'x'."). */
const closesAt = (text: string, i: number): boolean => i === text.length - 1 || /[\s,.;:!?)\]]/.test(text[i + 1] ?? "");

export const placeholder = (n: number): string => `§${n}`;
export const PLACEHOLDER = /§(\d+)/;

/**
 * Lifts every quoted span; an apostrophe inside a word ("don't", "Let's go") neither opens nor closes one.
 * An unclosed quote is left in the text, where it reads as a word the grammar cannot place.
 */
export function liftLiterals(sentence: string): LiftedSentence {
  const literals: string[] = [];
  let out = "";
  let i = 0;
  while (i < sentence.length) {
    const ch = sentence[i] ?? "";
    const close = PAIRS[ch];
    if (close !== undefined && opensAt(sentence, i) && literals.length < MAX_LITERALS) {
      const end = findClose(sentence, i + 1, close);
      if (end > i + 1) {
        const literal = sentence.slice(i + 1, end).trim();
        if (literal !== "") {
          out += ` ${placeholder(literals.length)} `;
          literals.push(literal);
          i = end + 1;
          continue;
        }
      }
    }
    out += ch;
    i += 1;
  }
  return { text: out.replace(/\s+/g, " ").trim(), literals };
}

function findClose(text: string, from: number, close: string): number {
  for (let j = from; j < text.length; j += 1) if (text[j] === close && closesAt(text, j)) return j;
  return -1;
}
