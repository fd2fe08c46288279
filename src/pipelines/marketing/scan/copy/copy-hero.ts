import { AUTH_WORDS } from "../../../browsing/auth-link.js";
import { countWords, httpUrl } from "../../source/text.js";
import { inlineText, isHiddenWithin } from "../read/dom-text.js";
import { RENDER_MARK } from "../visit/render-marks-types.js";
import { hasClaim } from "./claims.js";
import { add, type CopyContext, candidates, HEADINGS, holdersOf, textWithout, usable } from "./copy-context.js";

/** The hero (headline and value proposition), lines that state a claim, and calls to action. */

const LEAD = "p, h2, h3, [class*='lead'], [class*='sub'], [class*='tagline'], [class*='description']";
const ACTIONS = "button, [role='button'], a[class*='btn'], a[class*='button'], a[class*='cta']";
const CTA = `${ACTIONS}, input[type='submit']`;
const LINES = "p, li, dd, label, figcaption, h2, h3, h4, h5, h6, div";
const MAX_CLAIM_LINES = 40;
const MAX_CTAS = 20;
/** Controls that work the page rather than invite the visitor somewhere. */
const UTILITY = new RegExp(
  "^(?:menu|open menu|close|toggle.*|×|x|✕|next|previous|prev|back|search|submit|accept.*|reject.*|dismiss|ok|" +
    "got it|play|pause|skip.*|show (?:more|less)|load more|see more|read more|copy|share|english|language|" +
    `${AUTH_WORDS})$`,
  "i",
);

/**
 * The hero as the browser showed it: the first screen's most prominent text and the subhead beside it,
 * marked before the page was serialised (page/render-marks.page.ts). A page read without the marks
 * (a browser that would not answer in time) falls back to its first heading.
 */
export function findHero(ctx: CopyContext): void {
  const marked = candidates(ctx, `[${RENDER_MARK}='headline']`)[0];
  if (marked && countWords(inlineText(marked)) > 0) {
    add(ctx, marked, { kind: "headline", text: inlineText(marked) });
    const tagline = candidates(ctx, `[${RENDER_MARK}='tagline']`)[0];
    if (tagline) {
      ctx.tagline = inlineText(tagline);
      add(ctx, tagline, { kind: "value_proposition", text: ctx.tagline });
    }
    return;
  }
  const h1 = candidates(ctx, "h1")[0] ?? candidates(ctx, HEADINGS)[0];
  if (!h1) return;
  const headline = inlineText(h1);
  if (countWords(headline) === 0) return;
  add(ctx, h1, { kind: "headline", text: headline });
  const container =
    h1.closest("section, header, [class*='hero']") ?? h1.parentElement?.parentElement ?? h1.parentElement;
  if (!container) return;
  const lead = leadAfter(ctx, h1, container);
  if (lead) {
    ctx.tagline = inlineText(lead);
    add(ctx, lead, { kind: "value_proposition", text: ctx.tagline });
  }
}

/**
 * The hero's lead: the first substantial paragraph (or sub-heading right under the headline) after the
 * headline and before the next section heading — past that heading, text belongs to another section.
 */
function leadAfter(ctx: CopyContext, h1: Element, container: Element): Element | null {
  for (const el of container.querySelectorAll(`${LEAD}, ${HEADINGS}`)) {
    if (!(h1.compareDocumentPosition(el) & 4) /* FOLLOWING */ || el.contains(h1) || h1.contains(el)) continue;
    const text = inlineText(el);
    const substantial = countWords(text) >= 6 && text.length <= 600 && !el.closest("a, button") && usable(ctx, el);
    if (el.matches(HEADINGS)) return substantial && h1.nextElementSibling === el ? el : null;
    if (substantial) return el;
  }
  return null;
}

/**
 * The smallest block-level element outside every other block whose text states a claim (a stat, the
 * "no credit card required" under the hero, "Trusted by 2,400 teams"): kept as `value_proposition`, so
 * the claims index, which reads blocks only, sees it.
 */
export function findClaimLines(ctx: CopyContext): void {
  const holders = holdersOf(ctx);
  // Deepest first (reverse document order), so the smallest element stating a claim wins and its
  // ancestors, marked as holders, are not read again.
  const lines = candidates(ctx, LINES).reverse();
  let added = 0;
  for (const el of lines) {
    if (added >= MAX_CLAIM_LINES) break;
    if (holders.has(el) || (el.textContent ?? "").length > 2000 || el.closest("a, button, table, address")) continue;
    if (el.querySelector("table")) continue; // a comparison table is data, not a line of copy
    const text = lineText(el);
    const words = countWords(text);
    // Contact details carry figures (postcodes, phone numbers) that are not claims.
    if (words < 2 || words > 80 || /[\w.+-]+@[\w-]+\.\w/.test(text) || !hasClaim(text)) continue;
    add(ctx, el, { kind: "value_proposition", text });
    for (let a = el.parentElement; a && !holders.has(a); a = a.parentElement) holders.add(a);
    added++;
  }
}

const lineText = (el: Element) => textWithout(el, [...el.querySelectorAll(ACTIONS)]);

/** Buttons and button-styled links, outside the footer, each text once (its first address kept). */
export function findCallsToAction(ctx: CopyContext): void {
  const seen = new Set<string>();
  for (const el of ctx.root.querySelectorAll(CTA)) {
    if (seen.size >= MAX_CTAS) break;
    if (isHiddenWithin(el) || inFooter(el) || el.closest("details, summary")) continue;
    // Disclosure and menu toggles work the page; a button inside a button-styled link is that link.
    if (el.hasAttribute("aria-expanded") || el.hasAttribute("aria-haspopup") || el.parentElement?.closest(CTA))
      continue;
    const text = el.tagName === "INPUT" ? (el.getAttribute("value") ?? "").trim() : inlineText(el);
    const key = text.toLowerCase();
    if (text.length < 2 || text.length > 60 || countWords(text) > 8 || UTILITY.test(text) || seen.has(key)) continue;
    seen.add(key);
    add(ctx, el, { kind: "call_to_action", text, href: hrefOf(el, ctx.base) });
  }
}

function inFooter(el: Element): boolean {
  if (el.closest("[role='contentinfo']")) return true;
  const footer = el.closest("footer");
  return footer !== null && footer.closest("blockquote, figure") === null;
}

function hrefOf(el: Element, base: string): string | null {
  const link = el.closest("a[href]");
  const raw = link?.getAttribute("href")?.trim() ?? "";
  if (raw === "" || raw === "#") return null;
  return httpUrl(raw, base);
}
