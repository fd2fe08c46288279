import { ApiError } from "../contract/errors.js";
import { artifactSigner, type JobEnvelope, type JobRow, toEnvelope } from "./envelope.js";
import { isTerminal } from "./kinds.js";
import type { JobServices } from "./services.js";
import { type SettleDeps, settleJob } from "./settle.js";
import { findJob } from "./store.js";

/**
 * The spec's cancel rules. Queued: cancelled at once and taken out of the queue (`removedFromQueue`).
 * Running: asked to stop; it stops at its next step boundary, or mid-step once the runner's cancel watch
 * (every `config.cancelWatchMs`) aborts its signal, and settles `cancelled` then.
 * Settled: 409 already_settled, nothing changes.
 */
export async function cancelJob(
  deps: SettleDeps & Pick<JobServices, "queue">,
  accountId: string,
  jobId: string,
  kinds: readonly string[],
): Promise<{ job: JobRow; removedFromQueue: boolean }> {
  const job = await findJob(deps.db.kysely, accountId, jobId, kinds);
  if (!job) throw new ApiError("not_found");
  if (isTerminal(job.state)) throw new ApiError("already_settled", { state: job.state });

  if (job.state === "queued") {
    const cancelled = await settleJob(deps, jobId, { state: "cancelled", reason: "cancelled while queued" }, [
      "queued",
    ]);
    if (cancelled) {
      await deps.queue.remove(jobId);
      return { job: cancelled, removedFromQueue: true };
    }
  }
  // Running (or it started between our read and our update): ask it to stop at the next boundary.
  await deps.db.kysely
    .updateTable("jobs")
    .set({ cancel_requested: 1, internal_status: "cancel_requested" })
    .where("id", "=", jobId)
    .where("state", "in", ["queued", "running"])
    .execute();
  const now = (await findJob(deps.db.kysely, accountId, jobId, kinds)) as JobRow;
  if (isTerminal(now.state) && now.state !== "cancelled") throw new ApiError("already_settled", { state: now.state });
  return { job: now, removedFromQueue: false };
}

/** What every job resource's cancel answers (cancelJobResponse): the envelope, and whether it left the queue. */
export async function cancelJobAnswer(
  deps: SettleDeps & Pick<JobServices, "queue">,
  accountId: string,
  jobId: string,
  kinds: readonly string[],
): Promise<{ resource: JobEnvelope; removedFromQueue: boolean }> {
  const { job, removedFromQueue } = await cancelJob(deps, accountId, jobId, kinds);
  return { resource: toEnvelope(job, artifactSigner(deps)), removedFromQueue };
}
