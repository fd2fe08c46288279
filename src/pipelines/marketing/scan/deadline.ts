/**
 * Bounds for work inside a scanned page. Playwright's `evaluate` has no timeout of its own, so a page
 * stuck in a script would hold a step for ever; every in-page step of the scan is raced against the
 * time it has left, and the caller closes the page when it loses (which ends the stuck call).
 */

export class DeadlineError extends Error {
  override readonly name = "DeadlineError";
}

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

/**
 * The promise's value, or a DeadlineError after `ms` (or an abort with the signal's reason). The loser's
 * late rejection is swallowed so it never surfaces as unhandled.
 */
export function within<T>(promise: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  promise.catch(() => undefined);
  if (signal?.aborted) return Promise.reject(signal.reason ?? new Error("aborted"));
  return new Promise<T>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      done();
      reject(signal?.reason ?? new Error("aborted"));
    };
    const timer = setTimeout(
      () => {
        done();
        reject(new DeadlineError(`no answer within ${Math.round(ms)} ms`));
      },
      Math.max(0, ms),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        done();
        resolve(v);
      },
      (err: unknown) => {
        done();
        reject(err);
      },
    );
  });
}
