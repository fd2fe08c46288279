import type { Deps } from "../deps.js";
import type { JobRow } from "./envelope.js";

/** What a job's run produces: files already in storage, and the real length of the video. */
export interface JobOutput {
  artifacts: { type: string; key: string; bytes: number; sha256: string }[];
  durationSeconds: number | null;
  /** Seconds to charge (whole, ≤ reserved); defaults to ceil(durationSeconds) for spending kinds. */
  chargeSeconds?: number;
}

/** A failure a job's run reports: the envelope's `error`. Retryable failures run again while attempts remain. */
export class JobFailure extends Error {
  constructor(
    readonly code: string,
    readonly reason: string | null = null,
    readonly retryable = false,
  ) {
    super(code);
  }
}

/** Thrown by `checkpoint()` when a cancel was asked for: the run stops at that step boundary. */
export class JobCancelled extends Error {
  constructor() {
    super("cancelled");
  }
}

export interface JobContext<I> {
  job: JobRow;
  input: I;
  deps: Deps;
  /** Reports the stage and percent; percent never goes down (enforced where it is stored). */
  progress(stage: string, percent: number): Promise<void>;
  /** A step boundary: throws JobCancelled when a cancel was asked for. Call it between steps. */
  checkpoint(): Promise<void>;
  /** Aborted when a cancel is seen, for work that can stop mid-step (a child process, a fetch). */
  signal: AbortSignal;
}

/**
 * One kind of job (the typed catalogue, after trigger.dev's): its run, how often a retryable failure
 * may run again, and how long to wait between runs. Runs must be safe to repeat from the start: a run
 * interrupted by a crash is run again.
 */
export interface JobDefinition<I = unknown> {
  kind: string;
  /** Event family for webhooks (`render` → render.succeeded, …); null for none. */
  eventFamily: string | null;
  maxAttempts: number;
  /** Delay before attempt n + 1 (n ≥ 1) after a retryable failure. */
  retryDelayMs(attempt: number): number;
  run(ctx: JobContext<I>): Promise<JobOutput>;
}

export const defineJob = <I>(def: JobDefinition<I>): JobDefinition => def as JobDefinition;
