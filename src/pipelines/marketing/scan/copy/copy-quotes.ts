import { countWords, shortText } from "../../source/text.js";
import { inlineText } from "../read/dom-text.js";
import {
  add,
  type CopyContext,
  candidates,
  HEADINGS,
  isClaimed,
  SUB_HEADINGS,
  textWithout,
  unquote,
  usable,
} from "./copy-context.js";
import { findQuotedCards } from "./copy-quoted-cards.js";

/** Testimonials (quotations with their author) and FAQ pairs. */

const AUTHOR_PARTS = "figcaption, footer, cite, [class*='author'], [class*='name']";
const QUOTE_CLASS = /(?:^|[\s_-])(?:testimonials?|reviews?|quotes?)(?:$|[\s_-])/i;

export function findTestimonials(ctx: CopyContext): void {
  for (const quote of candidates(ctx, "blockquote")) {
    const figure = quote.parentElement?.closest("figure");
    const container = figure && figure.querySelector("blockquote") === quote ? figure : quote;
    if (isClaimed(ctx, container)) continue;
    const parts = [...container.querySelectorAll(AUTHOR_PARTS)];
    const text = unquote(textWithout(quote, parts));
    if (countWords(text) < 3) continue;
    add(ctx, container, { kind: "testimonial", text, ...authorOf(parts[0] ?? null) });
  }
  // Cards marked as testimonials but written without a blockquote: the innermost such element that
  // has both a quotation and an author.
  const cards = candidates(ctx, "[class]").filter((el) => QUOTE_CLASS.test(el.getAttribute("class") ?? ""));
  for (const card of cards) {
    if (isClaimed(ctx, card) || card.querySelector("blockquote")) continue;
    if (cards.some((other) => other !== card && card.contains(other) && isCard(other))) continue;
    if (!isCard(card)) continue;
    const parts = [...card.querySelectorAll(AUTHOR_PARTS)];
    const text = unquote(textWithout(card, parts));
    add(ctx, card, { kind: "testimonial", text, ...authorOf(parts[0] ?? null) });
  }
  findQuotedCards(ctx);
}

function isCard(el: Element): boolean {
  const author = el.querySelector(AUTHOR_PARTS);
  if (!author) return false;
  const words = countWords(textWithout(el, [...el.querySelectorAll(AUTHOR_PARTS)]));
  return words >= 6 && words <= 300 && el.querySelectorAll(HEADINGS).length <= 1;
}

/**
 * "<cite>Dana R.</cite> CTO, Example Ltd", "— Dana R., CTO, Example Ltd" or separate name and role
 * elements: the person's name and, after it, their title.
 */
function authorOf(el: Element | null): { author: string | null; authorTitle: string | null } {
  if (!el) return { author: null, authorTitle: null };
  const nameEl = el.matches("cite") ? el : el.querySelector("cite, [class*='name'], strong, b");
  const roleEl = el.querySelector("[class*='title'], [class*='role'], [class*='position'], [class*='company']");
  let name: string;
  let title: string;
  if (nameEl && nameEl !== el) {
    name = inlineText(nameEl);
    title = roleEl && roleEl !== nameEl ? inlineText(roleEl) : textWithout(el, [nameEl]);
  } else {
    const full = inlineText(el).replace(/^[\s—–\-~·|]+/u, "");
    const split = full.match(/^(.*?)(?:\s*[,|·]\s*|\s+[—–-]\s+)(.*)$/u);
    name = split?.[1] ?? full;
    title = split?.[2] ?? "";
  }
  name = name.replace(/^[\s—–\-~]+/u, "").replace(/[\s,]+$/u, "");
  title = title.replace(/^[\s,—–\-|·]+/u, "");
  return {
    author: countWords(name) <= 8 ? shortText(name, 200) : null,
    authorTitle: shortText(title, 200),
  };
}

