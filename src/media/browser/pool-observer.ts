/**
 * What a BrowserPool tells whoever watches it (the service's metrics): the pool knows nothing of who
 * that is. Every method is called synchronously and must not throw.
 */
export interface PoolObserver {
  /** Sessions open, the most that may be (Infinity when unbounded), callers waiting for one, browsers running. */
  usage(reading: PoolUsage): void;
  /** A session that found every slot taken got one after `seconds`. */
  waited(seconds: number): void;
  /** A Chromium launch, and whether it started. */
  launched(outcome: "succeeded" | "failed"): void;
  /** The browser went away without the pool closing it (a crash or a killed process): the next session launches another. */
  lost(): void;
}

export interface PoolUsage {
  open: number;
  capacity: number;
  waiting: number;
  browsers: number;
}

export const UNOBSERVED: PoolObserver = { usage() {}, waited() {}, launched() {}, lost() {} };
