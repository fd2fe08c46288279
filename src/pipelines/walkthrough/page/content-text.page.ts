import { cleanText, isVisible, visibleText } from "../../../media/browser/page/accessible-name.page.js";

/**
 * Reading a page as a viewer sees it, for read-content.page.ts: the shared visibleText (no sr-only
 * copies, no aria-hidden parts) with icon ligatures left out too ("receipt_long" inside
 * <i class="material-icons">, a Font Awesome <i>), and the boxes and titles the content readers share.
 * A reader is made per run: its caches must not outlive one reading of the document.
 */

/** Elements whose text is a picture: icon fonts draw their ligature ("dashboard") as a glyph. */
const ICON = 'i, svg, canvas, .material-icons, [class*="material-icons"], [class*="material-symbols"]';
/** Navigation, dialogs and menus: no part of what the page shows. */
const OUTSIDE =
  "nav, aside, header.navbar, footer, [role=navigation], [role=dialog], [role=tablist], .modal, .dropdown-menu, .sidebar, [class*=sidenav]";
/** A number as a figure card shows it: "$12,628", "50%", "$53k", "8,258". */
export const NUMERIC = /^[-+]?[$€£¥₹]?\s?\d[\d.,]*\s?(%|[kKmMbB]|bn|[$€£¥₹])?$/;

export const words = (s: string): number => s.split(" ").filter(Boolean).length;
export const hasLetters = (s: string): boolean => /\p{L}{2}/u.test(s);
/** A paragraph cut to about 400 characters, at a word. */
export const cut = (s: string): string => (s.length > 400 ? `${s.slice(0, 400).replace(/\s+\S*$/, "")}.` : s);
export const before = (a: Node, b: Node): boolean =>
  !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

export interface TextReader {
  main: Element;
  /** What a viewer reads in the element (nothing when it does not show). */
  textOf(el: Element | null | undefined): string;
  /** The element and its ancestors show (rendered, not sr-only). */
  shown(el: Element | null | undefined): boolean;
  /** Inside navigation, a dialog or a menu (not when that holds the whole main content). */
  outside(el: Element): boolean;
  /** Elements under `root` (main by default), at most 3000. */
  all(selector: string, root?: Element): Element[];
  /** The title of a box: a header or heading, never a bare number; the one above `near` first. */
  titleOf(box: Element | null, near?: Element): string | null;
}

export function textReader(): TextReader {
  const main = document.querySelector("main, [role=main]") ?? document.body;
  const seen = new Map<Element, boolean>();
  const shown = (el: Element | null | undefined): boolean => {
    if (!el) return false;
    let known = seen.get(el);
    if (known === undefined) {
      known = isVisible(el);
      seen.set(el, known);
    }
    return known;
  };
  const textOf = (el: Element | null | undefined, depth = 0): string => {
    if (!el || depth > 30 || el.matches(ICON)) return "";
    if (depth === 0 && !shown(el)) return "";
    // Most elements hold no icon: the shared reader takes them whole.
    if (!el.querySelector(ICON)) return visibleText(el, { maxChars: 4000, maxNodes: 4000 });
    const parts: string[] = [];
    for (const child of [...el.childNodes].slice(0, 200)) {
      if (child.nodeType === Node.TEXT_NODE) parts.push(child.textContent ?? "");
      else if (child instanceof Element && child.getAttribute("aria-hidden") !== "true" && isVisible(child))
        parts.push(` ${textOf(child, depth + 1)} `);
    }
    return cleanText(parts.join(""));
  };
  const outside = (el: Element): boolean => {
    const o = el.closest(OUTSIDE);
    return !!o && !o.contains(main);
  };
  const all = (selector: string, root: Element = main): Element[] =>
    [...root.querySelectorAll(selector)].slice(0, 3000);
  const titleOf = (box: Element | null, near?: Element): string | null => {
    if (!box) return null;
    const found: [Element, string][] = [];
    const candidates = box.querySelectorAll(
      'caption, figcaption, [class*="card-header"], [class*="card-title"], h1, h2, h3, h4, h5, h6, [class*="title"], [class*="header"]',
    );
    for (const t of [...candidates].slice(0, 60)) {
      // A header holding a heading speaks through that heading ("Invoices", not "Invoices View More").
      if (!/^H[1-6]$/.test(t.tagName) && t.querySelector("h1, h2, h3, h4, h5, h6")) continue;
      if (t.querySelector("canvas, svg[class*=apexcharts], table") || outside(t) || !shown(t)) continue;
      const s = textOf(t);
      if (s && hasLetters(s) && !NUMERIC.test(s) && words(s) <= 10) found.push([t, s]);
    }
    // The title above the thing first; one below it (a caption) when there is none above.
    const above = near ? found.find(([t]) => before(t, near) || t.contains(near)) : found[0];
    return (above ?? found[0])?.[1] ?? null;
  };
  return { main, textOf: (el) => textOf(el), shown, outside, all, titleOf };
}
