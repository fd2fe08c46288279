import { addMs } from "../clock.js";
import { uuidv7 } from "../ids.js";
import { StorageUnavailable } from "../storage/storage.js";
import { JobCancelled, type JobContext, JobFailure, JobHandedBack } from "./definition.js";
import type { JobRow } from "./envelope.js";
import { runKeyOf } from "./queue/queue.js";
import type { JobServices } from "./services.js";
import { settleJob } from "./settle.js";
import { handBackJob, isCancelRequested, recordProgress, renewLease, requeueJob, takeJob } from "./store.js";

const LEASE_MS = 30_000;
/**
 * The queue hands a run over once its own lease ran out, but that lease and the job's are set and
 * renewed apart (the job's a few ms later), so after a crash the run can arrive just before the job's
 * lease ends; refusing it then would drop the run and leave the job running for ever. A live runner
 * renews to now + LEASE_MS every LEASE_MS / 3, so its lease is never this close to running out.
 */
const TAKEOVER_GRACE_MS = LEASE_MS / 6;

/**
 * Runs one job: takes it (queued → running, or a running job whose runner died), runs its definition
 * with a context for progress and cancellation, and settles it. A retryable failure runs again after
 * the definition's delay while attempts remain; a run interrupted by a crash is taken again once its
 * lease runs out, and fails with a retryable `internal_error` (reason `worker_lost`) when it has used its
 * attempts. A stopping worker hands its runs back (`handBack`): each goes back to the queue at its next
 * step, for another worker to run from the start.
 */
export class JobRunner {
  /** The runs in flight, by job id: what `handBack` stops. */
  private readonly live = new Map<string, AbortController>();
  private handingBack = false;

  constructor(private readonly deps: JobServices) {}

  /**
   * The process is stopping and its grace period is over: every run stops at its next step boundary
   * (work that can stop mid-step, a child process or a fetch, is aborted) and goes back to the queue.
   */
  handBack(): void {
    this.handingBack = true;
    for (const abort of this.live.values()) abort.abort(new JobHandedBack());
  }

  async execute(jobId: string): Promise<void> {
    const job = await takeJob(this.deps.db.kysely, jobId, this.deps.clock.now(), LEASE_MS, TAKEOVER_GRACE_MS);
    if (!job) return;
    if (this.handingBack) {
      await this.giveBack(job); // taken as the worker stopped: not started, not an attempt
      return;
    }
    const def = this.deps.jobDefinitions.get(job.kind);
    if (!def) {
      await settleJob(this.deps, job.id, {
        state: "failed",
        code: "internal_error",
        reason: "no runner for this kind",
        retryable: true,
      });
      return;
    }
    if (job.attempts > def.maxAttempts) {
      await settleJob(this.deps, job.id, {
        state: "failed",
        // The envelope's code is always one of the API's codes; what happened is the reason.
        code: "internal_error",
        reason: "worker_lost",
        retryable: true,
      });
      return;
    }
    const abort = new AbortController();
    this.live.set(job.id, abort);
    const lease = setInterval(() => {
      void renewLease(this.deps.db.kysely, job.id, addMs(this.deps.clock.now(), LEASE_MS)).catch(() => undefined);
    }, LEASE_MS / 3);
    lease.unref();
    const cancelWatch = setInterval(() => {
      void isCancelRequested(this.deps.db.kysely, job.id)
        .then((asked) => {
          if (asked && !abort.signal.aborted) abort.abort(new JobCancelled());
        })
        .catch(() => undefined);
    }, this.deps.config.cancelWatchMs);
    cancelWatch.unref();
    const ctx: JobContext<unknown> = {
      job,
      input: JSON.parse(job.input),
      deps: this.deps,
      signal: abort.signal,
      progress: (stage, percent) => recordProgress(this.deps.db.kysely, job.id, stage, percent, this.deps.clock.now()),
      checkpoint: async () => {
        if (this.handingBack) throw new JobHandedBack();
        if (await isCancelRequested(this.deps.db.kysely, job.id)) {
          abort.abort();
          throw new JobCancelled();
        }
      },
    };
    const started = performance.now();
    let outcome = "failed";
    try {
      const output = await def.run(ctx);
      if (await isCancelRequested(this.deps.db.kysely, job.id)) {
        // Asked to stop while the last step ran: a cancel that was accepted wins over the result.
        await settleJob(this.deps, job.id, { state: "cancelled", reason: "cancelled while running" });
        outcome = "cancelled";
      } else {
        await settleJob(this.deps, job.id, { state: "succeeded", output });
        outcome = "succeeded";
        this.observeSpeed(job.kind, (performance.now() - started) / 1000, output);
      }
    } catch (err) {
      outcome = await this.fail(job, def.maxAttempts, def.retryDelayMs(job.attempts), err);
    } finally {
      clearInterval(lease);
      clearInterval(cancelWatch);
      this.live.delete(job.id);
      this.deps.metrics.jobRuns.observe({ kind: job.kind, outcome }, (performance.now() - started) / 1000);
    }
  }

