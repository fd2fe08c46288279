import type { JobRow } from "./envelope.js";
import type { JobKind } from "./kinds.js";

/**
 * The engine's contract with a kind's run, generic over `D`, what the run is given as `deps`. The
 * engine never names JobServices here: JobServices lists the definitions, so naming it back would tie
 * the two files in a cycle. definition.ts fixes `D` to JobServices for the service's own kinds.
 */

/** What a job's run produces: files already in storage, and the real length of the video. */
export interface JobOutput {
  artifacts: { type: string; key: string; bytes: number; sha256: string }[];
  durationSeconds: number | null;
  /** Seconds to charge (whole, ≤ reserved); defaults to ceil(durationSeconds) for spending kinds. */
  chargeSeconds?: number;
  /**
   * A finer status for the envelope's informational `internalStatus` than the state itself (e.g.
   * `succeeded_degraded`: a scan that succeeded with warnings); default the state.
   */
  internalStatus?: string;
}

export interface JobContextOf<I, D> {
  job: JobRow;
  input: I;
  deps: D;
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
export interface JobDefinitionOf<I, D> {
  /** Its webhook event family is the kind's, from kinds.ts (EVENT_FAMILY), never restated here. */
  kind: JobKind;
  maxAttempts: number;
  /** Delay before attempt n + 1 (n ≥ 1) after a retryable failure. */
  retryDelayMs(attempt: number): number;
  run(ctx: JobContextOf<I, D>): Promise<JobOutput>;
}
