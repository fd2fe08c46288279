/**
 * A bound for a call that has no timeout of its own (Playwright's `evaluate`, a CDP command): a page
 * stuck in a script would otherwise hold the caller for ever. The caller decides what losing means
 * (skip the step, take the page as it is, close it).
 */

export class DeadlineError extends Error {
  override readonly name = "DeadlineError";
}

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
