/**
 * Bounds for work inside a scanned page. Playwright's `evaluate` has no timeout of its own, so a page
 * stuck in a script would hold a step for ever; every in-page step of the scan is raced against the
 * time it has left, and the caller closes the page when it loses (which ends the stuck call).
 */

export { DeadlineError, within } from "../../../../media/browser/index.js";

/** An absolute point in time (performance.now() scale) and what is left of it. */
export interface Deadline {
  readonly at: number;
  left(): number;
  passed(): boolean;
}

export function deadlineIn(ms: number, now: () => number = () => performance.now()): Deadline {
  const at = now() + Math.max(0, ms);
  return { at, left: () => Math.max(0, at - now()), passed: () => now() >= at };
}

/** The earlier of two deadlines. */
export const earliest = (a: Deadline, b: Deadline): Deadline => (a.at <= b.at ? a : b);
