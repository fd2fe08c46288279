import { addMs } from "../clock.js";
import { JobCancelled, type JobContext, JobFailure } from "./definition.js";
import type { JobRow } from "./envelope.js";
import type { JobServices } from "./services.js";
import { settleJob } from "./settle.js";
import { isCancelRequested, recordProgress, renewLease, requeueJob, takeJob } from "./store.js";

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
 * attempts.
 */
export class JobRunner {
  constructor(private readonly deps: JobServices) {}

  async execute(jobId: string): Promise<void> {
    const job = await takeJob(this.deps.db.kysely, jobId, this.deps.clock.now(), LEASE_MS, TAKEOVER_GRACE_MS);
    if (!job) return;
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
    const lease = setInterval(() => {
      void renewLease(this.deps.db.kysely, job.id, addMs(this.deps.clock.now(), LEASE_MS)).catch(() => undefined);
    }, LEASE_MS / 3);
    lease.unref();
    const ctx: JobContext<unknown> = {
      job,
      input: JSON.parse(job.input),
      deps: this.deps,
      signal: abort.signal,
      progress: (stage, percent) => recordProgress(this.deps.db.kysely, job.id, stage, percent, this.deps.clock.now()),
      checkpoint: async () => {
        if (await isCancelRequested(this.deps.db.kysely, job.id)) {
          abort.abort();
          throw new JobCancelled();
        }
      },
    };
    try {
      const output = await def.run(ctx);
      if (await isCancelRequested(this.deps.db.kysely, job.id)) {
        // Asked to stop while the last step ran: a cancel that was accepted wins over the result.
        await settleJob(this.deps, job.id, { state: "cancelled", reason: "cancelled while running" });
      } else {
        await settleJob(this.deps, job.id, { state: "succeeded", output });
      }
    } catch (err) {
      await this.fail(job, def.maxAttempts, def.retryDelayMs(job.attempts), err);
    } finally {
      clearInterval(lease);
    }
  }

  private async fail(job: JobRow, maxAttempts: number, delayMs: number, err: unknown): Promise<void> {
    if (err instanceof JobCancelled || (await isCancelRequested(this.deps.db.kysely, job.id))) {
      await settleJob(this.deps, job.id, { state: "cancelled", reason: "cancelled while running" });
      return;
    }
    const failure =
      err instanceof JobFailure ? err : new JobFailure("internal_error", "the job failed unexpectedly", true);
    if (!(err instanceof JobFailure)) this.deps.log.error({ err, jobId: job.id }, "job failed unexpectedly");
    if (failure.retryable && job.attempts < maxAttempts) {
      const runAt = addMs(this.deps.clock.now(), delayMs);
      // Back to queued and the next run added in one transaction: a crash cannot leave one without the other.
      const after = await this.deps.db.kysely.transaction().execute(async (tx) => {
        if (!(await requeueJob(tx, job.id, "retry_scheduled", this.deps.clock.now()))) return null;
        return this.deps.queue.enqueue(tx, job.id, runAt, job.attempts);
      });
      if (after) {
        await after();
        return;
      }
    }
    await settleJob(this.deps, job.id, {
      state: "failed",
      code: failure.code,
      reason: failure.reason,
      retryable: failure.retryable,
    });
  }
}
