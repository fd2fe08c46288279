import type { Page } from "playwright-core";
import { type NetworkWatch, watchNetwork } from "./network-quiet.js";
import { DeadlineError, within } from "./within.js";

/**
 * Waits until a page has finished drawing before a still is taken: the network quiet, web fonts
 * loaded, CSS transitions/animations and Web Animations done, and every visible <canvas> unchanged
 * across consecutive animation frames. Chart libraries animate their canvases whatever
 * prefers-reduced-motion says, and a screenshot's own "animations disabled" cannot stop a
 * requestAnimationFrame loop, so without this a still can show a half-drawn chart.
 *
 * Bounded: a page that never settles (a live ticker, an animated background, a request that never
 * ends) gets `maxMs`, then the still is taken as the page is and the report says what was still moving.
 */

export type StillMoving = "network" | "fonts" | "animations" | "canvas" | "scroll" | "page";

export interface SettleReport {
  settled: boolean;
  /** What had not settled when the wait gave up ("page": the page did not answer at all). Empty when settled. */
  pending: StillMoving[];
  waitedMs: number;
}

export interface SettleOptions {
  /** Aborting rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Give up after this long (ms). Default SETTLE_MAX_MS. */
  maxMs?: number;
  /** How long no request may be in flight (ms). Default NETWORK_QUIET_MS. */
  quietMs?: number;
  /**
   * A watch started earlier (before the navigation or click that led here) sees requests already in
   * flight; without one, the wait watches only its own duration.
   */
  network?: NetworkWatch;
}

export const SETTLE_MAX_MS = 3_000;
export const NETWORK_QUIET_MS = 300;
/** Consecutive frames a canvas must stay the same after the first look at it. */
export const STABLE_FRAMES = 3;
/** Canvases larger than this are compared on a downscaled copy, so a frame's check stays cheap. */
const MAX_COMPARED_PIXELS = 1_000_000;

/** What the page reports once per animation frame. */
export interface PageState {
  fontsLoaded: boolean;
  /** Finite animations still running (infinite ones never end, so they count as settled). */
  runningAnimations: number;
  /** A fingerprint per visible canvas, in document order; cross-origin (tainted) canvases are skipped. */
  canvases: string[];
  /** The scroll position, "x,y" in whole CSS px: a smooth scroll (an anchor link's) moves it frame by frame. */
  scroll: string;
}

/**
 * What is still moving, given this frame's state, how many frames in a row the canvases matched, the
 * network, and whether the scroll position changed since the frame before.
 */
export function stillMoving(
  state: PageState,
  sameFrames: number,
  networkQuiet: boolean,
  scrolling = false,
): StillMoving[] {
  const moving: StillMoving[] = [];
  if (scrolling) moving.push("scroll");
  if (!networkQuiet) moving.push("network");
  if (!state.fontsLoaded) moving.push("fonts");
  if (state.runningAnimations > 0) moving.push("animations");
  if (state.canvases.length > 0 && sameFrames < STABLE_FRAMES) moving.push("canvas");
  return moving;
}