  /** Seconds of work per second of video, for kinds whose output has a duration (renders, exports). */
  private observeSpeed(kind: string, seconds: number, output: unknown): void {
    const duration = (output as { durationSeconds?: unknown } | null)?.durationSeconds;
    if (typeof duration === "number" && duration > 0) this.deps.metrics.realTime.observe({ kind }, seconds / duration);
  }

  /** Settles or requeues a run that threw; says which ("cancelled", "handed_back", "retry" or "failed"). */
  private async fail(job: JobRow, maxAttempts: number, delayMs: number, err: unknown): Promise<string> {
    const cancelRequested = await isCancelRequested(this.deps.db.kysely, job.id);
    // Whatever a run threw once it was told to stop is the stop: an aborted step fails its own way (a
    // pipeline reads an aborted signal as JobCancelled), but only a cancel someone asked for cancels.
    if (this.handingBack && !cancelRequested) {
      await this.giveBack(job);
      return "handed_back";
    }
    if (err instanceof JobCancelled || cancelRequested) {
      await settleJob(this.deps, job.id, { state: "cancelled", reason: "cancelled while running" });
      return "cancelled";
    }
    const failure = asJobFailure(err);
    if (!(err instanceof JobFailure)) this.deps.log.error({ err, jobId: job.id }, "job failed unexpectedly");
    if (failure.retryable && job.attempts < maxAttempts) {
      const runAt = addMs(this.deps.clock.now(), delayMs);
      // Back to queued and the next run added in one transaction: a crash cannot leave one without the other.
      const after = await this.deps.db.kysely.transaction().execute(async (tx) => {
        if (!(await requeueJob(tx, job.id, "retry_scheduled", this.deps.clock.now()))) return null;
        return this.deps.queue.enqueue(tx, job.id, runAt, runKeyOf(job.attempts));
      });
      if (after) {
        await after();
        return "retry";
      }
    }
    await settleJob(this.deps, job.id, {
      state: "failed",
      code: failure.code,
      reason: failure.reason,
      retryable: failure.retryable,
    });
    return "failed";
  }

  /** Back to queued, and a new run added at once, in one transaction; nothing settled, nothing charged. */
  private async giveBack(job: JobRow): Promise<void> {
    const now = this.deps.clock.now();
    const after = await this.deps.db.kysely.transaction().execute(async (tx) => {
      if (!(await handBackJob(tx, job.id, now))) return null;
      return this.deps.queue.enqueue(tx, job.id, now, `handback-${uuidv7()}`);
    });
    await after?.();
    this.deps.log.info({ jobId: job.id, kind: job.kind }, "job handed back: this worker is stopping");
  }
}

/** What the envelope says of a failure: a store that did not answer is retried like any unexpected failure. */
function asJobFailure(err: unknown): JobFailure {
  if (err instanceof JobFailure) return err;
  if (err instanceof StorageUnavailable) return new JobFailure("storage_unavailable", err.message, true);
  return new JobFailure("internal_error", "the job failed unexpectedly", true);
}
