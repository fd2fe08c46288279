/**
 * The in-page half of a real-motion clip (clip.ts): made in the page with `evaluateHandle`, it steps the
 * page's fake clock and seeks its animations, one call per frame.
 */

// --- In the page (serialised; this project has no DOM types, so the globals used are declared here). ---

interface PageAnimation {
  playState: string;
  pending: boolean;
  currentTime: number | null;
  effect: { getComputedTiming(): { endTime?: number | string; iterations?: number } } | null;
  pause(): void;
  play(): void;
  finish(): void;
}
interface PageGlobals {
  document: { getAnimations?(): PageAnimation[] };
  __pwClock?: {
    controller?: {
      runFor?(ms: number): Promise<void>;
      _now?: { ticks: number };
      _timers?: Map<number, { callAt: number }>;
    };
  };
}

/** The clip's hand on the page: the clock (Playwright's, in the page) and the animations. */
export interface ClipStepper {
  /** Whether anything may move within `windowMs`; if so, aligns the clock on the animation-frame grid. */
  prepare(windowMs: number): Promise<boolean>;
  /** Runs the clock `ms` forward, then seeks the animations to `at` ms into the clip. */
  step(ms: number, at: number): Promise<void>;
  /** Lets the animations go: finished when past their end, playing otherwise. */
  release(): void;
}

/**
 * Made in the page. The clock is stepped in the page itself (one call per frame, and no init script
 * per step as `page.clock.runFor` adds); errors thrown by the page's own callbacks do not stop it. Every
 * running animation is paused when first seen and seeked to the clip's time since then, so CSS
 * transitions and animations (which follow the compositor's real clock) move in step with the frames.
 */
export function clipStepper(): ClipStepper {
  // The fake requestAnimationFrame fires on a 16 ms grid: frame 0 is put on it, so every run sees the
  // same callbacks at the same clip times.
  const RAF_GRID = 16;
  const g = globalThis as unknown as PageGlobals;
  const clock = g.__pwClock?.controller;
  if (!clock?.runFor || !clock._now || !(clock._timers instanceof Map)) throw new Error("no page clock");
  const born = new Map<PageAnimation, number>();
  const animations = () => g.document.getAnimations?.() ?? [];
  const finite = (a: PageAnimation) => {
    const timing = a.effect?.getComputedTiming();
    return !!timing && timing.iterations !== Number.POSITIVE_INFINITY && timing.endTime !== Number.POSITIVE_INFINITY;
  };
  const run = async (ms: number) => {
    try {
      await clock.runFor?.(ms);
    } catch {
      // A page callback threw: its own bug, the time has moved all the same.
    }
  };
  return {
    async prepare(windowMs: number) {
      // Endless animations (a spinner) never come to rest: they alone are not worth a clip.
      let moves = animations().some((a) => (a.playState === "running" || a.pending) && finite(a));
      const now = clock._now?.ticks ?? 0;
      for (const t of clock._timers?.values() ?? []) if (t.callAt - now <= windowMs) moves = true;
      if (!moves) return false;
      // To the grid point where the first pending frame callback is due (the next one, even when the
      // clock is on the grid already: a callback asked for then is due one interval later).
      await run(RAF_GRID - (Math.ceil(now) % RAF_GRID));
      return true;
    },
    async step(ms: number, at: number) {
      if (ms > 0) await run(ms);
      for (const a of animations()) {
        let since = born.get(a);
        if (since === undefined) {
          if (a.playState !== "running" && !a.pending) continue;
          since = at;
          born.set(a, since);
          a.pause();
        }
        a.currentTime = at - since;
      }
    },
    release() {
      for (const a of born.keys()) {
        try {
          const end = Number(a.effect?.getComputedTiming().endTime);
          // Past its end, play() would rewind it: finish it instead; infinite ones play on.
          if (Number.isFinite(end) && (a.currentTime ?? 0) >= end) a.finish();
          else a.play();
        } catch {
          // Removed from the document meanwhile, or the page replaced its methods.
        }
      }
    },
  };
}
