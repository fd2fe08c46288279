import type { Page } from "playwright-core";
import { pageScript, runPageScript } from "../../../../media/browser/page-script.js";
import { RENDER_MARK, type RenderMarksArg, type RenderMarksResult } from "./render-marks-types.js";

const RENDER_MARKS = pageScript<RenderMarksArg, RenderMarksResult>(
  new URL("./page/render-marks.page.ts", import.meta.url),
);
/** Elements the marking walks at most (a landing page has a few thousand). */
const MAX_NODES = 20_000;
/** The walk's own time bound, well inside the call's timeout (which terminates the script). */
const WALK_SHARE = 0.5;

/**
 * Marks hidden elements and the hero in the page (page/render-marks.page.ts) before its DOM is
 * serialised. A page that would not answer in time is read unmarked, as before.
 */
export async function markRendering(
  page: Page,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<RenderMarksResult | null> {
  try {
    return await runPageScript(
      page,
      RENDER_MARKS,
      { attribute: RENDER_MARK, maxNodes: MAX_NODES, maxMs: Math.round(timeoutMs * WALK_SHARE) },
      { timeoutMs, signal },
    );
  } catch (err) {
    if (signal.aborted) throw err;
    return null;
  }
}
