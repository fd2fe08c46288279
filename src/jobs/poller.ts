/**
 * Runs `pass` every `pollMs`, and soon after `wake()`. Two rules keep it prompt under load:
 * a wake-up never postpones a pass that is already due (re-arming the timer on every wake-up starved
 * the webhook dispatcher: 10,000 re-arms, ~200 passes for 5,000 deliveries — docs/benchmarks.md), and a
 * wake-up that arrives during a pass runs one more pass right after it instead of waiting a poll.
 * Passes never overlap.
 */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private dueAt = Number.POSITIVE_INFINITY;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly pollMs: number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  start(): void {
    this.stopped = false;
    this.arm(0);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.arm(0);
  }

  /** Runs one pass now (or joins the one running) and resolves when it is done. */
  runOnce(): Promise<void> {
    this.running ??= this.pass()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const now = this.again;
        this.again = false;
        this.arm(now ? 0 : this.pollMs);
      });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private arm(ms: number): void {
    if (this.stopped) return;
    const at = performance.now() + ms;
    if (this.timer && this.dueAt <= at) return; // already due no later: never postpone it
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.dueAt = Number.POSITIVE_INFINITY;
      void this.runOnce();
    }, ms);
    this.timer.unref();
  }
}

/**
 * A wake-up from code that just committed work (a settled job's deliveries) to the in-process worker
 * that does it, so the worker need not wait for its next poll. The app builds it with Deps; a worker
 * listens while it runs, and with no worker listening a notification does nothing.
 */
export class WakeSignal {
  private readonly listeners = new Set<() => void>();

  notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` on every notification until the returned function is called. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
