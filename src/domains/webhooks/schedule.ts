/** Attempts per event and endpoint (spec: Delivery). */
export const MAX_ATTEMPTS = 6;
/** Consecutive failed deliveries that disable an endpoint. */
export const DISABLE_AFTER_FAILURES = 20;
/** A receiver has this long to answer 2xx (socket timeout is the ceiling per attempt). */
export const RESPONSE_BUDGET_MS = 10_000;

/**
 * Gap before attempt n + 1 after attempt n fails: exponential on a 30 s base, 30 s × (2ⁿ − 1) —
 * 30 s, 1.5 min, 3.5 min, 7.5 min, 15.5 min (28.5 minutes first to last).
 */
export const retryGapMs = (failedAttempt: number): number => 30_000 * (2 ** failedAttempt - 1);

/**
 * The log shows `nextAttemptAt` as an estimate earlier than the real attempt, by more each attempt
 * (spec): the real attempt adds up to 10 % of the gap of jitter, so many endpoints failing at once do
 * not all retry in the same instant.
 */
export function nextAttempt(
  failedAttempt: number,
  now: number,
  random = Math.random,
): { estimate: number; due: number } {
  const gap = retryGapMs(failedAttempt);
  const estimate = now + gap;
  return { estimate, due: estimate + Math.ceil(gap * 0.1 * random()) + failedAttempt };
}

/** `lastError`: a status line or an error code, at most 256 characters (spec). */
export const lastError = (text: string): string => text.slice(0, 256);
