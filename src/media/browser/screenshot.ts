import type { JSHandle, Page } from "playwright-core";

/**
 * One frame: a PNG of the viewport at the device scale (390×844 at scale 3 → 1170×2532 px). CSS
 * animations and transitions are finished/stopped and the text caret hidden, so the same page state
 * gives the same pixels.
 */
export async function captureFrame(page: Page): Promise<Buffer> {
  return page.screenshot({ type: "png", fullPage: false, scale: "device", animations: "disabled", caret: "hide" });
}

/**
 * Scroll captures in two layers. A tall screenshot of the page draws fixed elements (a navbar, a cookie
 * banner) once, wherever the viewport happened to be, so a pan over it shows them floating mid-frame. The
 * elements pinned to the viewport are therefore left out of the strip and taken on their own, on a
 * transparent viewport-sized layer the compositor lays over every frame of the pan.
 *
 * Pinned: visible `position: fixed` elements, and `position: sticky` ones stuck at both ends of the scroll
 * (stuck at both, they stay stuck in between). A sticky element that sticks only on the way stays in the
 * strip, where it is drawn as it is at the last screen. Fixed elements covering much of the viewport are
 * left in the strip too: those are backdrops (a fixed background picture), not bars to keep on top.
 *
 * The pinned elements are marked with an attribute so the screenshots' own style sheets (which Playwright
 * adds and removes around each shot) can select them; the marks are removed afterwards.
 */

const MARK = "data-clipwright-pinned";
/** Fixed elements larger than this share of the viewport are backdrops, not overlays. */
const MAX_PINNED_SHARE = 0.4;

const HIDE_PINNED = `[${MARK}], [${MARK}] * { opacity: 0 !important; }`;
const ONLY_PINNED = [
  `*:not([${MARK}]):not([${MARK}] *) { visibility: hidden !important; }`,
  `[${MARK}] { visibility: visible !important; }`,
  "html, body { background: transparent !important; }",
].join("\n");

/** What the in-page functions below use of the DOM (this project's types have no DOM lib). */
interface PageElement {
  getBoundingClientRect(): { top: number; bottom: number; width: number; height: number };
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}
interface PageGlobals {
  document: { querySelectorAll(selector: string): Iterable<PageElement> };
  getComputedStyle(
    el: PageElement,
  ): Record<"position" | "visibility" | "display" | "opacity" | "top" | "bottom", string>;
  innerWidth: number;
  innerHeight: number;
}

/** In the page: the visible sticky elements stuck to a viewport edge now. */
function stuckSticky(): PageElement[] {
  const g = globalThis as unknown as PageGlobals;
  const out: PageElement[] = [];
  for (const el of g.document.querySelectorAll("*")) {
    const s = g.getComputedStyle(el);
    if (s.position !== "sticky" || s.visibility !== "visible" || s.display === "none") continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    const top = Number.parseFloat(s.top);
    const bottom = Number.parseFloat(s.bottom);
    const atTop = !Number.isNaN(top) && Math.abs(r.top - top) < 1;
    const atBottom = !Number.isNaN(bottom) && Math.abs(g.innerHeight - r.bottom - bottom) < 1;
    if (atTop || atBottom) out.push(el);
  }
  return out;
}

/** The sticky elements stuck now, as a handle to pass to `markPinned` (taken at each end of a scroll). */
export async function stuckStickyElements(page: Page): Promise<JSHandle<unknown>> {
  return page.evaluateHandle(stuckSticky);
}

/**
 * Marks the elements to pin (see above) and says how many there are; `stuckAtStart` and `stuckAtEnd` are
 * `stuckStickyElements` taken at the two ends of the scroll.
 */
