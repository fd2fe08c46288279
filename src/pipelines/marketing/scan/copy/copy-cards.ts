import { countWords, shortText } from "../../source/text.js";
import { childElements, inlineText } from "../read/dom-text.js";
import { add, type CopyContext, candidates, holdersOf, textWithout, usable } from "./copy-context.js";
import { findPrices } from "./price.js";

/** Pricing cards, ordered steps, and repeated card groups (features, or steps when numbered). */

const TITLES = "h2, h3, h4, h5, h6";
const NAMED_TITLE = "[class*='title'], [class*='name'], [class*='tier'], [class*='plan']";
const ACTIONS = "button, [role='button'], a[class*='btn'], a[class*='button']";
/** A pricing page has a handful of prices; past this a page is a catalogue or hostile. */
const MAX_PRICES = 100;
const STEP_SECTION = /how (?:it|this) works|\bsteps?\b|get(?:ting)? started|in \w+ (?:easy |simple )?steps/i;

export function findPricing(ctx: CopyContext): void {
  const priceEls = [...ctx.root.querySelectorAll("*")]
    .filter((el) => {
      const t = el.textContent ?? "";
      if (t.length > 200 || findPrices(t).length === 0) return false;
      return !childElements(el).some((c) => findPrices(c.textContent ?? "").length > 0);
    })
    .slice(0, MAX_PRICES);
  const cards = new Map<Element, Element>();
  for (const p of priceEls) {
    if (!usable(ctx, p)) continue;
    const card = cardOf(p, priceEls, ctx.root);
    if (!cards.has(card)) cards.set(card, p);
  }
  const currencies = new Set<string>();
  for (const [card, priceEl] of cards) {
    const price = findPrices(inlineText(priceEl))[0];
    if (!price) continue;
    if (price.currency) currencies.add(price.currency);
    addCard(ctx, card, price.amount, price.currency, price.period ?? periodIn(inlineText(card)));
  }
  // Tiers priced in words ("Free", "Custom") beside priced cards of the same shape.
  for (const card of cards.keys()) {
    for (const sibling of card.parentElement ? childElements(card.parentElement) : []) {
      if (cards.has(sibling) || sibling.tagName !== card.tagName || !usable(ctx, sibling)) continue;
      if (!sibling.querySelector(TITLES) || !sibling.querySelector("li")) continue;
      const free = /\bfree\b/i.test(inlineText(sibling));
      const currency = free && currencies.size === 1 ? ([...currencies][0] ?? null) : null;
      addCard(ctx, sibling, free ? "0" : null, currency, null);
    }
  }
}

/**
 * The card around a price: climb while the parent holds no other card's price. A second price in a
 * branch without a heading (a monthly/yearly pair) is the same card; one beside a heading is the next
 * card, so the climb stops. It also stops below the page heading and the page's big sections.
 */
function cardOf(price: Element, all: readonly Element[], root: Element): Element {
  let cur = price;
  for (let depth = 0; depth < 10; depth++) {
    const parent = cur.parentElement;
    if (!parent || parent === root || parent.querySelector("h1") || (parent.textContent ?? "").length > 3000) break;
    const others = all.filter((o) => o !== cur && !cur.contains(o) && parent.contains(o));
    const branchOf = (o: Element) => childElements(parent).find((c) => c.contains(o));
    if (others.some((o) => branchOf(o)?.querySelector(TITLES) || branchOf(o)?.matches(TITLES))) break;
    cur = parent;
  }
  return cur;
}

function addCard(
  ctx: CopyContext,
  card: Element,
  price: string | null,
  currency: string | null,
  period: string | null,
) {
  const heading = card.querySelector(TITLES) ?? [...card.querySelectorAll(NAMED_TITLE)].find((e) => isShort(e, 4));
  const items = [...card.querySelectorAll("li")]
    .filter((li) => usable(ctx, li))
    .map((li) => shortText(inlineText(li), 300))
    .filter((t): t is string => t !== null)
    .slice(0, 30);
  const title = heading ? shortText(inlineText(heading), 300) : null;
  if (title === null && items.length === 0) return;
  add(ctx, card, { kind: "pricing", title, price, currency, period, items });
}

function periodIn(text: string): string | null {
  if (/(?:\/|\bper\b|\ba\b)\s*(?:user\s*)?(?:mo|month)\b|\bmonthly\b/i.test(text)) return "month";
  if (/(?:\/|\bper\b|\ba\b)\s*(?:user\s*)?(?:yr|year)\b|\b(?:annually|yearly)\b/i.test(text)) return "year";
  return null;
}

const isShort = (el: Element, words: number) => {
  const n = countWords(inlineText(el));
  return n > 0 && n <= words;
};

/** Ordered lists of substantial items: each item a step (breadcrumbs and link lists are not). */
export function findOrderedSteps(ctx: CopyContext): void {
  for (const ol of candidates(ctx, "ol")) {
    if (/breadcrumb/i.test(`${ol.getAttribute("class") ?? ""} ${ol.getAttribute("aria-label") ?? ""}`)) continue;
    const items = childElements(ol).filter((li) => li.tagName === "LI" && usable(ctx, li));
    const real = items.filter((li) => countWords(inlineText(li)) >= 3 && !isOnlyLink(li));
    if (real.length < 2) continue;
    for (const li of real) add(ctx, li, { kind: "step", ...titled(li) });
    ctx.claimed.add(ol);
  }
}

const isOnlyLink = (li: Element) => {
  const a = li.querySelector("a");
  return a !== null && inlineText(a) === inlineText(li);
};

/**
 * Siblings of the same shape that each carry a title and some text: a feature grid (or steps when
 * numbered or under a "how it works" heading). Members with more than two headings or long text are
 * sections, not cards.
 */
