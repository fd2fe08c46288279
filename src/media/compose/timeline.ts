import type { SceneMotion, SceneTiming, Viewport } from "./types.js";

/**
 * The one timeline, so picture, voice and captions cannot drift apart: computed once, in whole frames, before anything is drawn; the frames,
 * the narration's placement and both caption files all read these numbers.
 *
 * A scene is busy for max(motion minimum, lead-in + narration) and then holds its last frame; naturally
 * the hold is the narration's tail, rounded up to whole frames (so the narration always fits). Quiet is
 * counted from the end of a scene's speech (motion after it is heard as silence): what a target length
 * adds never takes the quiet after it plus the next scene's lead-in past MAX_QUIET_HOLD_SECONDS (the
 * last scene's: CLOSING_HOLD_SECONDS); only a motion longer than that keeps its scene busy past it. With
 * a target length the difference is shared evenly between the holds within those caps (largest remainder to the first
 * ones): the video is round(target × fps) frames when its content can fill that, and shorter, never
 * padded with silence, when it cannot. When shortening, no scene goes below its busy length.
 */

export const LEAD_IN_SECONDS = 0.3;
export const TAIL_SECONDS = 0.5;
/**
 * The longest stretch with neither speech nor motion between two scenes: a scene's hold once its speech
 * and motion are over, plus the next scene's lead-in.
 */
export const MAX_QUIET_HOLD_SECONDS = 1.5;
/**
 * The last scene's hold may be a little longer, a closing look at where the walkthrough ends; under 2 s
 * with the voice's own edge margin (media/tts/wav.ts).
 */
export const CLOSING_HOLD_SECONDS = 1.8;
/** Cursor travel to a target. */
export const TRAVEL_SECONDS = 0.8;
/** The click ripple; `after` replaces `before` at its midpoint (a cut, never a blend). */
export const RIPPLE_SECONDS = 0.4;
/** A moment to look at the result of a motion before the scene may end. */
export const SETTLE_SECONDS = 0.4;
/**
 * Zooms follow the best screen-recording tools: eased in over ZOOM_IN_SECONDS from the scene's start (the
 * cursor's travel, so it starts that long before the action), held at least ZOOM_HOLD_SECONDS, eased out
 * over ZOOM_OUT_SECONDS (both within the 0.5–0.8 s norm).
 */
export const ZOOM_IN_SECONDS = 0.7;
export const ZOOM_HOLD_SECONDS = 1.5;
export const ZOOM_OUT_SECONDS = 0.6;
const CUT_MIN_SECONDS = 1;
/** The pause on the first screen before a scroll starts. */
export const SCROLL_LEAD_SECONDS = 0.3;

/** Where a scene's motion happens, in seconds from the scene's start. */
export interface MotionPhases {
  /** Cursor travel (and zoom-in) ends; 0 for cut and scroll. */
  arrive: number;
  /** The click instant (click, type), else null. */
  clickAt: number | null;
  /** When `after` replaces `before` (a cut). */
  afterAt: number;
  /** Typing steps are shown evenly over [typeStart, typeEnd). */
  typeStart: number;
  typeEnd: number;
  /** The scroll pan runs over [scrollStart, scrollEnd]. */
  scrollStart: number;
  scrollEnd: number;
  /** Zooming motions: the earliest the zoom may ease out (held ZOOM_HOLD_SECONDS, the result seen); else 0. */
  holdUntil: number;
  /** The motion's minimum length. */
  minimum: number;
}

export function scrollSeconds(fromY: number, toY: number, viewport: Viewport): number {
  const screens = Math.abs(toY - fromY) / Math.max(1, viewport.height);
  return Math.min(3, Math.max(0.8, 0.7 + 0.5 * screens));
}

export function motionPhases(motion: SceneMotion, viewport: Viewport): MotionPhases {
  const none = {
    arrive: 0,
    clickAt: null,
    afterAt: 0,
    typeStart: 0,
    typeEnd: 0,
    scrollStart: 0,
    scrollEnd: 0,
    holdUntil: 0,
  };
  // A zooming motion ends zoomed out again, after its hold.
  const zoomed = (afterAt: number) => {
    const holdUntil = Math.max(ZOOM_IN_SECONDS + ZOOM_HOLD_SECONDS, afterAt + SETTLE_SECONDS);
    return { holdUntil, minimum: holdUntil + ZOOM_OUT_SECONDS };
  };
  switch (motion.kind) {
    case "cut":
      return { ...none, minimum: CUT_MIN_SECONDS };
    case "hover":
      return { ...none, arrive: TRAVEL_SECONDS, afterAt: TRAVEL_SECONDS, ...zoomed(TRAVEL_SECONDS) };
    case "click": {
      const afterAt = TRAVEL_SECONDS + RIPPLE_SECONDS / 2;
      return {
        ...none,
        arrive: TRAVEL_SECONDS,
        clickAt: TRAVEL_SECONDS,
        afterAt,
        ...zoomed(afterAt),
      };
    }
    case "type": {
      const typeStart = TRAVEL_SECONDS + RIPPLE_SECONDS;
      const typeEnd = typeStart + Math.min(2.5, Math.max(0.6, 0.1 * (motion.steps.length + 1)));
      return {
        ...none,
        arrive: TRAVEL_SECONDS,
        clickAt: TRAVEL_SECONDS,
        typeStart,
        typeEnd,
        afterAt: typeEnd,
        ...zoomed(typeEnd),
      };
    }
    case "scroll": {
      const scrollEnd = SCROLL_LEAD_SECONDS + scrollSeconds(motion.fromY, motion.toY, viewport);
      return {
        ...none,
        scrollStart: SCROLL_LEAD_SECONDS,
        scrollEnd,
        afterAt: scrollEnd,
        minimum: scrollEnd + SETTLE_SECONDS,
      };
    }
  }
}

