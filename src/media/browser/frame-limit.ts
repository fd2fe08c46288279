import type { Request } from "playwright-core";

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

// The page's own scripts run after this one, so what it uses is taken before they can replace it. The
// frame tree is counted through window.top: `length` and indexed frames answer across origins.
// A same-origin child's document reuses the window of the child's first, blank document, and Chromium
// runs no init script in it (measured: the script's state stayed that of about:blank). Its parent
// therefore watches such a child's document too, as soon as it appears (checked every 50 ms).
// A document whose frames were taken out {@link STOP_TIMERS_AFTER} times is making them in a loop: its
// timers are cleared (ids are small integers per window, so all of them can be), or its renderer spends
// every millisecond making and losing frames and nothing else the scan asks of the page gets done.
export const FRAME_LIMIT_SCRIPT = `(() => {
  try {
    const ownDepth = location.ancestorOrigins ? location.ancestorOrigins.length : 0;
    if (ownDepth > ${MAX_FRAME_DEPTH}) { window.stop(); return; }
    const remove = Element.prototype.remove;
    const debug = console.debug.bind(console);
    const every = setInterval;
    const later = setTimeout;
    const forget = clearTimeout;
    let poll = 0;
    // Another window's timers are its own functions' to clear (this realm's refuse a foreign window).
    const stopTimers = (win) => {
      try {
        const own = win === window;
        const set = own ? later : win.setTimeout;
        const clear = own ? forget : win.clearTimeout;
        const last = set.call(win, () => {}, 0);
        for (let id = Math.max(1, last - 1000000); id <= last; id++) if (!own || id !== poll) clear.call(win, id);
      } catch {}
    };
    const Observer = MutationObserver;
    const top = window.top;
    const countFrames = (w, budget) => {
      let n = 1;
      for (let i = 0; i < w.length && n <= budget; i++) n += countFrames(w[i], budget - n);
      return n;
    };
    const watched = new WeakSet();
    let children = [];
    const watch = (doc, depth) => {
      if (watched.has(doc)) return;
      watched.add(doc);
      const iframes = doc.getElementsByTagName("iframe");
      const vetted = new WeakSet();
      let seen = 0;
      let removed = 0;
      const check = () => {
        if (iframes.length <= seen) { seen = iframes.length; return; }
        for (let i = 0; i < iframes.length; i++) {
          const frame = iframes[i];
          if (vetted.has(frame)) continue;
          let over = depth >= ${MAX_FRAME_DEPTH};
          if (!over) { try { over = countFrames(top, ${MAX_FRAMES_PER_PAGE} + 1) > ${MAX_FRAMES_PER_PAGE}; } catch {} }
          if (over) {
            remove.call(frame);
            i -= 1;
            debug(${JSON.stringify(FRAME_REMOVED_MARK)});
            if (++removed === ${STOP_TIMERS_AFTER} && doc.defaultView) stopTimers(doc.defaultView);
          }
          else { vetted.add(frame); children.push([frame, depth + 1]); }
        }
        seen = iframes.length;
      };
      new Observer(check).observe(doc, { childList: true, subtree: true });
      check();
    };
    watch(document, ownDepth);
    poll = every(() => {
      children = children.filter(([frame]) => frame.isConnected);
      for (const [frame, depth] of children) {
        let doc = null;
        try { doc = frame.contentDocument; } catch {}
        if (doc) watch(doc, depth);
      }
    }, 50);
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
