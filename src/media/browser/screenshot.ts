import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { pageScript, runPageScript } from "./page-script.js";
import type { MarkPinnedArg } from "./screenshot-page.js";

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
 * The pinned elements are marked with an attribute (by page scripts in an isolated world, page/pinned-*)
 * so the screenshots' own style sheets (which Playwright adds and removes around each shot) can select
 * them; the marks are removed afterwards.
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

/** Sticky elements stuck to a viewport edge at one moment, marked in the page with their own attribute. */
export interface StuckSticky {
  readonly mark: string;
}

const STUCK = pageScript<string, number>(new URL("./page/pinned-stuck.page.ts", import.meta.url));
const MARK_PINNED = pageScript<MarkPinnedArg, number>(new URL("./page/pinned-mark.page.ts", import.meta.url));
const UNMARK = pageScript<string[], void>(new URL("./page/pinned-unmark.page.ts", import.meta.url));
/** Each page script's bound: they read styles and set attributes, nothing that should take long. */
const MARK_MS = 5_000;

/**
 * Marks the sticky elements stuck now (taken at each end of a scroll); pass what it answers to
 * captureScrollLayers, which removes the marks.
 */
export async function stuckStickyElements(page: Page): Promise<StuckSticky> {
  const mark = `data-clipwright-stuck-${randomUUID().slice(0, 8)}`;
  await runPageScript(page, STUCK, mark, { timeoutMs: MARK_MS });
  return { mark };
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
 * `stuckStickyElements` taken before the scroll (its marks removed here).
 */
export async function captureScrollLayers(page: Page, clip: Clip, stuckAtStart: StuckSticky): Promise<ScrollLayers> {
  const marks = [MARK, stuckAtStart.mark];
  try {
    const stuckAtEnd = await stuckStickyElements(page);
    marks.push(stuckAtEnd.mark);
    const arg = {
      mark: MARK,
      maxShare: MAX_PINNED_SHARE,
      stuckAtStart: stuckAtStart.mark,
      stuckAtEnd: stuckAtEnd.mark,
    };
    const pinned = (await runPageScript(page, MARK_PINNED, arg, { timeoutMs: MARK_MS })) > 0;
    const fixedLayer = pinned ? await capturePinnedLayer(page) : null;
    return { strip: await capturePageWithoutPinned(page, clip, pinned), fixedLayer };
  } finally {
    await runPageScript(page, UNMARK, marks, { timeoutMs: MARK_MS }).catch(() => {});
  }
}
