import { normaliseSpace } from "../../source/text.js";
import { RENDER_MARK } from "../visit/render-marks-types.js";

/**
 * Reading text out of a parsed page (jsdom, no layout): what a visitor could not have seen is skipped —
 * script-ish elements, the `hidden` attribute, `aria-hidden`, inline `display:none`, and cookie/consent
 * banners — and block elements become line breaks, so "Pricing</h2><p>Simple" does not read "PricingSimple".
 */

const SKIP_TAGS = new Set([
  "SCRIPT",
  "STYLE",
  "NOSCRIPT",
  "TEMPLATE",
  "SVG",
  "CANVAS",
  "IFRAME",
  "OBJECT",
  "HEAD",
  "SELECT",
  "TEXTAREA",
  "DIALOG",
]);

const BLOCK_TAGS = new Set([
  "ADDRESS",
  "ARTICLE",
  "ASIDE",
  "BLOCKQUOTE",
  "BR",
  "DD",
  "DETAILS",
  "DIV",
  "DL",
  "DT",
  "FIELDSET",
  "FIGCAPTION",
  "FIGURE",
  "FOOTER",
  "FORM",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "HEADER",
  "HGROUP",
  "HR",
  "LI",
  "MAIN",
  "NAV",
  "OL",
  "P",
  "PRE",
  "SECTION",
  "SUMMARY",
  "TABLE",
  "TD",
  "TH",
  "TR",
  "UL",
]);

const SEPARATE_TAGS = new Set(["BUTTON", "INPUT", "IMG", "TD", "TH", "LABEL"]);

const CONSENT = /cookie|consent|gdpr|onetrust|cookiebot|didomi|usercentrics/i;

/** Whether an element is kept out of the page's text (see the module comment). */
export function isSkipped(el: Element): boolean {
  if (SKIP_TAGS.has(el.tagName.toUpperCase())) return true;
  if (el.hasAttribute("hidden") || el.getAttribute("aria-hidden") === "true") return true;
  // Not shown in the browser (page/render-marks.page.ts): a validation message, screen-reader text.
  if (el.getAttribute(RENDER_MARK) === "hidden") return true;
  const style = el.getAttribute("style");
  if (style && /(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style)) return true;
  const label = `${el.id} ${el.getAttribute("class") ?? ""}`;
  return label.length > 1 && CONSENT.test(label);
}

/** Whether the element or one of its ancestors (up to `root`) is skipped. */
export function isHiddenWithin(el: Element, root: Element | null = null): boolean {
  for (let cur: Element | null = el; cur && cur !== root; cur = cur.parentElement) {
    if (isSkipped(cur)) return true;
  }
  return false;
}

export interface TextOptions {
  /** Stop collecting after this many characters (the result is then at most that long). */
  maxChars?: number;
  /** Further elements to leave out (e.g. nav and footer for the main copy). */
  exclude?: (el: Element) => boolean;
  /** Read elements with the `hidden` attribute too (collapsed FAQ answers are still the answer). */
  includeHidden?: boolean;
}

/** The element's text as lines: one per block element, whitespace collapsed within each line. */
export function blockText(root: Element, opts: TextOptions = {}): { text: string; truncated: boolean } {
  const max = opts.maxChars ?? Number.POSITIVE_INFINITY;
  const lines: string[] = [];
  let current = "";
  let total = 0;
  let truncated = false;
  const flush = () => {
    const line = normaliseSpace(current);
    current = "";
    if (line === "" || truncated) return;
    const room = max - total;
    if (line.length > room) {
      truncated = true;
      if (room > 0) lines.push(line.slice(0, room).trimEnd());
      total = max;
      return;
    }
    lines.push(line);
    total += line.length + 1;
  };
  const walk = (node: Node) => {
    if (truncated) return;
    if (node.nodeType === 3) {
      current += node.nodeValue ?? "";
      if (current.length > 10_000) flush();
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    if (el !== root && skip(el, opts)) return;
    const tag = el.tagName.toUpperCase();
    const block = BLOCK_TAGS.has(tag);
    // Inline elements join their neighbours ("$<span>29</span>" reads "$29"); controls stand apart.
    const apart = SEPARATE_TAGS.has(tag);
    if (block) flush();
    else if (apart) current += " ";
    for (let c = el.firstChild; c; c = c.nextSibling) walk(c);
    if (block) flush();
    else if (apart) current += " ";
  };
  walk(root);
  flush();
  return { text: lines.join("\n"), truncated };
}

/** The element's text on one line (blocks separated by a space), e.g. for a heading or a card. */
export function inlineText(el: Element, opts: TextOptions = {}): string {
  return blockText(el, opts).text.replace(/\n/g, " ");
}

/**
 * An element's child elements, by sibling links. jsdom's `children` collection answers each index through
 * a proxy that searches the collection, so iterating a parent with thousands of children was quadratic.
 */
export function childElements(el: Element): Element[] {
  const out: Element[] = [];
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) out.push(c);
  return out;
}

function skip(el: Element, opts: TextOptions): boolean {
  if (opts.exclude?.(el)) return true;
  if (opts.includeHidden && el.hasAttribute("hidden") && !SKIP_TAGS.has(el.tagName.toUpperCase())) return false;
  return isSkipped(el);
}
