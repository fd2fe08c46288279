import { computeAccessibleName } from "dom-accessibility-api";

/**
 * What a person (or a screen reader) gets from an element, for the scripts that run inside a page:
 * its accessible name, whether it shows, and the text it shows. One copy, bundled into each page
 * script that imports it (page-script.ts), instead of a hand-written variant per script.
 */

/** Whitespace collapsed to single spaces, invisible characters (zero-width, soft hyphen) dropped, trimmed. */
export function cleanText(s: string | null | undefined): string {
  return (s ?? "")
    .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Icon fonts (Material Icons and Symbols, Font Awesome's <i>) draw a ligature word ("receipt_long",
 * "dashboard") as a picture: a viewer sees a glyph, never the word, and screen readers would read it
 * only because the template forgot aria-hidden.
 */
const ICON_FONT = 'i, .material-icons, [class*="material-icons"], [class*="material-symbols"]';
/** What an icon font's ligature looks like: one lower-case word, maybe with underscores or digits. */
const LIGATURE = /^[a-z][a-z0-9_]*$/;

/** The element is an icon drawn by a font from its text (a ligature), not words a viewer reads. */
export function isIconGlyph(el: Element): boolean {
  return el.matches(ICON_FONT) && LIGATURE.test(cleanText(el.textContent));
}

/**
 * The element's accessible name (WAI-ARIA accname: aria-labelledby, aria-label, labels, alt, title, text;
 * a text field's placeholder last, as Chromium names it), without the ligature words of icon-font glyphs
 * inside it ("receipt_long Billing" is "Billing").
 */
export function accessibleName(el: Element): string {
  let name: string;
  try {
    name = cleanText(computeAccessibleName(el));
  } catch {
    return ""; // a node the algorithm cannot walk (detached mid-call): no name
  }
  // dom-accessibility-api stops at the title; Chromium goes on to the placeholder.
  if (!name && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement))
    return cleanText(el.getAttribute("placeholder"));
  if (el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby")) return name;
  const glyphs = [...el.querySelectorAll(ICON_FONT)].slice(0, 8).filter(isIconGlyph);
  for (const glyph of glyphs) {
    const word = cleanText(glyph.textContent);
    // Inline boxes join without a space: "receipt_longBilling".
    if (name.startsWith(word)) name = name.slice(word.length).trim();
    else if (name.endsWith(word)) name = name.slice(0, -word.length).trim();
  }
  return name;
}

/**
 * Hidden from sight but kept for screen readers: the "sr-only" / "visually-hidden" pattern (absolutely
 * placed, clipped to nothing) or a box of at most a pixel that hides what overflows it.
 */
function visuallyHidden(el: Element, style: CSSStyleDeclaration): boolean {
  const placed = style.position === "absolute" || style.position === "fixed";
  if (placed && /rect\(\s*0(px)?[,\s]+0(px)?[,\s]+0(px)?[,\s]+0(px)?\s*\)/.test(style.clip)) return true;
  if (placed && /inset\(\s*(50|100)%/.test(style.clipPath)) return true;
  const box = el.getBoundingClientRect();
  const clips = /hidden|clip/.test(style.overflow);
  return clips && box.width <= 1 && box.height <= 1;
}

/** Rendered (has a box, not display:none below anything, not transparent) regardless of visibility. */
function rendered(el: Element): boolean {
  return el.checkVisibility({ opacityProperty: true });
}

/**
 * The element shows: it has a box, is not hidden by visibility or opacity (its own or an ancestor's),
 * and neither it nor an ancestor is visually hidden (sr-only).
 */
export function isVisible(el: Element): boolean {
  if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
  let depth = 0;
  for (let at: Element | null = el; at && depth < 64; at = at.parentElement, depth++) {
    if (visuallyHidden(at, getComputedStyle(at))) return false;
  }
  return true;
}

const SKIPPED = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "TITLE", "HEAD"]);

/** The children that render in the element's place: its shadow root's, a slot's assigned nodes. */
function renderedChildren(node: Node): readonly Node[] {
  if (node instanceof HTMLSlotElement) {
    const assigned = node.assignedNodes({ flatten: true });
    if (assigned.length > 0) return assigned;
  }
  if (node instanceof Element && node.shadowRoot) return [...node.shadowRoot.childNodes];
  return [...node.childNodes];
}

export interface VisibleTextOptions {
  /** Stop after this many characters (default 20 000). */
  maxChars?: number;
  /** Stop after visiting this many nodes (default 20 000): a page may be arbitrarily large. */
  maxNodes?: number;
}

/**
 * The text the element shows, as one line: what renders, without script or style contents, without
 * aria-hidden subtrees (icons, decorative twins), without icon-font ligatures ("receipt_long") and without
 * visually hidden (sr-only) text, with a
 * space wherever a block, a line break or a table cell separates words. Bounded in nodes and characters.
 */
export function visibleText(root: Element, options: VisibleTextOptions = {}): string {
  const maxChars = options.maxChars ?? 20_000;
  let nodesLeft = options.maxNodes ?? 20_000;
  const parts: string[] = [];
  let chars = 0;
  // An explicit stack, not recursion: a page may nest elements deeper than the call stack goes.
  const stack: (Node | " ")[] = [root];
  while (stack.length > 0 && chars < maxChars && nodesLeft-- > 0) {
    const node = stack.pop();
    if (node === undefined) break;
    if (node === " ") {
      parts.push(" ");
      continue;
    }
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement;
      if (parent && getComputedStyle(parent).visibility === "visible") {
        const text = node.textContent ?? "";
        parts.push(text);
        chars += text.length;
      }
      continue;
    }
    if (!(node instanceof Element)) continue;
    if (SKIPPED.has(node.tagName) || node.getAttribute("aria-hidden") === "true" || isIconGlyph(node)) continue;
    if (node.tagName === "BR") {
      parts.push(" ");
      continue;
    }
    const style = getComputedStyle(node);
    // display:contents has no box of its own, but its children render.
    if (style.display !== "contents" && (!rendered(node) || visuallyHidden(node, style))) continue;
    // Only inline boxes let words run on across them; blocks, cells and inline-blocks separate words.
    const block = style.display !== "inline" && style.display !== "contents";
    if (block) stack.push(" ");
    const children = renderedChildren(node);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push(child);
    }
    if (block) stack.push(" ");
  }
  return cleanText(parts.join("")).slice(0, maxChars);
}
