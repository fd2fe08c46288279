import type { CDPSession, JSHandle, Page } from "playwright-core";
import { type ClipStepper, clipStepper } from "./clip-stepper.js";
import { DeadlineError, within } from "./within.js";

/**
 * Short real-motion clips (decision 0023): a chart drawing in as a page opens, a hover or a menu's
 * transition. Chromium's virtual time does not move requestAnimationFrame timestamps or CSS/Web
 * Animations in new headless (they follow the compositor's real clock), and BeginFrame control needs
 * targets Playwright does not create, so the page's clock is driven from here instead: Playwright's
 * fake clock (Date, performance.now, timers, requestAnimationFrame) is paused before the action and
 * stepped by 1/fps s per frame, and every CSS/Web Animation is paused and seeked to the same time. A
 * frame k shows the page at k/fps s after the action on a fast machine and a slow one alike.
 *
 * Bounded: at most `maxFrames` frames, stopping once STABLE_FRAMES frames in a row are identical, and
 * within `wallMs` of wall time; a page that spins or refuses the clock gives no clip (the caller keeps
 * its settled still). The clock runs on natural time again afterwards, animations finished or playing.
 */

export interface RecordedClip {
  /** PNG frames of the viewport at the device scale; frame k is taken k/fps s after the action. */
  frames: Buffer[];
  fps: number;
  /** Whether the motion came to rest inside the clip (false: cut off at `maxFrames`). */
  settled: boolean;
}

export interface ClipOptions {
  fps?: number;
  maxFrames?: number;
  /** Wall-time bound for the whole clip (ms). */
  wallMs?: number;
  signal?: AbortSignal;
}

const CLIP_FPS = 30;
export const MAX_CLIP_FRAMES = 45;
const CLIP_WALL_MS = 30_000;
/** Identical frames in a row that mean the motion is over (the repeats are dropped). */
const STABLE_FRAMES = 3;
/** How far ahead of the page's clock a pause is aimed, tried in turn (ms). */
const FREEZE_AHEAD_MS = [100, 500, 2_000];
/** Bound for one call into the page (a step, a screenshot) (ms). */
const CALL_MS = 4_000;

/** Frame k's time in whole ms (the clock takes whole ticks), so every run steps the same amounts. */
const frameTimeMs = (k: number, fps: number): number => Math.round((k * 1000) / fps);

/**
 * One capture session's clock control for `page` (its whole browser context shares the clock). Make
 * one per capture run; `install` once before the first page to record opens.
 */
export class ClipCamera {
  private frozen = false;

  constructor(private readonly page: Page) {}

  /** Puts the context's pages on Playwright's fake clock, running on natural time. False if refused. */
  async install(): Promise<boolean> {
    try {
      await within(this.page.clock.install(), CALL_MS);
      return true;
    } catch {
      return false;
    }
  }

  /** Stops the page's time before an action (an open, a hover, a click); false when that failed. */
  async freeze(): Promise<boolean> {
    try {
      // The clock runs on until the pause lands: aim a little ahead, further when that was already past.
      for (const ahead of FREEZE_AHEAD_MS) {
        const now = await within(this.page.evaluate("Date.now()") as Promise<number>, CALL_MS);
        if (!Number.isFinite(now)) return false;
        try {
          await within(this.page.clock.pauseAt(Math.ceil(now) + ahead), CALL_MS);
          this.frozen = true;
          return true;
        } catch (err) {
          if (!/past/.test(String(err))) throw err;
        }
      }
      return false;
    } catch {
      await this.thaw();
      return false;
    }
  }

  /** Lets the page's time run on its own again (idempotent, bounded, never throws). */
  async thaw(): Promise<void> {
    if (!this.frozen) return;
    this.frozen = false;
    await within(this.page.clock.resume(), CALL_MS).catch(() => {});
  }

  /**
   * Records what moves from now on (after `freeze` and the action), then thaws. Null when nothing
   * moves (no timer due and no finite animation running, or the frames stay the same), when the page did
   * not answer in time, or when not frozen.
   */
  async record(opts: ClipOptions = {}): Promise<RecordedClip | null> {
    if (!this.frozen) return null;
    const fps = opts.fps ?? CLIP_FPS;
    const maxFrames = opts.maxFrames ?? MAX_CLIP_FRAMES;
    const deadline = performance.now() + (opts.wallMs ?? CLIP_WALL_MS);
    // Each call within CALL_MS (a page that spins is given up on quickly), all within the clip's bound.
    const left = () => {
      const ms = deadline - performance.now();
      if (ms <= 0) throw new DeadlineError("the clip's wall time ran out");
      return Math.min(ms, CALL_MS);
    };
    let stepper: JSHandle<ClipStepper> | null = null;
    let cdp: CDPSession | null = null;
    try {
      stepper = await within(this.page.evaluateHandle(clipStepper), left());
      const handle = stepper;
      const windowMs = frameTimeMs(maxFrames, fps);
      if (
        !(await within(
          handle.evaluate((s, w) => s.prepare(w), windowMs),
          left(),
        ))
      )
        return null;
      cdp = await within(this.page.context().newCDPSession(this.page), left());
      const session = cdp;
      const frames: Buffer[] = [];
      let same = 0;
      for (let k = 0; k < maxFrames; k++) {
        if (opts.signal?.aborted) throw opts.signal.reason ?? new Error("aborted");
        const step: [number, number] = [k > 0 ? frameTimeMs(k, fps) - frameTimeMs(k - 1, fps) : 0, frameTimeMs(k, fps)];
        await within(
          handle.evaluate((s, [ms, at]) => s.step(ms, at), step),
          left(),
        );
        // Straight from the compositor at device pixels (Playwright's screenshot adds round trips per
        // frame); fast PNG encoding took 105–113 instead of 123–185 Chromium CPU-ms a 1280×800 frame.
        const shot = await within(
          session.send("Page.captureScreenshot", { format: "png", optimizeForSpeed: true }),
          left(),
        );
        const png = Buffer.from(shot.data, "base64");
        same = k > 0 && png.equals(frames[k - 1] as Buffer) ? same + 1 : 0;
        frames.push(png);
        if (same >= STABLE_FRAMES - 1) break;
      }
      const settled = same >= STABLE_FRAMES - 1;
      // The repeats at the end are the settled picture: one is enough.
      const kept = settled ? frames.slice(0, frames.length - same) : frames;
      return kept.length >= 2 ? { frames: kept, fps, settled } : null;
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      return null;
    } finally {
      if (stepper) {
        const handle = stepper;
        await within(
          handle.evaluate((s) => s.release()),
          CALL_MS,
        ).catch(() => {});
        await handle.dispose().catch(() => {});
      }
      await cdp?.detach().catch(() => {});
      await this.thaw();
    }
  }
}
