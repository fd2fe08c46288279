import type { Locator, Page } from "playwright-core";
import {
  captureFrame,
  captureScrollLayers,
  passOverScreens,
  stuckStickyElements,
  waitForSettled,
  watchNetwork,
} from "../../media/browser/index.js";
import type { Box, CapturedScene, Viewport } from "../../media/compose/types.js";
import type { Beat } from "./beats.js";
import { type ClipTaker, clipTaker } from "./capture-clip.js";
import { clickAndSettle, closeDialogs, findTarget, openPage, sameDocument, scrollToTop } from "./perform.js";

/**
 * Capture for renders: replays a plan's beats from the start and takes only the stills each beat's
 * motion needs. The compositor makes the motion from them, so nothing here waits on a wall clock and a
 * slow machine records the same video as a fast one. Every still waits for the page to settle first
 * (network, fonts, animations, canvases: media/browser/settle.ts), within a bound.
 */

export interface CaptureOptions {
  signal?: AbortSignal;
  /** Called before each beat; throws to cancel. */
  checkpoint?: () => Promise<void>;
  /** After each beat: (beats done, beats in all). */
  onBeat?: (index: number, total: number) => void | Promise<void>;
  /** Record real-motion clips after opens, hovers and clicks that set the page moving (default true). */
  clips?: boolean;
  /** Each scene as soon as it is captured (a render starts decoding the first ones meanwhile). */
  onScene?: (scene: CapturedScene, viewport: Viewport) => void;
}

export interface CaptureResult {
  scenes: CapturedScene[];
  /** Ids of beats whose target was gone: each became a cut of the page as it was. */
  missing: string[];
  viewport: Viewport;
  /** Ids of beats with a still taken before the page settled (it kept moving past the wait's bound). */
  unsettled: string[];
}

/** The wait for a page to settle before a still; on a document that already ran out of it, the shorter one. */
export const SETTLE_MS = 3_000;
export const SETTLE_AGAIN_MS = 500;

export const MIN_TYPE_STEPS = 3;
export const MAX_TYPE_STEPS = 6;

interface BrowserWindow {
  scrollX: number;
  scrollY: number;
  innerWidth: number;
  innerHeight: number;
  devicePixelRatio: number;
}

export async function viewportOf(page: Page): Promise<Viewport> {
  const measured = await page.evaluate(() => {
    // Runs in the page (no DOM lib in this project's types).
    const w = globalThis as unknown as BrowserWindow;
    return { width: w.innerWidth, height: w.innerHeight, deviceScaleFactor: w.devicePixelRatio };
  });
  const size = page.viewportSize();
  return size ? { ...size, deviceScaleFactor: measured.deviceScaleFactor } : measured;
}

const scrollOf = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as BrowserWindow;
    return { x: Math.round(w.scrollX), y: Math.round(w.scrollY) };
  });

/** The box intersected with the viewport (the cursor cannot travel off screen); null when nothing is left. */
function clampBox(box: Box | null, vp: Viewport): Box | null {
  if (!box) return null;
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  const right = Math.min(vp.width, box.x + box.width);
  const bottom = Math.min(vp.height, box.y + box.height);
  if (right <= x || bottom <= y) return null;
  return { x, y, width: right - x, height: bottom - y };
}

/** Prefix lengths for the typing stills: evenly spaced, never the whole value (that is `after`). */
export function typeStepLengths(length: number): number[] {
  const n = Math.min(MAX_TYPE_STEPS, Math.max(MIN_TYPE_STEPS, length));
  return Array.from({ length: n }, (_, i) => Math.floor((length * (i + 1)) / (n + 1)));
}

class MissingTarget extends Error {}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new Error("aborted");
}

/**
 * Replays `beats` in `page` (from the first, normally a navigate). A navigate that fails throws
 * NavigationError (perform.ts); a beat whose target is gone becomes a cut (listed in `missing`).
 */