export function findFaqs(ctx: CopyContext): void {
  for (const details of candidates(ctx, "details")) {
    const summary = details.querySelector("summary");
    const title = summary ? shortText(inlineText(summary), 300) : null;
    const text = summary ? textWithout(details, [summary], { includeHidden: true }) : "";
    if (title && countWords(text) >= 2) add(ctx, details, { kind: "faq", title, text });
  }
  for (const dl of candidates(ctx, "dl")) {
    const pairs = definitionPairs(dl);
    const asked = pairs.filter(([dt]) => inlineText(dt).endsWith("?")).length;
    if (pairs.length === 0 || (asked < pairs.length && !isFaqSection(dl))) continue;
    for (const [dt, dd] of pairs) {
      const title = shortText(inlineText(dt), 300);
      const text = dd.map((d) => inlineText(d, { includeHidden: true })).join(" ");
      if (title && countWords(text) >= 2) add(ctx, dt, { kind: "faq", title, text });
      for (const d of dd) ctx.claimed.add(d);
    }
  }
  questionHeadings(ctx);
}

function definitionPairs(dl: Element): [Element, Element[]][] {
  const pairs: [Element, Element[]][] = [];
  for (const child of dl.querySelectorAll("dt, dd")) {
    if (child.closest("dl") !== dl) continue;
    if (child.tagName === "DT") pairs.push([child, []]);
    else pairs.at(-1)?.[1].push(child);
  }
  return pairs.filter(([, dd]) => dd.length > 0);
}

/**
 * Headings that ask a question, followed by their answer (the next siblings up to the next heading;
 * collapsed accordion panels included). Only in a section about questions, or when at least two such
 * headings sit side by side: a lone "Ready to start?" above a button is a call to action, not a FAQ.
 */
function questionHeadings(ctx: CopyContext): void {
  const questions = candidates(ctx, `${SUB_HEADINGS}, [class*='question']`).filter((el) => {
    const t = inlineText(el);
    return t.endsWith("?") && t.length <= 300 && !el.querySelector(HEADINGS);
  });
  const family = (el: Element) => el.parentElement?.parentElement ?? null;
  for (const q of questions) {
    if (!usable(ctx, q)) continue;
    const siblings = questions.filter(
      (o) => o !== q && (o.parentElement === q.parentElement || family(o) === family(q)),
    );
    if (siblings.length === 0 && !isFaqSection(q)) continue;
    const answer = answerAfter(q);
    const text = answer.map((a) => inlineText(a, { includeHidden: true })).join(" ");
    const title = shortText(inlineText(q), 300);
    if (!title || countWords(text) < 3) continue;
    add(ctx, q, { kind: "faq", title, text });
    for (const a of answer) ctx.claimed.add(a);
  }
}

function answerAfter(question: Element): Element[] {
  let anchor: Element = question;
  // A question wrapped alone (div.question > h3 > button) answers in the wrapper's next sibling.
  while (!anchor.nextElementSibling && anchor.parentElement && anchor.parentElement.childElementCount === 1) {
    anchor = anchor.parentElement;
  }
  const answer: Element[] = [];
  for (let next = anchor.nextElementSibling; next && answer.length < 3; next = next.nextElementSibling) {
    if (next.matches(HEADINGS) || next.querySelector(HEADINGS) || /\bquestion\b/i.test(next.className)) break;
    answer.push(next);
  }
  return answer;
}

/** Inside an element named or headed as a FAQ. */
function isFaqSection(el: Element): boolean {
  let depth = 0;
  for (let cur = el.parentElement; cur && cur.tagName !== "BODY" && depth < 6; cur = cur.parentElement, depth++) {
    if (/faq|question|accordion/i.test(`${cur.id} ${cur.getAttribute("class") ?? ""}`)) return true;
    const heading = cur.querySelector(HEADINGS);
    if (heading && heading !== el && /\bfaqs?\b|frequently asked|questions/i.test(inlineText(heading))) return true;
  }
  return false;
}