export interface TimelineScene {
  beatId: string;
  /** The motion's minimum length (MotionPhases.minimum). */
  motionSeconds: number;
  /** Spoken length; 0 for a silent beat. */
  narrationSeconds: number;
}

export interface Timeline {
  fps: number;
  frames: number;
  durationSeconds: number;
  scenes: SceneTiming[];
}

const framesFor = (seconds: number, fps: number): number => Math.max(1, Math.ceil(seconds * fps - 1e-6));

/** Adds `delta` frames (negative to remove) spread evenly over the scenes, each within [min, max]. */
function spread(frames: number[], min: number[], max: number[], delta: number): void {
  let left = delta;
  while (left !== 0) {
    const open = frames
      .map((_f, i) => i)
      .filter((i) =>
        left > 0 ? (frames[i] as number) < (max[i] as number) : (frames[i] as number) > (min[i] as number),
      );
    if (open.length === 0) break;
    const each = Math.trunc(left / open.length);
    let extra = Math.abs(left) - Math.abs(each) * open.length;
    const sign = Math.sign(left);
    for (const i of open) {
      let want = each + (extra > 0 ? sign : 0);
      if (extra > 0) extra--;
      const f = frames[i] as number;
      want = sign < 0 ? Math.max(want, (min[i] as number) - f) : Math.min(want, (max[i] as number) - f);
      frames[i] = f + want;
      left -= want;
    }
  }
}

export function computeTimeline(scenes: readonly TimelineScene[], fps: number, targetSeconds: number | null): Timeline {
  if (scenes.length === 0) throw new RangeError("a walkthrough needs at least one scene");
  if (!Number.isFinite(fps) || fps <= 0 || fps > 120) throw new RangeError(`fps out of range: ${fps}`);
  for (const s of scenes) {
    if (!Number.isFinite(s.narrationSeconds) || s.narrationSeconds < 0)
      throw new RangeError(`scene ${s.beatId}: narration length must be ≥ 0`);
  }
  const spoken = (s: TimelineScene) => (s.narrationSeconds > 0 ? LEAD_IN_SECONDS + s.narrationSeconds : 0);
  const busy = scenes.map((s) => Math.max(s.motionSeconds, spoken(s)));
  const frames = scenes.map((s) =>
    framesFor(Math.max(s.motionSeconds, s.narrationSeconds > 0 ? spoken(s) + TAIL_SECONDS : 0), fps),
  );
  const min = busy.map((b) => framesFor(b, fps));
  // The longest each scene may last: its quiet hold counted from the end of its speech, not of its motion
  // (a zoom held after the voice has stopped is silence all the same), never below busy or its tail.
  const max = scenes.map((s, i) => {
    const hold = i === scenes.length - 1 ? CLOSING_HOLD_SECONDS : MAX_QUIET_HOLD_SECONDS - LEAD_IN_SECONDS;
    const quietFrom = s.narrationSeconds > 0 ? spoken(s) : (busy[i] as number);
    return Math.max(frames[i] as number, min[i] as number, Math.floor((quietFrom + hold) * fps + 1e-6));
  });
  if (targetSeconds !== null) {
    if (!Number.isFinite(targetSeconds) || targetSeconds <= 0) throw new RangeError("targetSeconds must be > 0");
    const total = Math.round(targetSeconds * fps);
    const floor = min.reduce((a, b) => a + b, 0);
    if (total < floor) {
      throw new RangeError(
        `targetSeconds ${targetSeconds} is shorter than the narration and motion need (${(floor / fps).toFixed(2)} s)`,
      );
    }
    spread(frames, min, max, total - frames.reduce((a, b) => a + b, 0));
  }
  let at = 0;
  const timings = scenes.map((s, i): SceneTiming => {
    const n = frames[i] as number;
    const t: SceneTiming = {
      beatId: s.beatId,
      startFrame: at,
      frames: n,
      startSeconds: at / fps,
      durationSeconds: n / fps,
      narrationStartSeconds: at / fps + LEAD_IN_SECONDS,
    };
    at += n;
    return t;
  });
  return { fps, frames: at, durationSeconds: at / fps, scenes: timings };
}
