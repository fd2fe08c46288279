import type { HideConsentArg } from "../consent-page.js";

/**
 * Hides the marked banners and lets the page scroll again. A scan hides a banner's outermost fixed or
 * sticky box (a consent wall's backdrop too); on a product's own pages only the nearest one, so nothing
 * around the banner goes with it. Answers how many were hidden.
 */
export default function hideConsent({ boxMark, nearest }: HideConsentArg): number {
  let hidden = 0;
  for (const box of document.querySelectorAll<HTMLElement>(`[${boxMark}]`)) {
    let target: HTMLElement = box;
    for (let el: HTMLElement | null = box; el && el !== document.body; el = el.parentElement) {
      const position = getComputedStyle(el).position;
      if (position !== "fixed" && position !== "sticky") continue;
      target = el;
      if (nearest) break;
    }
    target.style.setProperty("display", "none", "important");
    hidden += 1;
  }
  // Banners that block the page usually lock its scrolling too; a page that scrolls is left as it is.
  for (const el of [document.documentElement, document.body])
    if (el && getComputedStyle(el).overflow === "hidden") el.style.setProperty("overflow", "auto", "important");
  return hidden;
}