/** A version keeps 300 blocks; reading a million-card page to the end would only be thrown away. */
const MAX_CARDS = 300;
const CARD_CONTAINERS_NOT = new Set(["SECTION", "MAIN", "HEADER", "FOOTER", "NAV", "ASIDE", "FORM", "TABLE"]);

export function findCardGroups(ctx: CopyContext): void {
  // Elements holding an earlier block cannot be cards. Ancestors come first in document order, so
  // blocks this pass adds only lie inside elements already visited: the set need not grow.
  const holders = holdersOf(ctx);
  let cardCount = 0;
  for (const parent of candidates(ctx, "*")) {
    if (cardCount >= MAX_CARDS) break;
    if (parent.childElementCount < 2 || !usable(ctx, parent)) continue;
    const buckets = new Map<string, Element[]>();
    // A grid longer than a version keeps is read only as far as it could be kept.
    for (const child of childElements(parent).slice(0, MAX_CARDS + 1)) {
      const shape = holders.has(child) ? null : shapeOf(ctx, child);
      if (!shape) continue;
      const bucket = buckets.get(shape);
      if (bucket) bucket.push(child);
      else buckets.set(shape, [child]);
    }
    for (const [shape, members] of buckets) {
      // Cards of a title and a word or two (a portfolio's "Threads / Illustration", a team's names and
      // roles) are a group only when there are three or more of them.
      if (members.length < (shape.endsWith(":short") ? 3 : 2)) continue;
      const kind = isStepGroup(parent, members) || isTimeline(members) ? "step" : "feature";
      for (const m of members.slice(0, Math.max(0, MAX_CARDS - cardCount))) add(ctx, m, { kind, ...titled(m) });
      cardCount += members.length;
    }
  }
}

function shapeOf(ctx: CopyContext, el: Element): string | null {
  // Page sections (and tables) repeat in shape too, but are not cards. Cheapest tests first: this runs
  // for nearly every element of the page.
  if (CARD_CONTAINERS_NOT.has(el.tagName) || (el.textContent ?? "").length > 1200 || !usable(ctx, el)) return null;
  const inside = el.getElementsByTagName("*");
  let headings = 0;
  for (let i = 0; i < inside.length; i++) {
    const tag = inside.item(i)?.tagName ?? "";
    if (tag === "H1" || tag === "TABLE") return null;
    if (/^H[2-6]$/.test(tag) && ++headings > 2) return null;
  }
  const title = titleOf(el);
  if (!title || isContactCard(el, title)) return null;
  const words = countWords(textWithout(el, [title, ...el.querySelectorAll(ACTIONS)]));
  if (words < 1) return null;
  return `${el.tagName}:${title.tagName}${words < 3 ? ":short" : ""}`;
}

const CONTACT_TITLE =
  /^(?:address|location|phone|telephone|tel|mobile|call(?: us)?|e-?mail(?: us)?|mail|fax|hours|opening hours|contact(?: us)?|visit us|find us)$/i;
const EMAIL = /[\w.+-]+@[\w-]+\.\w/;
const PHONE = /^\+?[\d\s().-]{7,}$/;
const STREET =
  /\b\d{1,6}\s+(?:\p{Lu}[\p{L}.]*\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way)\b/u;

/** Contact details (an address, a phone number, an email): contact, not a feature. */
function isContactCard(el: Element, title: Element): boolean {
  if (CONTACT_TITLE.test(inlineText(title).replace(/[:.]$/, ""))) return true;
  const body = textWithout(el, [title]);
  return EMAIL.test(body) || PHONE.test(body) || STREET.test(body);
}

/** Dated entries (a company's history): most titles are a year, a range of years or a month and year. */
const DATE =
  /^(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+)?(?:19|20)\d{2}(?:\s*[-–—]\s*(?:(?:19|20)\d{2}|present|now|today))?$/i;
function isTimeline(members: readonly Element[]): boolean {
  const dated = members.filter((m) => {
    const title = titleOf(m);
    return title !== null && DATE.test(inlineText(title));
  });
  return dated.length * 2 > members.length;
}

function titleOf(el: Element): Element | null {
  const heading = el.querySelector(TITLES);
  if (heading) return heading;
  const named = el.querySelector("[class*='title'], [class*='heading']");
  if (named && isShort(named, 10)) return named;
  const lead = el.firstElementChild;
  return lead && /^(STRONG|B)$/.test(lead.tagName) && isShort(lead, 10) ? lead : null;
}

/** A card's heading as `title` and the rest as `text`; a figure as title ("40%") reads as one line. */
function titled(el: Element): { title?: string; text: string } {
  const title = titleOf(el);
  const actions = [...el.querySelectorAll(ACTIONS)];
  if (!title || /^[\d\s.,%×x+$€£]+$/u.test(inlineText(title))) return { text: textWithout(el, actions) };
  const text = textWithout(el, [title, ...actions]);
  const heading = shortText(inlineText(title), 300);
  if (!text) return { text: heading ?? "" };
  return heading ? { title: heading, text } : { text };
}

function isStepGroup(parent: Element, members: readonly Element[]): boolean {
  if (parent.tagName === "OL") return true;
  // "1 Import your plan", "02. Invite", "Step 3": a figure that counts, not one that boasts ("40% faster").
  const numbered = members.filter((m) => /^(?:step\s*\d{1,2}\b|0?\d{1,2}(?:[.):]\s*|\s+)\p{L})/iu.test(inlineText(m)));
  if (numbered.length * 2 >= members.length) return true;
  const section = parent.closest("section") ?? parent.parentElement;
  const heading = section?.querySelector("h2, h3");
  return !!heading && !parent.contains(heading) && STEP_SECTION.test(inlineText(heading));
}
