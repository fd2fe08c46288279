/**
 * Site text made fit to say: names the planner took off the page (link texts, headings) cleaned of what
 * a viewer never reads (icon ligatures such as "receipt_long Billing", screen-reader twins such as
 * "Total Users Total Users"), and tests for text a presenter leaves out: template placeholder copy
 * (lorem ipsum, "Project Name", "Primary Card") and skip links.
 */

/** A ligature an icon font draws as a picture ("receipt_long", "view_in_ar", "dashboard"). */
const LIGATURE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * The name as a viewer reads it: a leading icon ligature goes ("receipt_long Billing" → "Billing",
 * "add Add New Card" → "Add New Card"), and so does a name said twice over ("Total Users Total Users")
 * and a required field's mark ("Your Name *").
 */
export function spokenName(name: string): string {
  // A required field's mark ("Your Name *", "Email (required)") is typography, not part of its name.
  const unmarked = name.replace(/\s*(\*+|✱|\((required|optional)\))\s*$/i, "");
  let words = unmarked.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  // Ligatures lead the visible label: lower-case words (with underscores, or one that the label repeats)
  // before a capitalised word.
  let lead = 0;
  while (lead < words.length - 1 && LIGATURE.test(words[lead] as string)) lead++;
  if (lead > 0 && /^\p{Lu}/u.test(words[lead] as string)) {
    const ligatures = words.slice(0, lead);
    const rest = words.slice(lead).map((w) => w.toLowerCase());
    if (ligatures.some((w) => w.includes("_") || rest.includes(w)) || lead === 1) words = words.slice(lead);
  }
  // A label and its screen-reader twin: the same words twice in a row.
  const n = words.length;
  if (n % 2 === 0 && n > 0 && words.slice(0, n / 2).join(" ") === words.slice(n / 2).join(" "))
    words = words.slice(0, n / 2);
  return words.join(" ");
}

/** Words template authors leave in place of real copy. */
const PLACEHOLDER_WORDS = new Set(
  (
    "lorem ipsum dolor sit amet consectetur adipiscing adipisicing elit sed eiusmod tempor category project " +
    "name card title subtitle heading subheading example sample placeholder primary secondary success " +
    "warning danger info light dark text label item here some something another action link"
  ).split(" "),
);

/**
 * Template copy: lorem ipsum anywhere, or a label of two or more placeholder words and nothing else
 * ("Category Project Name", "Primary Card"). One such word alone is a real label ("Name", "Title").
 */
export function isPlaceholder(text: string): boolean {
  const t = text.toLowerCase();
  if (/\blorem\b|\bipsum\b|\bdolor sit\b|\bconsectetur\b/.test(t)) return true;
  const words = t.match(/\p{L}+/gu) ?? [];
  return words.length > 1 && words.every((w) => PLACEHOLDER_WORDS.has(w));
}

/** "Skip to main content" and its kin: for keyboards, never a place to show. */
export const isSkipLink = (name: string): boolean => /^\s*skip\b.*\b(content|main|navigation|nav)\b/i.test(name);

/** The name fit to say, or null when it is placeholder copy, a skip link or nothing at all. */
export function sayable(name: string | null | undefined): string | null {
  const t = spokenName(name ?? "");
  if (!/\p{L}/u.test(t) || isPlaceholder(t) || isSkipLink(t)) return null;
  return t;
}

/**
 * A short quote of the page (a tagline, a subheading): its first sentence when it has at most `max`
 * words and is no placeholder, else null. Body paragraphs are described, never read out.
 */
export function shortQuote(text: string | null | undefined, max = 12): string | null {
  const t = (text ?? "").replace(/\s+/g, " ").trim();
  if (!t || isPlaceholder(t)) return null;
  const first = t.split(/(?<=[.!?])\s+/u)[0] ?? "";
  const words = first.split(" ").filter(Boolean).length;
  return words > 0 && words <= max ? first : null;
}
