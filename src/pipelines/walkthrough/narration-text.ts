import { spokenForm } from "../../media/tts/spoken-form.js";
import { type NarrationLanguage, narrationLanguageOf } from "./phrases.js";

/**
 * A narration line in its two forms: `written` is what the captions show (punctuation cleaned, the site's
 * words as the site wrote them); `spoken` is what the speech engine reads (numbers, currencies,
 * percentages, abbreviations and acronyms written out the way a presenter says them).
 */
export interface NarrationLine {
  written: string;
  spoken: string;
}

export function narrationLine(text: string, language: string | null | undefined): NarrationLine {
  const lang: NarrationLanguage = narrationLanguageOf(language);
  const written = cleanNarration(text);
  return { written, spoken: written === "" ? "" : spokenForm(written, lang) };
}

// Pictographs (emoji), their joiners, variation selectors, skin tones, keycaps and flags. ©, ® and ™ are
// pictographic too but belong to names as written; the spoken form drops them.
const EMOJI = /(?![©®™])[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}]|[\u200D\uFE0E\uFE0F\u20E3]/gu;
/** Control and format characters (zero-width spaces, soft hyphens, direction marks), whitespace aside. */
const INVISIBLE = /(?![\t\n\v\f\r])\p{Cc}|\p{Cf}/gu;
/** Separators that menus, breadcrumbs and titles use between items; never words. */
const SEPARATORS = "|•·▪►▸→⟶➔➜";

/**
 * The written line, cleaned of what pages leave in their text: emoji, invisible characters, separators
 * such as "|", "•" or a breadcrumb's "»", doubled or clashing punctuation ("need!." → "need!",
 * "Features:." → "Features."), spaces before . and , (French keeps its space before ; : ! ?), a
 * trailing colon. A line that ends without a sentence mark gets a full stop, so the voice closes it like
 * a sentence.
 */
export function cleanNarration(text: string): string {
  let t = text.normalize("NFC").replace(INVISIBLE, "").replace(EMOJI, " ");
  // « » and ‹ › are French quotation marks when they come in pairs; alone they are breadcrumb separators.
  let separators = SEPARATORS;
  if (!t.includes("«")) separators += "»";
  if (!t.includes("‹")) separators += "›";
  const sep = `[${separators.replace(/[\]\\^-]/g, "\\$&")}]`;
  // One rule can make work for another ("0 :…" → "0 …" → "0…"): repeat until nothing changes.
  for (let i = 0; i < 8; i++) {
    const next = tidy(t, sep);
    if (next === t) break;
    t = next;
  }
  return /[\p{L}\p{N}]/u.test(t) ? t : "";
}

function tidy(text: string, sep: string): string {
  const t = text
    .replace(/\s+/g, " ")
    // A separator at either end or next to punctuation just goes; between words it reads as a pause.
    .replace(new RegExp(`^\\s*(?:${sep}\\s*)+|(?:\\s*${sep})+\\s*$`, "gu"), "")
    .replace(new RegExp(`([.,;:!?…])\\s*(?:${sep}\\s*)+`, "gu"), "$1 ")
    .replace(new RegExp(`\\s*(?:${sep}\\s*)+(?=[.,;:!?…])`, "gu"), "")
    .replace(new RegExp(`\\s*(?:${sep}\\s*)+`, "gu"), ", ")
    // A space before ; : ! ? stays: French typography wants it, and it is how the page wrote it.
    .replace(/\s+([.,…%])/gu, "$1")
    .replace(/([([{“„])\s+/gu, "$1")
    .replace(/\.{3,}/g, "…")
    // Clashing marks: the stronger one wins ("need!." → "need!", "Features:." → "Features.", ",." → ".").
    .replace(/([!?…])((?:[”»"’')\]])*)[.,;:]+/gu, "$1$2")
    .replace(/[,;:]+((?:[”»"’')\]])*)([.!?…])/gu, "$1$2")
    .replace(/([.])((?:[”»"’')\]])*)[.,;:]+(?![\p{L}\p{N}])/gu, "$1$2")
    .replace(/([!?])\1+/g, "$1")
    .replace(/,{2,}/g, ",")
    .replace(/(^|\s)[,.]+(?=\s|$)/gu, "$1")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[,;:.…!?\s]+/u, "")
    .replace(/[\s,;:]+$/u, "");
  return /[\p{L}\p{N}][”»"’')\]]*$/u.test(t) && !/[.!?…][”»"’')\]]*$/u.test(t) ? `${t}.` : t;
}
