/** Each narration language's quotation marks (by primary language subtag; English for the rest). */
const QUOTES: Record<string, [string, string]> = {
  en: ["“", "”"],
  de: ["„", "“"],
  fr: ["«\u00A0", "\u00A0»"],
  es: ["«", "»"],
  it: ["«", "»"],
  pt: ["“", "”"],
  nl: ["‘", "’"],
};

/**
 * A name or heading from the site, as it goes into one of our sentences: in the language's quotation
 * marks when it is a sentence of its own ("We've got what you need!") or long enough to blur into ours
 * (six words or more), else as written ("Pricing"). Our sentence then reads, and is cut into captions,
 * as one sentence instead of breaking at the heading's "!".
 */
export function quoteSiteText(text: string, language: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t === "" || /^[“„«‘"'‹]/u.test(t)) return t;
  if (!/[.!?…:]/u.test(t) && t.split(" ").length < 6) return t;
  const [open, close] = QUOTES[language] ?? (QUOTES.en as [string, string]);
  return `${open}${t.replace(/[.:]$/u, "")}${close}`;
}