export async function captureScenes(page: Page, beats: Beat[], opts: CaptureOptions = {}): Promise<CaptureResult> {
  const viewport = await viewportOf(page);
  const scenes: CapturedScene[] = [];
  const missing: string[] = [];
  const unsettled = new Set<string>();
  // Documents that never settled (a live ticker, an endless canvas): later stills there wait less, so
  // one restless page does not cost the full wait per still.
  const restless = new Set<string>();
  const network = watchNetwork(page);
  const clips = await clipTaker(page, opts.clips !== false, opts.signal);
  let beatId = "";
  // The last still and where it was taken: a beat's `before` reuses it when nothing moved since.
  const last: { shot: { png: Buffer; url: string; x: number; y: number } | null } = { shot: null };
  const shoot = async (): Promise<Buffer> => {
    const doc = page.url().split("#")[0] ?? "";
    const maxMs = restless.has(doc) ? SETTLE_AGAIN_MS : SETTLE_MS;
    const settle = await waitForSettled(page, { network, maxMs, ...(opts.signal ? { signal: opts.signal } : {}) });
    if (!settle.settled) {
      unsettled.add(beatId);
      restless.add(doc);
    }
    const png = await captureFrame(page);
    const { x, y } = await scrollOf(page);
    last.shot = { png, url: page.url(), x, y };
    return png;
  };
  const current = async (): Promise<Buffer> => {
    const { x, y } = await scrollOf(page);
    const prev = last.shot;
    if (prev && prev.url === page.url() && prev.x === x && prev.y === y) return prev.png;
    return shoot();
  };
  /** Brings the target on screen and measures it (CSS px, viewport-relative). */
  const aim = async (locator: Locator): Promise<Box> => {
    await locator.scrollIntoViewIfNeeded();
    const box = clampBox(await locator.boundingBox(), viewport);
    if (!box) throw new MissingTarget();
    return box;
  };

  const captureBeat = async (beat: Beat): Promise<void> => {
    if (beat.action === "navigate") {
      const clip = await clips.around(() => openPage(page, beat.url));
      scenes.push({ beatId: beat.id, before: null, after: await shoot(), motion: { kind: "cut" }, clip });
    } else {
      try {
        scenes.push(await captureAction(page, beat, { viewport, shoot, current, aim, clips, signal: opts.signal }));
      } catch (err) {
        if (opts.signal?.aborted) throw err;
        missing.push(beat.id);
        // A click that did not happen leaves the plan on the wrong page: open the page it ends on so the
        // beats after it still find their targets (best effort; a failure shows the page as it is).
        if (beat.action === "click" && !sameDocument(page.url(), beat.url))
          await openPage(page, beat.url).catch(() => {});
        scenes.push({ beatId: beat.id, before: null, after: await shoot(), motion: { kind: "cut" } });
      }
    }
  };

  try {
    for (const [i, beat] of beats.entries()) {
      throwIfAborted(opts.signal);
      await opts.checkpoint?.();
      beatId = beat.id;
      await captureBeat(beat);
      const scene = scenes.at(-1);
      if (scene?.beatId === beat.id) opts.onScene?.(scene, viewport);
      await opts.onBeat?.(i + 1, beats.length);
    }
  } finally {
    network.dispose();
  }
  return { scenes, missing, viewport, unsettled: [...unsettled] };
}

interface Tools {
  viewport: Viewport;
  shoot(): Promise<Buffer>;
  current(): Promise<Buffer>;
  aim(locator: Locator): Promise<Box>;
  clips: ClipTaker;
  signal: AbortSignal | undefined;
}

async function captureAction(page: Page, beat: Beat, t: Tools): Promise<CapturedScene> {
  await closeDialogs(page);
  const locator = await findTarget(page, beat.target);
  if (!locator) throw new MissingTarget();
  const beatId = beat.id;
  switch (beat.action) {
    case "click": {
      const target = await t.aim(locator);
      const before = await t.current();
      const clip = await t.clips.around(() => clickAndSettle(page, locator, beat.url));
      return { beatId, before, after: await t.shoot(), motion: { kind: "click", target }, clip };
    }
    case "hover": {
      const target = await t.aim(locator);
      const before = await t.current();
      const clip = await t.clips.around(() => locator.hover());
      return { beatId, before, after: await t.shoot(), motion: { kind: "hover", target }, clip };
    }
    case "type": {
      const target = await t.aim(locator);
      const before = await t.current();
      const value = beat.value ?? "";
      const steps: Buffer[] = [];
      for (const n of typeStepLengths(value.length)) {
        throwIfAborted(t.signal);
        await locator.fill(value.slice(0, n));
        steps.push(await t.shoot());
      }
      await locator.fill(value);
      return { beatId, before, after: await t.shoot(), motion: { kind: "type", target, steps } };
    }
    case "scroll": {
      const before = await t.current();
      const from = await scrollOf(page);
      const stuckAtStart = await stuckStickyElements(page);
      await scrollToTop(locator);
      const to = await scrollOf(page);
      await passOverScreens(page, from.y, to.y, t.viewport.height);
      const after = await t.shoot();
      const target = clampBox(await locator.boundingBox(), t.viewport);
      const top = Math.min(from.y, to.y);
      // One tall still from the first screen's top to the last screen's bottom (page coordinates with
      // fullPage; Chromium renders beyond the viewport without moving the scroll position), without the
      // elements pinned to the viewport: those come as their own layer, laid over every frame of the pan.
      const clip = { x: to.x, y: top, width: t.viewport.width, height: Math.abs(to.y - from.y) + t.viewport.height };
      const { strip, fixedLayer } = await captureScrollLayers(page, clip, stuckAtStart);
      return {
        beatId,
        before,
        after,
        motion: { kind: "scroll", strip, fixedLayer, fromY: from.y - top, toY: to.y - top, target },
      };
    }
    default:
      throw new MissingTarget();
  }
}
