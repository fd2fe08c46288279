import { endOfUtcDay, utcDay } from "../../clock.js";
import type { RateLimits } from "../../config.js";
import { ApiError } from "../../contract/errors.js";
import type { Actor } from "../../operations/actor.js";
import type { RateClass } from "../../operations/scopes.js";
import { throttleKeyOf } from "./client-key.js";
import type { RateLimitStore, WindowState } from "./store.js";

const MINUTE = 60_000;

/** The unauthenticated window of a client address (an IPv6 client's whole /64: client-key.ts). */
const unauthenticatedKey = (ip: string): string => `u:${throttleKeyOf(ip)}`;

/** What the RateLimit-* headers describe: the window that applied. */
export interface RateWindow {
  limit: number;
  remaining: number;
  /** Epoch ms when the window reopens. */
  resetAt: number;
}

/** `hour` and `email` are the dashboard's sign-up and sign-in throttles (auth-throttle.ts). */
type Scope = "minute" | "account" | "day" | "global" | "hour" | "email";

/** One UTC-day allowance of an operation (voice previews): `key` names the counter, the day is added. */
export interface DailyCap {
  key: string;
  limit: number;
  /** `day` for a caller's own cap, `global` for a product-wide one. */
  scope: "day" | "global";
}

interface Bucket {
  key: string;
  limit: number;
  windowMs: number;
  scope: Scope;
}

/**
 * The spec's rate limits (Limits section). Checking order: (1) the credential's class window (a key's
 * rateLimitPerMinute lowers it, never raises it; a signed-in person has one bucket per account),
 * (2) the account's window across all keys and classes, (3) a key's UTC-day cap. A request refused by a
 * later window is taken back from the earlier ones, so refusals never spend budget.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly limits: RateLimits,
    private readonly now: () => number,
  ) {}

  /**
   * Count the request (as `cost` requests: an MCP batch counts each of its messages); throws 429
   * rate_limited when a window cannot take them all, having counted none.
   */
  async consume(actor: Actor, rateClass: RateClass, cost = 1): Promise<RateWindow> {
    const buckets = this.bucketsFor(actor, rateClass);
    // Every window in one step: a shared store answers in one round trip, and takes a refused
    // request's hits back in that same step.
    const pending = this.store.hitAll(buckets, cost);
    // A synchronous store's answer is used as is: even `await` on a plain value costs a tick.
    const { states, refused } = pending instanceof Promise ? await pending : pending;
    if (refused >= 0) {
      const bucket = buckets[refused] as Bucket;
      const window = toWindow(bucket.limit, states[refused] as WindowState);
      throw this.refusal(rateClass, bucket.scope, { ...window, remaining: 0 });
    }
    return toWindow((buckets[0] as Bucket).limit, states[0] as WindowState);
  }

  /**
   * Counts one use against each UTC-day cap in order (same store, same fixed windows, closing at the
   * next UTC midnight); over any cap, the counts already made are taken back and 429 rate_limited is
   * thrown with that cap's scope. `release` takes the use back (the work failed on our side).
   */
  async consumeDaily(caps: readonly DailyCap[], rateClass: RateClass): Promise<{ release(): Promise<void> }> {
    const now = this.now();
    const day = utcDay(new Date(now));
    const windowMs = endOfUtcDay(day).getTime() - now;
    const counted: string[] = [];
    for (const cap of caps) {
      const key = `${cap.key}:${day}`;
      const state = await this.store.hit(key, windowMs);
      if (state.count > cap.limit) {
        await this.store.undo(key);
        for (const c of counted) await this.store.undo(c);
        throw this.refusal(rateClass, cap.scope, { limit: cap.limit, remaining: 0, resetAt: state.resetAt });
      }
      counted.push(key);
    }
    return {
      release: async () => {
        for (const c of counted) await this.store.undo(c);
      },
    };
  }

  /** The class window as it stands, for answers refused before counting (scope, state, validation). */
  async peek(actor: Actor, rateClass: RateClass): Promise<RateWindow> {
    const [bucket] = this.bucketsFor(actor, rateClass) as [Bucket];
    return this.peekBucket(bucket);
  }

  /** Count one unauthenticated failure from `ip`; beyond the limit the 401 becomes a 429. */
  async failUnauthenticated(ip: string): Promise<{ window: RateWindow; refusal: RateLimitedError | null }> {
    const limit = this.limits.unauthenticated;
    const state = await this.store.hit(unauthenticatedKey(ip), MINUTE);
    const window = toWindow(limit, state);
    return { window, refusal: state.count > limit ? this.refusal("unauthenticated", "minute", window) : null };
  }

  async peekUnauthenticated(ip: string): Promise<RateWindow> {
    return this.peekBucket({
      key: unauthenticatedKey(ip),
      limit: this.limits.unauthenticated,
      windowMs: MINUTE,
      scope: "minute",
    });
  }

  /** The IP's unauthenticated window; 429 when it is spent (before work a guesser could repeat). */
  async checkUnauthenticated(ip: string): Promise<RateWindow> {
    const window = await this.peekUnauthenticated(ip);
    if (window.remaining <= 0) throw this.refusal("unauthenticated", "minute", window);
    return window;
  }

  /**
   * A password check, counted as a failure of `ip` before it runs, so concurrent guesses cannot overrun
   * the budget (over it: 429, nothing counted). `release` takes the count back when the check passed.
   */
  async claimUnauthenticated(ip: string): Promise<{ window: RateWindow; release(): Promise<void> }> {
    const key = unauthenticatedKey(ip);
    const state = await this.store.hit(key, MINUTE);
    const window = toWindow(this.limits.unauthenticated, state);
    if (state.count > this.limits.unauthenticated) {
      await this.store.undo(key);
      throw this.refusal("unauthenticated", "minute", window);
    }
    return { window, release: async () => void (await this.store.undo(key)) };
  }

  private bucketsFor(actor: Actor, rateClass: RateClass): Bucket[] {
    const classLimit = Math.min(
      this.limits.perMinute[rateClass],
      actor.kind === "api_key" ? (actor.rateLimitPerMinute ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY,
    );
    const who = actor.kind === "api_key" ? `k:${actor.keyId}` : `s:${actor.accountId}`;
    const buckets: Bucket[] = [
      { key: `${who}:${rateClass}`, limit: classLimit, windowMs: MINUTE, scope: "minute" },
      { key: `a:${actor.accountId}`, limit: this.limits.account, windowMs: MINUTE, scope: "account" },
    ];
    if (actor.kind === "api_key" && actor.rateLimitPerDay !== null) {
      const now = this.now();
      const day = utcDay(new Date(now));
      buckets.push({
        key: `d:${actor.keyId}:${day}`,
        limit: actor.rateLimitPerDay,
        windowMs: endOfUtcDay(day).getTime() - now,
        scope: "day",
      });
    }
    return buckets;
  }

  private async peekBucket(bucket: Bucket): Promise<RateWindow> {
    const state = await this.store.peek(bucket.key);
    return state
      ? toWindow(bucket.limit, state)
      : { limit: bucket.limit, remaining: bucket.limit, resetAt: this.now() + bucket.windowMs };
  }

  private refusal(rateClass: RateClass | "unauthenticated", scope: Scope, window: RateWindow): RateLimitedError {
    return rateLimited(rateClass, scope, window, this.now());
  }
}

