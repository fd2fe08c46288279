import { cleanText } from "../../../media/browser/page/accessible-name.page.js";
import type { PageContent } from "../page-content-types.js";
import { hasLetters, NUMERIC, type TextReader, words } from "./content-text.page.js";

/** A class that says "this box is one figure". */
const FIGURE_BOX = /card|stat|metric|kpi|widget|tile|info-box|small-box/i;

/**
 * Key figures: a number set large (a heading, or a font well above the body's) in a small box with a
 * short label beside it ("Profit" and "$12,628"). A change note ("+72.80%") is set small and left out.
 */
export function readFigures(r: TextReader): Pick<PageContent, "figures" | "figuresRegion"> & { els: Element[] } {
  const figures: { label: string; value: string }[] = [];
  const els: Element[] = [];
  const fontPx = (el: Element) => Number.parseFloat(getComputedStyle(el).fontSize) || 0;
  const bodyPx = fontPx(r.main) || 16;
  for (const el of r.all("h1, h2, h3, h4, h5, h6, strong, b, span, div, p, dd")) {
    if (figures.length >= 8) break;
    // A plan's price is no figure: the plan's card says it (page/content-blocks.page.ts readPlans).
    if (el.children.length > 2 || el.closest('table, form, svg, [class*="price"], [class*="plan"]') || r.outside(el))
      continue;
    const value = r.textOf(el);
    if (!value || !NUMERIC.test(value) || !/\d/.test(value)) continue;
    if (fontPx(el) < bodyPx * 1.15 && !/^(H[1-6]|STRONG|DD)$/.test(el.tagName)) continue;
    if (els.some((f) => f.contains(el) || el.contains(f))) continue;
    // The box: the largest ancestor (up to six levels) still short enough to be one card.
    let card: Element | null = null;
    for (let e = el.parentElement, n = 0; e && e !== r.main && n < 6; e = e.parentElement, n++) {
      if (words(r.textOf(e)) > 30) break;
      card = e;
      if (FIGURE_BOX.test(e.getAttribute("class") ?? "")) break;
    }
    if (!card) continue;
    let label: string | null = null;
    for (const t of card.querySelectorAll("h1, h2, h3, h4, h5, h6, p, span, div, small, dt, label, strong")) {
      if (t === el || t.contains(el) || el.contains(t) || t.closest("button, a.dropdown-toggle")) continue;
      // Its own words, not only a child's: the innermost element that says the label.
      const own = [...t.childNodes]
        .filter((c) => c.nodeType === Node.TEXT_NODE)
        .map((c) => c.textContent ?? "")
        .join(" ");
      if (!hasLetters(own)) continue;
      const s = r.textOf(t);
      if (hasLetters(s) && words(s) <= 6 && !/^[-+]?\d/.test(s)) {
        label = s;
        break;
      }
    }
    if (!label || figures.some((f) => f.label === label)) continue;
    els.push(el);
    figures.push({ label, value });
  }
  const region = els[0]?.closest("section[aria-label], [role=region][aria-label]");
  const figuresRegion =
    region && els.every((f) => region.contains(f)) ? cleanText(region.getAttribute("aria-label")) : null;
  return { figures, figuresRegion, els };
}
