import { countWords, shortText } from "../../source/text.js";
import { inlineText } from "../read/dom-text.js";
import { add, type CopyContext, candidates, HEADINGS, isClaimed, textWithout, unquote } from "./copy-context.js";

/**
 * Testimonials written as plain cards: a quotation (text wrapped in quotation marks, or a `q`) and, in
 * the same small card, a short name (a heading, bold text, a `cite` or an element named for it). Themes
 * write them this way far more often than with `blockquote`; without this they read as feature cards
 * titled with a person's name.
 */

const QUOTED = /^["“„«‘'].*["”»’']$/su;
const NAME_PARTS = `${HEADINGS}, strong, b, cite, [class*='name'], [class*='author']`;
const ROLE_PARTS = "[class*='title'], [class*='role'], [class*='position'], [class*='company'], small";
/** Ancestors of the quotation searched for its card. */
const MAX_CLIMB = 3;

const isQuotation = (el: Element) => {
  const text = inlineText(el);
  return (el.tagName === "Q" || QUOTED.test(text)) && countWords(text) >= 3 && text.length <= 1200;
};

/** A person's name: one to five words, most of them capitalised, no sentence punctuation inside. */
function nameLike(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 5 || /[!?]/.test(text)) return false;
  return words.filter((w) => /^\p{Lu}/u.test(w)).length * 2 >= words.length;
}

export function findQuotedCards(ctx: CopyContext): void {
  const quotes = candidates(ctx, "p, q, div, span").filter(
    (el) => el.childElementCount <= 2 && !el.querySelector("p, div") && isQuotation(el),
  );
  for (const quote of quotes) {
    if (isClaimed(ctx, quote)) continue;
    let card: Element | null = null;
    let name: Element | null = null;
    for (let cur = quote.parentElement, depth = 0; cur && depth < MAX_CLIMB; cur = cur.parentElement, depth++) {
      // A card holds one quotation: past that, this is the testimonials' row, not one card.
      if (quotes.some((q) => q !== quote && cur.contains(q))) break;
      name = [...cur.querySelectorAll(NAME_PARTS)].find((n) => !n.contains(quote) && nameLike(inlineText(n))) ?? null;
      if (name) {
        card = cur;
        break;
      }
    }
    if (!card || !name || isClaimed(ctx, card)) continue;
    const role = [...card.querySelectorAll(ROLE_PARTS)].find(
      (r) => r !== name && !r.contains(quote) && !r.contains(name),
    );
    add(ctx, card, {
      kind: "testimonial",
      text: unquote(inlineText(quote)),
      author: shortText(inlineText(name), 200),
      authorTitle: role ? shortText(textWithout(role, [name]), 200) : null,
    });
  }
}