async function markPinned(page: Page, stuckAtStart: JSHandle<unknown>, stuckAtEnd: JSHandle<unknown>): Promise<number> {
  return page.evaluate(
    ([mark, maxShare, atStart, atEnd]) => {
      const g = globalThis as unknown as PageGlobals;
      for (const el of g.document.querySelectorAll(`[${mark}]`)) el.removeAttribute(mark);
      const start = atStart as PageElement[];
      const end = atEnd as PageElement[];
      const area = g.innerWidth * g.innerHeight;
      let n = 0;
      for (const el of g.document.querySelectorAll("*")) {
        const s = g.getComputedStyle(el);
        const r = el.getBoundingClientRect();
        const shown = s.visibility === "visible" && s.display !== "none" && Number(s.opacity) > 0;
        const onScreen = r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < g.innerHeight;
        if (!shown || !onScreen) continue;
        const fixed = s.position === "fixed" && r.width * r.height <= maxShare * area;
        const stuck = s.position === "sticky" && start.includes(el) && end.includes(el);
        if (fixed || stuck) {
          el.setAttribute(mark, "");
          n++;
        }
      }
      return n;
    },
    [MARK, MAX_PINNED_SHARE, stuckAtStart, stuckAtEnd] as const,
  );
}

async function unmarkPinned(page: Page): Promise<void> {
  await page.evaluate((mark) => {
    const g = globalThis as unknown as PageGlobals;
    for (const el of g.document.querySelectorAll(`[${mark}]`)) el.removeAttribute(mark);
  }, MARK);
}

/** A region of the page (page coordinates, CSS px) at the device scale, the marked elements left out. */
type Clip = { x: number; y: number; width: number; height: number };

async function capturePageWithoutPinned(page: Page, clip: Clip, pinned: boolean): Promise<Buffer> {
  return page.screenshot({
    type: "png",
    fullPage: true,
    clip,
    scale: "device",
    animations: "disabled",
    caret: "hide",
    ...(pinned ? { style: HIDE_PINNED } : {}),
  });
}

/** The viewport with only the marked elements, on a transparent background (a PNG with alpha). */
async function capturePinnedLayer(page: Page): Promise<Buffer> {
  return page.screenshot({
    type: "png",
    fullPage: false,
    scale: "device",
    animations: "disabled",
    caret: "hide",
    omitBackground: true,
    style: ONLY_PINNED,
  });
}

/** The longest the pass over a scroll's screens may take (a page that never paints is not waited for). */
const PASS_OVER_MS = 2_000;

/**
 * Shows each screen between two scroll offsets for a frame (instant jumps, ending at `toY`), so what the
 * page loads on sight (lazy images, reveal-on-scroll sections) is in the strip as a real scroll shows it.
 */
export async function passOverScreens(page: Page, fromY: number, toY: number, step: number): Promise<void> {
  const pass = page.evaluate(
    async ([a, b, s]) => {
      // Runs in the page (no DOM lib in this project's types).
      const w = globalThis as unknown as { scrollTo(o: object): void; requestAnimationFrame(f: () => void): number };
      const painted = () => new Promise<void>((done) => w.requestAnimationFrame(() => w.requestAnimationFrame(done)));
      const dir = Math.sign(b - a);
      for (let y = a + dir * s; dir * (b - y) > 0; y += dir * s) {
        w.scrollTo({ top: y, behavior: "instant" });
        await painted();
      }
      w.scrollTo({ top: b, behavior: "instant" });
    },
    [fromY, toY, step] as const,
  );
  pass.catch(() => {}); // a navigation or a closed page: the still that follows reports it
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([pass, new Promise((resolve) => (timer = setTimeout(resolve, PASS_OVER_MS)))]);
  clearTimeout(timer);
}

export interface ScrollLayers {
  /** The page over `clip`, pinned elements left out. */
  strip: Buffer;
  /** The viewport with only the pinned elements, transparent elsewhere; null when there are none. */
  fixedLayer: Buffer | null;
}

/**
 * The two layers of a scroll, taken at its end (the viewport on the last screen); `stuckAtStart` is
 * `stuckStickyElements` taken before the scroll (disposed here).
 */
export async function captureScrollLayers(
  page: Page,
  clip: Clip,
  stuckAtStart: JSHandle<unknown>,
): Promise<ScrollLayers> {
  const stuckAtEnd = await stuckStickyElements(page);
  try {
    const pinned = (await markPinned(page, stuckAtStart, stuckAtEnd)) > 0;
    const fixedLayer = pinned ? await capturePinnedLayer(page) : null;
    return { strip: await capturePageWithoutPinned(page, clip, pinned), fixedLayer };
  } finally {
    await unmarkPinned(page).catch(() => {});
    await Promise.all([stuckAtStart.dispose(), stuckAtEnd.dispose()]).catch(() => {});
  }
}
