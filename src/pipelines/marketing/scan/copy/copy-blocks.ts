import { BLOCK_TEXT_CAP, type CopyBlock, MAX_BLOCKS } from "../../source/copy-types.js";
import { cutAtSentence, normaliseSpace } from "../../source/text.js";
import type { ScanDocument } from "../read/html-document.js";
import { type JsonLdFaq, readJsonLd } from "../read/json-ld.js";
import { findCardGroups, findOrderedSteps, findPricing } from "./copy-cards.js";
import { add, type CopyContext, type Found } from "./copy-context.js";
import { findCallsToAction, findClaimLines, findHero } from "./copy-hero.js";
import { findFaqs, findTestimonials } from "./copy-quotes.js";
import { findSectionCopy } from "./copy-sections.js";
import { isPlaceholderBlock } from "./placeholder.js";

export type { CopyBlock } from "../../source/copy-types.js";

/**
 * A page's copy cut into the blocks a marketing video is written from (decision 0025). The shapes are
 * exactly the manifest's (manifest.ts `CopyBlockSchema`, types in copy-types.ts), so the orchestrator can
 * store them as they are.
 *
 * Detectors run in an order that lets the specific win over the generic: testimonials, pricing cards,
 * FAQ pairs, ordered steps, the hero, repeated card groups, headings with their paragraphs, then lines
 * stating a claim, then calls to action. An element that became a block is not read again by a later detector.
 */
export interface CopyBlocksResult {
  blocks: CopyBlock[];
  /** Some block's text was cut at 1,000 characters (warning `copy_truncated`). */
  truncated: boolean;
  /** Blocks left out as template filler (lorem ipsum, "Project Name"): warning `placeholder_copy`. */
  placeholders: number;
  /** The hero's subhead (the site's tagline), when the page has one. */
  tagline: string | null;
}

export interface CopyBlockOptions {
  /** The page's index in the scan (default 0). */
  page?: number;
  /** FAQ entries from the page's JSON-LD, when metadata was already read (else read here). */
  jsonLdFaqs?: readonly JsonLdFaq[];
}

export function extractCopyBlocks(doc: ScanDocument, options: CopyBlockOptions = {}): CopyBlocksResult {
  const root = doc.document.body;
  if (!root) return { blocks: [], truncated: false, placeholders: 0, tagline: null };
  const ctx: CopyContext = { document: doc.document, base: doc.url, root, claimed: new Set(), found: [] };
  findTestimonials(ctx);
  findPricing(ctx);
  findFaqs(ctx);
  const jsonLdFaqs = options.jsonLdFaqs ?? readJsonLd(doc.document, doc.url).faqs;
  for (const faq of jsonLdFaqs) add(ctx, null, { kind: "faq", title: faq.question, text: faq.answer });
  findOrderedSteps(ctx);
  findHero(ctx);
  findCardGroups(ctx);
  findSectionCopy(ctx);
  findClaimLines(ctx);
  findCallsToAction(ctx);
  return { ...finish(ctx.found, documentOrder(root), options.page ?? 0), tagline: ctx.tagline ?? null };
}

/**
 * Each element's position in document order. jsdom's compareDocumentPosition walks the tree on every
 * call, which made sorting a card-heavy page's blocks take minutes; one indexing pass makes it linear.
 */
function documentOrder(root: Element): Map<Element, number> {
  const order = new Map<Element, number>();
  let i = 0;
  for (const el of root.querySelectorAll("*")) order.set(el, i++);
  return order;
}

function finish(found: Found[], order: Map<Element, number>, page: number): Omit<CopyBlocksResult, "tagline"> {
  // Blocks from elements in document order; JSON-LD entries (no element) after them, in their own order.
  const position = (f: Found) => (f.el ? (order.get(f.el) ?? -1) : Number.MAX_SAFE_INTEGER);
  const sorted = [...found].sort((a, b) => position(a) - position(b));
  const seen = new Set<string>();
  const blocks: CopyBlock[] = [];
  let truncated = false;
  let placeholders = 0;
  for (const { block } of sorted) {
    if (blocks.length >= MAX_BLOCKS) break;
    if (isPlaceholderBlock(block)) {
      placeholders++;
      continue;
    }
    const capped = capText(block);
    truncated ||= capped.truncated;
    const key = keyOf(capped.block);
    if (seen.has(key)) continue;
    seen.add(key);
    blocks.push({ ...capped.block, id: `copy-${blocks.length + 1}`, page, order: blocks.length } as CopyBlock);
  }
  return { blocks, truncated, placeholders };
}

function capText<T extends Found["block"]>(block: T): { block: T; truncated: boolean } {
  if (!("text" in block)) return { block, truncated: false };
  const { text, truncated } = cutAtSentence(normaliseSpace(block.text), BLOCK_TEXT_CAP);
  return { block: { ...block, text }, truncated };
}

/** Two blocks are the same when kind and words match (case aside); a call to action by its text alone. */
function keyOf(block: Found["block"] | CopyBlock): string {
  const lower = (s: string | null | undefined) => (s ?? "").toLowerCase();
  switch (block.kind) {
    case "pricing":
      return `pricing|${lower(block.title)}|${block.price}|${block.period}|${block.items.join("|").toLowerCase()}`;
    case "faq":
      return `faq|${lower(block.title)}`;
    case "call_to_action":
      return `call_to_action|${lower(block.text)}`;
    case "testimonial":
      return `testimonial|${lower(block.text)}`;
    default:
      return `${block.kind}|${lower(block.title)}|${lower(block.text)}`;
  }
}

/**
 * The blocks of several pages as one version's list: in page order, repeats across pages dropped (the
 * header's "Start free trial" on every page), ids renumbered `copy-1…`, at most {@link MAX_BLOCKS}.
 * Claims must be extracted from the merged list, so their `copyId`s point at the final ids.
 */
export function mergeCopyBlocks(pages: readonly (readonly CopyBlock[])[]): { blocks: CopyBlock[]; dropped: number } {
  const seen = new Set<string>();
  const blocks: CopyBlock[] = [];
  let dropped = 0;
  for (const block of pages.flat()) {
    const key = keyOf(block);
    if (seen.has(key)) continue;
    seen.add(key);
    if (blocks.length >= MAX_BLOCKS) {
      dropped++;
      continue;
    }
    blocks.push({ ...block, id: `copy-${blocks.length + 1}` });
  }
  return { blocks, dropped };
}
