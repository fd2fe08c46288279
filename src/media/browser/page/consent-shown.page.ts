/** How many of the banners marked with `boxMark` still show. */
export default function stillShown(boxMark: string): number {
  return [...document.querySelectorAll(`[${boxMark}]`)].filter((el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.display !== "none" && s.visibility !== "hidden";
  }).length;
}