/** The 429 for a full window: the spec's details, Retry-After in whole seconds to its reopening. */
export function rateLimited(
  rateClass: RateClass | "unauthenticated",
  scope: Scope,
  window: RateWindow,
  now: number,
): RateLimitedError {
  const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  return new RateLimitedError(
    window,
    {
      class: rateClass,
      scope,
      limit: window.limit,
      remaining: window.remaining,
      resetAt: new Date(window.resetAt).toISOString(),
    },
    retryAfter,
  );
}

/** 429 that also says which window refused, so the RateLimit-* headers describe that window. */
export class RateLimitedError extends ApiError {
  constructor(
    readonly window: RateWindow,
    details: Record<string, unknown>,
    retryAfterSeconds: number,
  ) {
    super("rate_limited", details, { "Retry-After": String(retryAfterSeconds) });
  }
}

const toWindow = (limit: number, state: WindowState): RateWindow => ({
  limit,
  remaining: Math.max(0, limit - state.count),
  resetAt: state.resetAt,
});

/** RateLimit-* header values; Reset is whole seconds to reopening. */
export function rateHeaders(window: RateWindow, now: number): Record<string, string> {
  return {
    "RateLimit-Limit": String(window.limit),
    "RateLimit-Remaining": String(Math.max(0, window.remaining)),
    "RateLimit-Reset": String(Math.max(0, Math.ceil((window.resetAt - now) / 1000))),
  };
}
