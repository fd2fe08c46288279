import type { JobContextOf, JobDefinitionOf } from "./contract.js";
import type { JobServices } from "./services.js";

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

/**
 * Thrown by `checkpoint()` when the process is stopping and its grace period has run out: the run is
 * put back in the queue (not a failure, not an attempt) for another worker to start again.
 */
export class JobHandedBack extends Error {
  constructor() {
    super("handed back");
  }
}

/** What a run of one of the service's kinds is given: its job, its input, the JobServices. */
export type JobContext<I> = JobContextOf<I, JobServices>;

/** One of the service's job kinds (see JobDefinitionOf): its run is given the JobServices. */
export type JobDefinition<I = unknown> = JobDefinitionOf<I, JobServices>;

export const defineJob = <I>(def: JobDefinition<I>): JobDefinition => def as JobDefinition;
