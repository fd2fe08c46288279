import type { Page } from "playwright-core";
import { ClipCamera } from "../../media/browser/index.js";
import type { MotionClip } from "../../media/compose/types.js";

/**
 * Real-motion clips around a render's actions (decision 0023): the page's time is held before an open,
 * a hover or a click, and what the action set moving is recorded frame by frame (media/browser/clip.ts).
 * Any failure to hold or record leaves the beat with its settled still, as before.
 */

export interface ClipTaker {
  /** Runs `act` with the page's time held, then records what it set moving; null when nothing moved. */
  around(act: () => Promise<void>): Promise<MotionClip | null>;
}

/** Only runs the actions: clips are off, or the page's clock could not be taken over. */
const NO_CLIPS: ClipTaker = {
  async around(act) {
    await act();
    return null;
  },
};

/** A clip taker for `page` (its browser context's clock is taken over from now on) when `enabled`. */
export async function clipTaker(page: Page, enabled: boolean, signal: AbortSignal | undefined): Promise<ClipTaker> {
  const camera = new ClipCamera(page);
  if (!enabled || !(await camera.install())) return NO_CLIPS;
  return {
    async around(act) {
      const frozen = await camera.freeze();
      try {
        await act();
      } catch (err) {
        await camera.thaw();
        throw err;
      }
      if (!frozen) return null;
      const clip = await camera.record(signal ? { signal } : {});
      return clip ? { frames: clip.frames, fps: clip.fps } : null;
    },
  };
}
