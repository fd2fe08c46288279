import type { FrameLimits } from "../frame-limit-types.js";

/**
 * The in-page half of the frame bounds (frame-limit.ts), run as an init script in every document of a
 * session, in the page's own world, before any of the page's scripts: they run after it, so what it uses
 * is taken before they can replace it. The frame tree is counted through window.top: `length` and
 * indexed frames answer across origins.
 *
 * A same-origin child's document reuses the window of the child's first, blank document, and Chromium
 * runs no init script in it (measured: the script's state stayed that of about:blank). Its parent
 * therefore watches such a child's document too, as soon as it appears (checked every 50 ms).
 * A document whose frames were taken out `stopTimersAfter` times is making them in a loop: its timers are
 * cleared (ids are small integers per window, so all of them can be), or its renderer spends every
 * millisecond making and losing frames and nothing else the scan asks of the page gets done.
 */
export default function limitFrames(limits: FrameLimits): void {
  try {
    const ownDepth = location.ancestorOrigins ? location.ancestorOrigins.length : 0;
    if (ownDepth > limits.maxDepth) {
      window.stop();
      return;
    }
    const remove = Element.prototype.remove;
    const debug = console.debug.bind(console);
    const every = setInterval;
    const later = setTimeout;
    const forget = clearTimeout;
    const Observer = MutationObserver;
    const top = window.top ?? window;
    let poll = 0;
    // Another window's timers are its own functions' to clear (this realm's refuse a foreign window).
    const stopTimers = (win: Window) => {
      try {
        const own = win === window;
        const set = own ? later : win.setTimeout;
        const clear = own ? forget : win.clearTimeout;
        const last = set.call(win, () => {}, 0);
        for (let id = Math.max(1, last - 1_000_000); id <= last; id++) if (!own || id !== poll) clear.call(win, id);
      } catch {}
    };
    const countFrames = (w: Window, budget: number): number => {
      let n = 1;
      for (let i = 0; i < w.length && n <= budget; i++) n += countFrames(w[i] as Window, budget - n);
      return n;
    };
    const watched = new WeakSet<Document>();
    let children: [HTMLIFrameElement, number][] = [];
    const watch = (doc: Document, depth: number) => {
      if (watched.has(doc)) return;
      watched.add(doc);
      const iframes = doc.getElementsByTagName("iframe");
      const vetted = new WeakSet<HTMLIFrameElement>();
      let seen = 0;
      let removed = 0;
      const check = () => {
        if (iframes.length <= seen) {
          seen = iframes.length;
          return;
        }
        for (let i = 0; i < iframes.length; i++) {
          const frame = iframes[i] as HTMLIFrameElement;
          if (vetted.has(frame)) continue;
          let over = depth >= limits.maxDepth;
          if (!over) {
            try {
              over = countFrames(top, limits.maxFrames + 1) > limits.maxFrames;
            } catch {}
          }
          if (over) {
            remove.call(frame);
            i -= 1;
            debug(limits.removedMark);
            if (++removed === limits.stopTimersAfter && doc.defaultView) stopTimers(doc.defaultView);
          } else {
            vetted.add(frame);
            children.push([frame, depth + 1]);
          }
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
        let doc: Document | null = null;
        try {
          doc = frame.contentDocument;
        } catch {}
        if (doc) watch(doc, depth);
      }
    }, 50);
  } catch {}
}
