import { createHash } from "node:crypto";
import type { AuthThrottleSettings } from "../../config.js";
import { throttleKeyOf } from "./client-key.js";
import { type RateWindow, rateLimited } from "./limiter.js";
import type { RateLimitStore } from "./store.js";

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** One sign-in try that passed the email's back-off; its failure needs nothing more (it is counted). */
export interface SignInAttempt {
  /** The password was right: the email's failures and wait are forgotten. */
  succeeded(): Promise<void>;
  /** The password was never checked (busy on our side): the try is taken back. */
  abandoned(): Promise<void>;
}

/**
 * Throttles of the dashboard's sign-up and sign-in, kept in the rate-limit store (memory, or Redis
 * shared by every process) like the other windows:
 * - sign-ups per IP address per hour (429 `rate_limited`, class unauthenticated, scope `hour`; an IPv6
 *   client is its /64, client-key.ts);
 * - per email, whatever the IP: after `signInFreeFailures` failures in a row each further try waits,
 *   the wait doubling from `signInFirstLockSeconds` up to `signInMaxLockSeconds` (scope `email`);
 *   refused tries are not checked and do not lengthen the wait; a success forgets it all. Failures
 *   are forgotten a day after the first of them.
 * Emails are keyed by a digest: the store never holds the addresses themselves.
 */
export class AuthThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly settings: AuthThrottleSettings,
    private readonly now: () => number,
  ) {}

  /** Counts a sign-up from `ip`; past the hourly limit, 429 with nothing counted. */
  async consumeSignup(ip: string): Promise<{ release(): Promise<void> }> {
    const key = `su:${throttleKeyOf(ip)}`;
    const state = await this.store.hit(key, HOUR);
    if (state.count > this.settings.signupsPerHour) {
      await this.store.undo(key);
      const window = { limit: this.settings.signupsPerHour, remaining: 0, resetAt: state.resetAt };
      throw rateLimited("unauthenticated", "hour", window, this.now());
    }
    return { release: async () => void (await this.store.undo(key)) };
  }

  /** True for the first notice mailed to `email` this hour, so sign-up cannot be used to flood an inbox. */
  async firstNoticeThisHour(email: string): Promise<boolean> {
    return (await this.store.hit(`sn:${digest(email)}`, HOUR)).count === 1;
  }

  /**
   * Before checking a password for `email` (normalised): 429 while the email's wait is open. Past the
   * free failures, the try that goes ahead opens the next wait itself, so tries racing it (from any IP
   * or process) find the wait open and are refused instead of checked.
   */
  async beginSignIn(email: string): Promise<SignInAttempt> {
    const id = digest(email);
    const failures = `sf:${id}`;
    const wait = `sw:${id}`;
    const open = await this.store.peek(wait);
    if (open) throw this.waiting(open.resetAt);
    const tries = await this.store.hit(failures, DAY);
    let openedWait = false;
    if (tries.count >= this.settings.signInFreeFailures) {
      const gate = await this.store.hit(wait, this.waitMs(tries.count));
      if (gate.count > 1) {
        await this.store.undo(failures);
        throw this.waiting(gate.resetAt);
      }
      openedWait = true;
    }
    return {
      succeeded: async () => {
        await this.store.reset(failures);
        await this.store.reset(wait);
      },
      abandoned: async () => {
        await this.store.undo(failures);
        if (openedWait) await this.store.reset(wait);
      },
    };
  }

  /** The wait after the `count`th failure in a row (count ≥ the free failures). */
  private waitMs(count: number): number {
    const { signInFreeFailures, signInFirstLockSeconds, signInMaxLockSeconds } = this.settings;
    const exponent = Math.min(count - signInFreeFailures, 30);
    return Math.min(signInMaxLockSeconds, signInFirstLockSeconds * 2 ** exponent) * 1000;
  }

  private waiting(resetAt: number) {
    const window: RateWindow = { limit: this.settings.signInFreeFailures, remaining: 0, resetAt };
    return rateLimited("unauthenticated", "email", window, this.now());
  }
}

const digest = (email: string): string => createHash("sha256").update(email).digest("base64url").slice(0, 22);
