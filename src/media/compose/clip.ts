import type { Still, StillLoader } from "./stills.js";
import { type MotionPhases, SETTLE_SECONDS } from "./timeline.js";
import type { MotionClip } from "./types.js";

/**
 * Playing a scene's real-motion clip (decision 0023): its frames replace `after` from the moment `after`
 * appears, one clip frame per 1/fps s, then `after` (the settled page) holds. The scene lasts at least
 * until the clip has played and been looked at for a moment.
 */

export interface ClipStills {
  frames: Still[];
  fps: number;
}

/** The clip's frames as stills; a frame repeating the one before it reuses its still (decoded once). */
export async function loadClip(clip: MotionClip | null | undefined, loader: StillLoader): Promise<ClipStills | null> {
  if (!clip || clip.frames.length === 0 || !(clip.fps > 0)) return null;
  const frames: Promise<Still>[] = [];
  clip.frames.forEach((png, k) => {
    const previous = clip.frames[k - 1];
    frames.push(previous?.equals(png) ? (frames[k - 1] as Promise<Still>) : loader.load(png));
  });
  return { frames: await Promise.all(frames), fps: clip.fps };
}

/** What shows `sinceAfter` seconds after `after` starts to appear: the clip's frame then, else `after`. */
export function afterStillAt(stills: { after: Still; clip?: ClipStills | null }, sinceAfter: number): Still {
  const clip = stills.clip;
  if (!clip || sinceAfter < 0) return stills.after;
  // Frame times are exact multiples of 1/fps: the epsilon keeps a frame at k/fps on clip frame k.
  const k = Math.floor(sinceAfter * clip.fps + 1e-6);
  return clip.frames[k] ?? stills.after;
}

const clipSeconds = (clip: MotionClip | null | undefined): number =>
  clip && clip.fps > 0 ? clip.frames.length / clip.fps : 0;

/** The scene's phases with a minimum long enough to play the clip and look at its end. */
export function withClip(phases: MotionPhases, clip: MotionClip | null | undefined): MotionPhases {
  const seconds = clipSeconds(clip);
  if (seconds === 0) return phases;
  return { ...phases, minimum: Math.max(phases.minimum, phases.afterAt + seconds + SETTLE_SECONDS) };
}
