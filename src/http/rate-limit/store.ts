/**
 * Fixed-window counters (spec: windows are fixed and anchored at the first request in the window).
 * One interface, two stores: in-memory for one process, Redis when processes share limits.
 */
export interface WindowState {
  count: number;
  /** Epoch ms when the window reopens. */
  resetAt: number;
}

/** The in-memory store answers at once; a shared store answers with a promise. */
export type MaybePromise<T> = T | Promise<T>;

/** One window a request is counted in, with the count it may reach. */
export interface WindowHit {
  key: string;
  windowMs: number;
  limit: number;
}

/**
 * What counting in several windows did: each window's state, in order, up to and including the first
 * that went past its limit (`refused`, its index), whose hits were all taken back; -1 when none did.
 */
export interface HitsResult {
  states: WindowState[];
  refused: number;
}

export interface RateLimitStore {
  /** Count `cost` requests (default one) in `key`'s window, opening a window of `windowMs` if none is open. */
  hit(key: string, windowMs: number, cost?: number): MaybePromise<WindowState>;
  /**
   * Count `cost` requests in each window in order, as one step (a shared store: one round trip); the
   * first window past its limit stops it, and the counts it and the earlier windows took are taken back.
   */
  hitAll(hits: readonly WindowHit[], cost: number): MaybePromise<HitsResult>;
  /** The open window, without counting; null when none is open. */
  peek(key: string): MaybePromise<WindowState | null>;
  /** Take back `cost` hits (default one): a later window refused the request, so it must not be counted. */
  undo(key: string, cost?: number): MaybePromise<void>;
  /** Close `key`'s window now (a sign-in succeeded, so its failures are forgotten). */
  reset(key: string): MaybePromise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, WindowState>();
  private lastSweep = 0;

  constructor(private readonly now: () => number) {}

  // Synchronous on purpose: every request counts in two or three windows, and each await costs.
  hit(key: string, windowMs: number, cost = 1): WindowState {
    const now = this.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += cost;
    return { count: w.count, resetAt: w.resetAt };
  }

  hitAll(hits: readonly WindowHit[], cost: number): HitsResult {
    const states: WindowState[] = [];
    for (let i = 0; i < hits.length; i++) {
      const { key, windowMs, limit } = hits[i] as WindowHit;
      const state = this.hit(key, windowMs, cost);
      states.push(state);
      if (state.count > limit) {
        for (let j = 0; j <= i; j++) this.undo((hits[j] as WindowHit).key, cost);
        return { states, refused: i };
      }
    }
    return { states, refused: -1 };
  }

  peek(key: string): WindowState | null {
    const w = this.windows.get(key);
    return w && w.resetAt > this.now() ? { count: w.count, resetAt: w.resetAt } : null;
  }

  undo(key: string, cost = 1): void {
    const w = this.windows.get(key);
    if (w) w.count = Math.max(0, w.count - cost);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  /** Drop closed windows now and then so the map does not grow with every key ever seen. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
