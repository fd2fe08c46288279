import type { Request } from "playwright-core";
import type { FrameLimits } from "./frame-limit-types.js";
import { initScriptSource, pageScript } from "./page-script.js";

/**
 * How many frames a page of a session may load, and how deep (issue 19: a page of endless iframes took
 * Chromium past 1.2 GB and its scan to a minute). Three bounds, because each misses what the others see:
 *
 * - **Depth**, in every document before any of its scripts: a frame nested deeper than
 *   {@link MAX_FRAME_DEPTH} stops loading at once (`location.ancestorOrigins` counts its ancestors,
 *   across origins, and the page cannot redefine it before this runs). A frame of itself in itself ends there.
 * - **Count, in the page**: the same script watches its document, and an iframe inserted into a page that
 *   already holds {@link MAX_FRAMES_PER_PAGE} frames (or into a document at the deepest level) is taken out
 *   again in the same turn, before it loads anything. A frame left in place would cost a document, even an
 *   error page, and a script adding one every few milliseconds grows the renderer for as long as it runs.
 *   Each removal is reported on the console as {@link FRAME_REMOVED_MARK} for the session's counts.
 * - **Count, where the browser asks for each frame's document**: a page whose own scripts outwit the
 *   watcher still gets no document for a frame past the limit ({@link frameOverLimit}, asked by the
 *   session's request routing). The frame stays an empty error page.
 */

/** Frames a page keeps (its main frame included); real pages with ads and embeds hold a dozen or two. */
export const MAX_FRAMES_PER_PAGE = 40;
/** Levels of nesting a frame may sit at (the main frame is level 0). */
export const MAX_FRAME_DEPTH = 3;
/** What the in-page watcher prints (console.debug) for each frame it took out. */
export const FRAME_REMOVED_MARK = "clipwright:frame-removed";
/** Frames taken out of one document before its timers are stopped. */
export const STOP_TIMERS_AFTER = 20;

/** The in-page watcher (page/frame-limit.page.ts), as an init script of every document. */
export const FRAME_LIMIT_SCRIPT = initScriptSource(
  pageScript<FrameLimits, void>(new URL("./page/frame-limit.page.ts", import.meta.url)),
  {
    maxDepth: MAX_FRAME_DEPTH,
    maxFrames: MAX_FRAMES_PER_PAGE,
    removedMark: FRAME_REMOVED_MARK,
    stopTimersAfter: STOP_TIMERS_AFTER,
  },
);

/** Whether `request` loads a subframe's document into a page that already holds its frames' worth. */
export function frameOverLimit(request: Request): boolean {
  if (!request.isNavigationRequest()) return false;
  try {
    const frame = request.frame();
    return frame.parentFrame() !== null && frame.page().frames().length > MAX_FRAMES_PER_PAGE;
  } catch {
    return false; // a service worker's request has no frame
  }
}
