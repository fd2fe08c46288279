import { setTimeout as pause } from "node:timers/promises";

/**
 * Waiting on state without guessing how long it takes. `waitFor` polls a check until it holds;
 * `within` awaits an event (a promise). Both give up at a deadline with an error naming what was
 * awaited, so a broken path fails fast and says why instead of hanging until the test's timeout.
 * The deadline is only the failure path: a passing test never depends on how quick the machine is.
 */
export interface WaitOptions {
  /** What is awaited, for the error ("job 123 to be running"). */
  what: string;
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Between checks (default 10 ms). */
  intervalMs?: number;
  /** More for the error: the last state seen, a child's output. */
  detail?: () => string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_INTERVAL_MS = 10;

const timedOut = (opts: WaitOptions, ms: number): Error => {
  const extra = opts.detail?.();
  return new Error(`timed out after ${ms} ms waiting for ${opts.what}${extra ? `\n${extra}` : ""}`);
};

/** Polls `check` until it answers something other than false, null or undefined; resolves to that. */
export async function waitFor<T>(
  check: () => T | false | null | undefined | Promise<T | false | null | undefined>,
  opts: WaitOptions,
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== false && value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw timedOut(opts, timeoutMs);
    await pause(opts.intervalMs ?? DEFAULT_INTERVAL_MS);
  }
}

/** Resolves with `event` once it settles; throws a named timeout if it has not by the deadline. */
export async function within<T>(event: Promise<T>, opts: Omit<WaitOptions, "intervalMs">): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut(opts, timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([event, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
