/**
 * What the render-marks page script (page/render-marks.page.ts) leaves on the page before it is
 * serialised: one attribute whose value says how the element rendered, so the Node-side readers, which
 * parse the HTML without its stylesheet, read the page as it was shown.
 */
/** Its values: `hidden` (not shown: display, visibility, sr-only), `headline`/`tagline` (the first screen's hero). */
export const RENDER_MARK = "data-clipwright-render";

export interface RenderMarksArg {
  attribute: string;
  /** Elements visited at most: a page may be arbitrarily large. */
  maxNodes: number;
  /** Time the walk may take: a page that keeps changing makes every layout read slow. */
  maxMs: number;
}

export interface RenderMarksResult {
  hidden: number;
  headline: boolean;
  tagline: boolean;
  /** The walk stopped at its node or time bound; what was marked so far stays. */
  cut: boolean;
}
