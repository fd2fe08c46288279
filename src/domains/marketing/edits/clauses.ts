/**
 * Clauses: a sentence (literals already lifted) is cut at commas, semicolons, full stops and the words
 * "and", "then", "also", "plus", "but". Cutting is generous; interpret.ts joins pieces back when a piece
 * alone means nothing ("swap the hook | the proof") or lends the previous clause's verb to a bare list
 * ("hide the proof, the pricing and the faq").
 */
const CUT =
  /\s*(?:[,;!?]|\.(?=\s|$)|\s(?:and then|and also|and(?! a half)|then|also|plus|but|as well as|after that|afterwards|&)\s)\s*/gi;
/** A connective left at a piece's start after punctuation ("…, then make it 45 seconds"). */
const LEADING = /^(?:(?:and then|and also|and|then|also|plus|but|after that|afterwards)\s+)+/i;

export interface Piece {
  /** The words of the piece. */
  text: string;
  /** The separator that came before it ("" for the first): kept so two pieces can be joined back. */
  joiner: string;
}

export function splitClauses(sentence: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  let joiner = "";
  for (const m of ` ${sentence} `.matchAll(CUT)) {
    const text = ` ${sentence} `.slice(last, m.index).trim().replace(LEADING, "");
    if (text !== "") pieces.push({ text, joiner });
    joiner = m[0].trim() === "" ? " " : ` ${m[0].trim()} `;
    last = (m.index ?? 0) + m[0].length;
  }
  const tail = ` ${sentence} `.slice(last).trim().replace(LEADING, "");
  if (tail !== "") pieces.push({ text: tail, joiner });
  return pieces;
}
