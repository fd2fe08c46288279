/**
 * Items handed over one by one as they are made (captured scenes), awaited by index by a consumer that
 * runs alongside (the compositor). A failure rejects every item not yet delivered, so the consumer
 * stops with the producer's error instead of waiting forever.
 */
export class SceneFeed<T> {
  private readonly slots: { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void }[];
  private delivered = 0;

  constructor(count: number) {
    this.slots = Array.from({ length: count }, () => {
      let resolve!: (v: T) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      promise.catch(() => {}); // a slot nobody awaits must not be an unhandled rejection
      return { promise, resolve, reject };
    });
  }

  /** The next item (in order); items beyond the count are ignored. */
  push(item: T): void {
    this.slots[this.delivered++]?.resolve(item);
  }

  /** Rejects every item not yet delivered. */
  fail(err: unknown): void {
    for (const slot of this.slots.slice(this.delivered)) slot.reject(err);
    this.delivered = this.slots.length;
  }

  get(i: number): Promise<T> {
    return this.slots[i]?.promise ?? Promise.reject(new RangeError(`no item ${i}`));
  }
}
