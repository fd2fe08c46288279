import type { CopyBlock } from "../../source/copy-types.js";
import { inlineText, isHiddenWithin, type TextOptions } from "../read/dom-text.js";

/**
 * The shared state of one page's copy-block pass: which elements a detector already turned into a block
 * (so a pricing card is not also a feature), and what was found, in document order later.
 */

type Body<T> = T extends unknown ? Omit<T, "id" | "page" | "order"> : never;
/** A copy block before it is numbered: what a detector returns. */
export type FoundBlock = Body<CopyBlock>;

export interface Found {
  /** The element the block was read from (null for JSON-LD), for document order. */
  el: Element | null;
  block: FoundBlock;
}

export interface CopyContext {
  readonly document: Document;
  /** The page's final URL: hrefs resolve against it. */
  readonly base: string;
  readonly root: Element;
  readonly claimed: Set<Element>;
  readonly found: Found[];
  /** The hero's subhead, once found: the site's tagline. */
  tagline?: string;
}

export const HEADINGS = "h1, h2, h3, h4, h5, h6";
export const SUB_HEADINGS = "h2, h3, h4, h5, h6";

export function add(ctx: CopyContext, el: Element | null, block: FoundBlock): void {
  ctx.found.push({ el, block });
  if (el) ctx.claimed.add(el);
}

/** The element or an ancestor already became a block. */
export function isClaimed(ctx: CopyContext, el: Element): boolean {
  for (let cur: Element | null = el; cur; cur = cur.parentElement) if (ctx.claimed.has(cur)) return true;
  return false;
}

/** Every element that holds a block somewhere inside it (so it cannot be a block of its own). */
export function holdersOf(ctx: CopyContext): Set<Element> {
  const holders = new Set<Element>();
  for (const c of ctx.claimed) for (let a = c.parentElement; a && !holders.has(a); a = a.parentElement) holders.add(a);
  return holders;
}

/** Inside the site's navigation or footer (a quotation's own footer excepted). */
export function inChrome(el: Element): boolean {
  for (let cur: Element | null = el; cur; cur = cur.parentElement) {
    const tag = cur.tagName.toUpperCase();
    const role = cur.getAttribute("role");
    if (tag === "NAV" || role === "navigation" || role === "contentinfo") return true;
    if (tag === "FOOTER" && cur.closest("blockquote, figure") === null) return true;
  }
  return false;
}

/** Readable copy: not hidden, not navigation or footer, not yet a block. */
export function usable(ctx: CopyContext, el: Element): boolean {
  return !isHiddenWithin(el) && !inChrome(el) && !isClaimed(ctx, el);
}

/** Elements matching `selector` under the root, in document order, that are {@link usable}. */
export function candidates(ctx: CopyContext, selector: string): Element[] {
  return [...ctx.root.querySelectorAll(selector)].filter((el) => usable(ctx, el));
}

/** The element's text without the given descendants (a card without its heading, a quote without its author). */
export function textWithout(el: Element, without: readonly Element[], opts: TextOptions = {}): string {
  return inlineText(el, { ...opts, exclude: (e) => without.includes(e) || (opts.exclude?.(e) ?? false) });
}

/** Strips the quotation marks a testimonial is often wrapped in. */
export function unquote(text: string): string {
  return text.replace(/^["“”„«»'‘’]+\s*/u, "").replace(/\s*["“”„«»'‘’]+$/u, "");
}