export const sameCanvases = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export async function waitForSettled(page: Page, opts: SettleOptions = {}): Promise<SettleReport> {
  const maxMs = opts.maxMs ?? SETTLE_MAX_MS;
  const quietMs = opts.quietMs ?? NETWORK_QUIET_MS;
  const started = performance.now();
  const deadline = started + maxMs;
  const own = opts.network ? null : watchNetwork(page);
  const network = (opts.network ?? own) as NetworkWatch;
  const report = (pending: StillMoving[]): SettleReport => ({
    settled: pending.length === 0,
    pending,
    waitedMs: Math.round(performance.now() - started),
  });
  let last: PageState | null = null;
  let sameFrames = 0;
  let pending: StillMoving[] = ["page"];
  try {
    for (;;) {
      throwIfAborted(opts.signal);
      const left = deadline - performance.now();
      if (left <= 0) return report(pending);
      let state: PageState | null;
      try {
        // A page stuck in a script answers nothing: it is taken as it is.
        state = await within(page.evaluate(nextFrameState, MAX_COMPARED_PIXELS), left, opts.signal).catch(
          (err: unknown) => {
            if (err instanceof DeadlineError) return null;
            throw err;
          },
        );
      } catch (err) {
        // A navigation replaced the document mid-look: start over on the new one.
        if (opts.signal?.aborted || page.isClosed() || !/context was destroyed|navigat/i.test(String(err))) throw err;
        last = null;
        sameFrames = 0;
        continue;
      }
      if (!state) return report(pending);
      sameFrames = last && sameCanvases(last.canvases, state.canvases) ? sameFrames + 1 : 0;
      const firstLook = last === null;
      const scrolling = last !== null && last.scroll !== state.scroll;
      last = state;
      pending = stillMoving(state, sameFrames, network.quietFor() >= quietMs, scrolling);
      // Two looks at least: a scroll is only seen to have stopped by a frame that did not move it. The
      // first look names the scroll only when nothing else moves, so a bound reached after one look
      // reports what was seen moving, not what could not be known yet.
      if (firstLook && pending.length === 0) pending = ["scroll"];
      if (pending.length === 0) return report(pending);
    }
  } finally {
    own?.dispose();
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new Error("aborted");
}

// --- In the page. This project has no DOM types, so the globals used are declared minimally here. ---

interface PageRect {
  top: number;
  left: number;
  bottom: number;
  right: number;
  width: number;
  height: number;
}
interface PageCanvasElement {
  width: number;
  height: number;
  getBoundingClientRect(): PageRect;
}
interface PageAnimation {
  playState: string;
  pending: boolean;
  effect: { getComputedTiming(): { iterations?: number; endTime?: number | string } } | null;
}
interface Scratch {
  getContext(
    kind: "2d",
    opts: { willReadFrequently: boolean },
  ): {
    imageSmoothingQuality: string;
    drawImage(src: unknown, x: number, y: number, w: number, h: number): void;
    getImageData(x: number, y: number, w: number, h: number): { data: { buffer: ArrayBuffer } };
  } | null;
}
interface PageGlobals {
  innerWidth: number;
  innerHeight: number;
  scrollX: number;
  scrollY: number;
  requestAnimationFrame(cb: () => void): number;
  getComputedStyle(el: unknown): { visibility: string };
  OffscreenCanvas: new (w: number, h: number) => Scratch;
  document: {
    fonts?: { status: string };
    getAnimations?(): PageAnimation[];
    querySelectorAll(css: string): ArrayLike<PageCanvasElement>;
  };
}

/**
 * Waits for the next animation frame (or 100 ms when frames are not running), then reports fonts,
 * animations and a fingerprint of each visible canvas. Self-contained: it is serialised into the page.
 */
async function nextFrameState(maxPixels: number): Promise<PageState> {
  const g = globalThis as unknown as PageGlobals;
  await new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, 100);
    g.requestAnimationFrame(() => {
      clearTimeout(fallback);
      resolve();
    });
  });
  const d = g.document;
  let runningAnimations = 0;
  for (const a of d.getAnimations?.() ?? []) {
    if (a.playState !== "running" && !a.pending) continue;
    const timing = a.effect?.getComputedTiming();
    if (!timing || timing.iterations === Number.POSITIVE_INFINITY || timing.endTime === Number.POSITIVE_INFINITY)
      continue;
    runningAnimations += 1;
  }
  const canvases: string[] = [];
  for (const canvas of Array.from(d.querySelectorAll("canvas"))) {
    const r = canvas.getBoundingClientRect();
    const onScreen = r.width >= 1 && r.height >= 1 && r.bottom > 0 && r.right > 0;
    if (!onScreen || r.top >= g.innerHeight || r.left >= g.innerWidth) continue;
    if (canvas.width === 0 || canvas.height === 0 || g.getComputedStyle(canvas).visibility === "hidden") continue;
    const scale = Math.min(1, Math.sqrt(maxPixels / (canvas.width * canvas.height)));
    const w = Math.max(1, Math.round(canvas.width * scale));
    const h = Math.max(1, Math.round(canvas.height * scale));
    try {
      const ctx = new g.OffscreenCanvas(w, h).getContext("2d", { willReadFrequently: true });
      if (!ctx) continue;
      ctx.imageSmoothingQuality = "high";
      ctx.drawImage(canvas, 0, 0, w, h);
      const words = new Uint32Array(ctx.getImageData(0, 0, w, h).data.buffer);
      // FNV-1a over the pixels: equal fingerprints, equal pixels (up to a 32-bit collision).
      let hash = 0x811c9dc5;
      for (let i = 0; i < words.length; i += 1) hash = Math.imul(hash ^ (words[i] as number), 0x01000193);
      canvases.push(`${w}x${h}:${(hash >>> 0).toString(16)}`);
    } catch {
      // Tainted by cross-origin pixels: it cannot be read, so it cannot be compared.
    }
  }
  const scroll = `${Math.round(g.scrollX)},${Math.round(g.scrollY)}`;
  return { fontsLoaded: (d.fonts?.status ?? "loaded") === "loaded", runningAnimations, canvases, scroll };
}
