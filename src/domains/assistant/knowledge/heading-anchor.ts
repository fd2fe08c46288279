/**
 * The anchor GitHub (and most Markdown renderers) give a heading: lowercase, punctuation dropped except
 * `-` and `_`, spaces to `-`; a repeated anchor in one document gets `-1`, `-2`, … in order.
 */
export function headingAnchors(): (heading: string) => string {
  const seen = new Map<string, number>();
  return (heading) => {
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  };
}
