/** Marks with `mark` the visible sticky elements stuck to a viewport edge now; answers how many. */
export default function markStuckSticky(mark: string): number {
  let n = 0;
  for (const el of document.querySelectorAll("*")) {
    const s = getComputedStyle(el);
    if (s.position !== "sticky" || s.visibility !== "visible" || s.display === "none") continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    const top = Number.parseFloat(s.top);
    const bottom = Number.parseFloat(s.bottom);
    const atTop = !Number.isNaN(top) && Math.abs(r.top - top) < 1;
    const atBottom = !Number.isNaN(bottom) && Math.abs(innerHeight - r.bottom - bottom) < 1;
    if (atTop || atBottom) {
      el.setAttribute(mark, "");
      n++;
    }
  }
  return n;
}
