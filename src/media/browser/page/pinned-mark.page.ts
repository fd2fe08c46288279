import type { MarkPinnedArg } from "../screenshot-page.js";

/**
 * Marks the elements to pin to the viewport in a scroll capture (screenshot.ts): visible fixed elements
 * no larger than `maxShare` of the viewport, and sticky ones stuck at both ends of the scroll. Answers
 * how many.
 */
export default function markPinned({ mark, maxShare, stuckAtStart, stuckAtEnd }: MarkPinnedArg): number {
  for (const el of document.querySelectorAll(`[${mark}]`)) el.removeAttribute(mark);
  const area = innerWidth * innerHeight;
  let n = 0;
  for (const el of document.querySelectorAll("*")) {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const shown = s.visibility === "visible" && s.display !== "none" && Number(s.opacity) > 0;
    const onScreen = r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight;
    if (!shown || !onScreen) continue;
    const fixed = s.position === "fixed" && r.width * r.height <= maxShare * area;
    const stuck = s.position === "sticky" && el.hasAttribute(stuckAtStart) && el.hasAttribute(stuckAtEnd);
    if (fixed || stuck) {
      el.setAttribute(mark, "");
      n++;
    }
  }
  return n;
}
