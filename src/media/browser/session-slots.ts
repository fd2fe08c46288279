/**
 * The sessions a pool lets be open at once: past the limit, callers wait in the order they came, and a
 * slot given back passes straight to the next of them.
 */
export class SessionSlots {
  private taken = 0;
  private readonly queue: { resolve: () => void; reject: (err: Error) => void }[] = [];

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`a pool needs at least one session slot, got ${capacity}`);
  }

  /** Slots held, sessions being opened included. */
  get inUse(): number {
    return this.taken;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Takes a slot, synchronously: null when one was free, else a promise settled when one passes to the
   * caller. A caller whose `signal` aborts while it waits leaves the line (rejected with the signal's
   * reason) and holds no slot: a cancelled or handed-back job must not sit behind the others first.
   */
  take(signal?: AbortSignal): Promise<void> | null {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.taken < this.capacity) {
      this.taken += 1;
      return null;
    }
    return new Promise((resolve, reject) => {
      const leave = () => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        reject(signal?.reason);
      };
      const waiter = {
        resolve: () => {
          signal?.removeEventListener("abort", leave);
          resolve();
        },
        reject: (err: Error) => {
          signal?.removeEventListener("abort", leave);
          reject(err);
        },
      };
      signal?.addEventListener("abort", leave, { once: true });
      this.queue.push(waiter);
    });
  }

  give(): void {
    const next = this.queue.shift();
    if (next) next.resolve();
    else this.taken -= 1;
  }

  /** Refuses every caller still waiting (the pool is closing). */
  refuseWaiting(err: Error): void {
    for (const waiter of this.queue.splice(0)) waiter.reject(err);
  }
}
