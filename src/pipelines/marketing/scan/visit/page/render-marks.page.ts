import { cleanText, isVisible } from "../../../../../media/browser/page/accessible-name.page.js";
import type { RenderMarksArg, RenderMarksResult } from "../render-marks-types.js";

/**
 * Marks, in the shown page, what a reader of its bare HTML cannot tell: the elements that do not show
 * (form validation messages, screen-reader-only text, closed menus) and the first screen's hero — its
 * most prominent text (the headline) and the text next in prominence beside it (the tagline). Collapsed
 * disclosures (a `details`, a panel some control expands) stay readable: their text is the page's answer.
 */

const TEXT_TAGS = new Set(["H1", "H2", "H3", "H4", "H5", "H6", "P", "DIV", "SPAN", "STRONG", "B", "EM", "SMALL"]);
/** Not text, or a document of its own (a frame): never walked into. */
const SKIP_TAGS = new Set([
  "SCRIPT",
  "STYLE",
  "NOSCRIPT",
  "TEMPLATE",
  "HEAD",
  "SVG",
  "svg",
  "IFRAME",
  "OBJECT",
  "EMBED",
  "VIDEO",
  "AUDIO",
  "CANVAS",
  "IMG",
]);
/** Page furniture: never the hero. */
const FURNITURE = "nav, [role=navigation], footer, [role=contentinfo], a, button, [role=button], label, form";

/** A panel some control opens (accordion, tab, collapsed answer): its text is content, only folded away. */
function isDisclosure(el: Element): boolean {
  if (el.closest("details")) return true;
  const id = el.id;
  if (!id) return false;
  const esc = CSS.escape(id);
  return (
    document.querySelector(`[aria-controls~="${esc}"], [data-bs-target="#${esc}"], [data-target="#${esc}"]`) !== null
  );
}

/** The element's own text (its text nodes, not its children's). */
function ownText(el: Element): string {
  let text = "";
  for (const node of el.childNodes) if (node.nodeType === 3) text += node.textContent ?? "";
  return cleanText(text);
}

interface Candidate {
  el: Element;
  text: string;
  size: number;
  weight: number;
  top: number;
  bottom: number;
}

export default function renderMarks(arg: RenderMarksArg): RenderMarksResult {
  const mark = arg.attribute;
  for (const el of document.querySelectorAll(`[${mark}]`)) el.removeAttribute(mark);
  const result: RenderMarksResult = { hidden: 0, headline: false, tagline: false, cut: false };
  const end = performance.now() + arg.maxMs;
  const body = document.body;
  if (!body) return result;
  window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  const fold = window.innerHeight;
  const texts: Candidate[] = [];
  let left = arg.maxNodes;
  const stack: Element[] = [body];
  while (stack.length > 0) {
    if (left-- <= 0 || (left % 32 === 0 && performance.now() > end)) {
      result.cut = true;
      break;
    }
    const el = stack.pop() as Element;
    if (SKIP_TAGS.has(el.tagName)) continue;
    if (el !== body && !isVisible(el)) {
      if (!isDisclosure(el) && (el.textContent ?? "").trim() !== "") {
        el.setAttribute(mark, "hidden");
        result.hidden += 1;
      }
      continue;
    }
    if (TEXT_TAGS.has(el.tagName) && ownText(el) !== "" && !el.closest(FURNITURE)) {
      const box = el.getBoundingClientRect();
      if (box.top < fold && box.bottom > 0 && box.width > 0) {
        const style = getComputedStyle(el);
        texts.push({
          el,
          text: cleanText(el.textContent),
          size: Number.parseFloat(style.fontSize) || 16,
          weight: Number.parseInt(style.fontWeight, 10) || 400,
          top: box.top,
          bottom: box.bottom,
        });
      }
    }
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i] as Element);
  }
  // A text inside another candidate is that candidate's part ("<h1>Hi <span>there</span></h1>").
  const own = texts.filter((t) => !texts.some((o) => o !== t && o.el.contains(t.el)));
  const prominence = (t: Candidate) => t.size * (t.weight >= 600 ? 1.15 : 1);
  const words = (t: Candidate) => t.text.split(" ").filter(Boolean).length;
  const ranked = own.filter((t) => words(t) >= 1 && t.text.length <= 300).sort((a, b) => prominence(b) - prominence(a));
  const headline = ranked[0];
  if (!headline) return result;
  headline.el.setAttribute(mark, "headline");
  result.headline = true;
  // The subhead: the most prominent text of a few words close above or below the headline.
  const near = (t: Candidate) => t.top < headline.bottom + fold * 0.35 && t.bottom > headline.top - fold * 0.25;
  const tagline = ranked.find(
    (t) => t !== headline && !t.el.contains(headline.el) && near(t) && words(t) >= 2 && t.text !== headline.text,
  );
  if (tagline) {
    tagline.el.setAttribute(mark, "tagline");
    result.tagline = true;
  }
  return result;
}
