import { countWords, shortText } from "../../source/text.js";
import { inlineText } from "../read/dom-text.js";
import { add, type CopyContext, candidates, HEADINGS, holdersOf, usable } from "./copy-context.js";

/**
 * A heading with its paragraphs ("About" and the two paragraphs under it, "Built with Bootstrap 5" and
 * its text): a block of the section's kind — a feature in a section about features, a step in one about
 * how it works, else a value proposition — titled by the heading. Runs after the card groups, so a card's
 * heading is its card's.
 */

const SUB_HEADINGS = "h2, h3, h4, h5, h6";
/** Paragraphs a heading takes at most; following siblings it looks through at most. */
const MAX_PARAGRAPHS = 4;
const MAX_SIBLINGS = 6;
const MIN_WORDS = 6;
const FEATURES = /feature|benefit|capabilit|\bwhy\b/i;
const STEPS = /how (?:it|this) works|\bsteps?\b|get(?:ting)? started/i;

export function findSectionCopy(ctx: CopyContext): void {
  const holders = holdersOf(ctx);
  for (const heading of candidates(ctx, SUB_HEADINGS)) {
    if (holders.has(heading)) continue;
    const title = shortText(inlineText(heading), 300);
    if (!title) continue;
    const paragraphs = paragraphsAfter(ctx, heading, holders);
    if (paragraphs.length === 0) continue;
    const text = paragraphs.map((p) => inlineText(p)).join(" ");
    add(ctx, heading, { kind: kindOf(heading, title, holders), title, text });
    for (const p of paragraphs) ctx.claimed.add(p);
  }
}

/**
 * The paragraphs after the heading up to the next heading: in its following siblings, or — when the
 * heading stands alone in its wrapper — in the wrapper's. Elements holding another block end the search.
 */
function paragraphsAfter(ctx: CopyContext, heading: Element, holders: Set<Element>): Element[] {
  let anchor: Element = heading;
  while (!anchor.nextElementSibling && anchor.parentElement && anchor.parentElement.childElementCount === 1)
    anchor = anchor.parentElement;
  const out: Element[] = [];
  let seen = 0;
  for (let next = anchor.nextElementSibling; next && seen < MAX_SIBLINGS; next = next.nextElementSibling, seen++) {
    if (next.matches(HEADINGS) || next.querySelector(HEADINGS) || holders.has(next) || !usable(ctx, next)) break;
    const paragraphs = next.matches("p") ? [next] : [...next.querySelectorAll("p")];
    for (const p of paragraphs) {
      if (out.length >= MAX_PARAGRAPHS) return out;
      if (!usable(ctx, p) || p.closest("a, button, form, address")) continue;
      if (countWords(inlineText(p)) >= MIN_WORDS) out.push(p);
    }
  }
  return out;
}

/** A section's own kind; the heading over a section's cards introduces them (a value proposition). */
function kindOf(heading: Element, title: string, holders: Set<Element>): "feature" | "step" | "value_proposition" {
  const section = heading.closest("section, [id]");
  if (section && holders.has(section)) return "value_proposition";
  const label = `${section?.id ?? ""} ${section?.getAttribute("class") ?? ""} ${title}`;
  if (STEPS.test(label)) return "step";
  return FEATURES.test(label) ? "feature" : "value_proposition";
}
