/**
 * Fixed-window counters (spec: windows are fixed and anchored at the first request in the window).
 * One interface, two stores: in-memory for one process, Redis when processes share limits.
 */
export interface WindowState {
  count: number;
  /** Epoch ms when the window reopens. */
  resetAt: number;
}

export interface RateLimitStore {
  /** Count one request in `key`'s window, opening a window of `windowMs` if none is open. */
  hit(key: string, windowMs: number): Promise<WindowState>;
  /** The open window, without counting; null when none is open. */
  peek(key: string): Promise<WindowState | null>;
  /** Take back one hit (a later window refused the request, so it must not be counted). */
  undo(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, WindowState>();
  private lastSweep = 0;

  constructor(private readonly now: () => number) {}

  async hit(key: string, windowMs: number): Promise<WindowState> {
    const now = this.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { ...w };
  }

  async peek(key: string): Promise<WindowState | null> {
    const w = this.windows.get(key);
    return w && w.resetAt > this.now() ? { ...w } : null;
  }

  async undo(key: string): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count -= 1;
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
