import type { Request } from "playwright-core";

/**
 * How many frames a page of a session may load, and how deep (issue 19: a page of endless iframes took
 * Chromium past 1.2 GB and its scan to a minute). Two bounds, because each misses what the other sees:
 *
 * - **Depth**, in every document before any of its scripts: a frame nested deeper than
 *   {@link MAX_FRAME_DEPTH} stops loading at once (`location.ancestorOrigins` counts its ancestors,
 *   across origins, and the page cannot redefine it before this runs). A frame of itself in itself ends there.
 * - **Count**, where the browser asks for each frame's document: once a page holds
 *   {@link MAX_FRAMES_PER_PAGE} frames, a new frame's document is not loaded ({@link frameOverLimit},
 *   asked by the session's request routing). The frame stays an empty error page: no document, no script,
 *   nothing more it can make.
 */

/** Frames a page keeps (its main frame included); real pages with ads and embeds hold a dozen or two. */
export const MAX_FRAMES_PER_PAGE = 40;
/** Levels of nesting a frame may sit at (the main frame is level 0). */
export const MAX_FRAME_DEPTH = 3;

export const FRAME_DEPTH_SCRIPT = `(() => {
  try {
    if (location.ancestorOrigins && location.ancestorOrigins.length > ${MAX_FRAME_DEPTH}) window.stop();
  } catch {}
})();`;

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
