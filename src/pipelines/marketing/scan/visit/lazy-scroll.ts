import type { Page } from "playwright-core";
import { watchNetwork } from "../../../../media/browser/index.js";
import { type Deadline, within } from "./deadline.js";

/**
 * Scrolls a page down in viewport steps so content that loads on sight (lazy images, sections drawn
 * by an IntersectionObserver) is there before the page is read, then back to the top for the hero
 * shot. Goes no further than the screenshot height cap: what lies below is not shown anyway.
 */

/** Full-page screenshot height cap (decision 0025), and how far the scroll goes. */
export const SCROLL_HEIGHT_CAP = 8_000;
/** After each step, how long the network must have been quiet, and the most a step waits for it. */
const STEP_QUIET_MS = 100;
const STEP_MAX_MS = 400;
const POLL_MS = 40;

interface ScrollGlobals {
  innerHeight: number;
  scrollY: number;
  scrollTo(opts: { top: number; left: number; behavior: "instant" }): void;
  requestAnimationFrame(cb: () => void): number;
  document: { documentElement: { scrollHeight: number } | null; body: { scrollHeight: number } | null };
}

/** Scrolls to `y` and waits for the next frame (100 ms at most: a busy page may not draw). */
async function scrollToY(y: number): Promise<{ height: number; viewport: number; at: number }> {
  const g = globalThis as unknown as ScrollGlobals;
  g.scrollTo({ top: y, left: 0, behavior: "instant" });
  await new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, 100);
    g.requestAnimationFrame(() => {
      clearTimeout(fallback);
      resolve();
    });
  });
  const height = Math.max(g.document.documentElement?.scrollHeight ?? 0, g.document.body?.scrollHeight ?? 0);
  return { height, viewport: g.innerHeight, at: g.scrollY };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface ScrollReport {
  /** The page's height when the scroll ended (CSS px). */
  height: number;
  /** Steps taken. */
  steps: number;
  /** The deadline cut the scroll short. */
  cut: boolean;
}

export async function scrollForLazyContent(page: Page, deadline: Deadline, signal: AbortSignal): Promise<ScrollReport> {
  const network = watchNetwork(page);
  let steps = 0;
  let cut = false;
  try {
    let state = await within(page.evaluate(scrollToY, 0), deadline.left(), signal);
    let y = 0;
    for (;;) {
      const bottom = Math.min(state.height, SCROLL_HEIGHT_CAP);
      if (y + state.viewport >= bottom) break;
      if (deadline.passed()) {
        cut = true;
        break;
      }
      y += Math.max(200, state.viewport);
      state = await within(page.evaluate(scrollToY, y), deadline.left(), signal);
      steps += 1;
      // Give what the step brought into view its chance to start loading and finish.
      const stepEnds = performance.now() + Math.min(STEP_MAX_MS, deadline.left());
      while (network.quietFor() < STEP_QUIET_MS && performance.now() < stepEnds) await pause(POLL_MS);
    }
    await within(page.evaluate(scrollToY, 0), Math.max(500, deadline.left()), signal);
    return { height: state.height, steps, cut };
  } finally {
    network.dispose();
  }
}
