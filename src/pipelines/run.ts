/**
 * What every pipeline works with, whoever runs it: the job engine (src/jobs/catalogue.ts) wraps a
 * pipeline function into a job kind and maps these types onto its own, so a pipeline never imports
 * the engine that runs it.
 */

/** One run of a pipeline: its input and the hooks of the run that carries it. */
export interface PipelineRun<I> {
  /** The id of the work (the job's): names its stored files and owns its sealed credentials. */
  id: string;
  input: I;
  /** Reports the stage and percent; percent never goes down (enforced where it is stored). */
  progress(stage: string, percent: number): Promise<void>;
  /**
   * A step boundary: throws when the run was cancelled (`signal` is aborted by then). Call it between
   * steps and let what it throws pass through.
   */
  checkpoint(): Promise<void>;
  /** Aborted when a cancel is seen, for work that can stop mid-step (a child process, a fetch). */
  signal: AbortSignal;
  /** Records something worth an operator's look that does not fail the run (the job's log). */
  warn?(message: string, details: Record<string, unknown>): void;
}

/** What a pipeline produces: files already in storage, and the real length of the video. */
export interface PipelineOutput {
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

/**
 * A failure a pipeline reports, with the spec's error code and a reason safe to show (never a password,
 * a path or a query string). `retryable`: whether running the same work again may succeed.
 */
export class PipelineFailure extends Error {
  constructor(
    readonly code: string,
    readonly reason: string | null = null,
    readonly retryable = false,
  ) {
    super(code);
  }
}
