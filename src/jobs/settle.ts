import { addMs, iso } from "../clock.js";
import { lockAccount } from "../db/locks.js";
import type { JobOutput } from "./contract.js";
import { type JobRow, toEnvelopeAtRest } from "./envelope.js";
import { EVENT_FAMILY, type JobKind } from "./kinds.js";
import type { JobServices } from "./services.js";
import { findJobById } from "./store.js";

export type Settlement =
  | { state: "succeeded"; output: JobOutput }
  | { state: "failed"; code: string; reason: string | null; retryable: boolean }
  | { state: "cancelled"; reason?: string };

export type SettleDeps = Pick<
  JobServices,
  "db" | "clock" | "config" | "storage" | "secondsLedger" | "jobEvents" | "wake"
>;

/**
 * Moves a job to a terminal state exactly once. One transaction: the conditional state change
 * (queued/running → terminal; a second settler finds nothing to change and returns null), the
 * seconds (charge the real length, release the rest; or release everything), and the webhook event.
 * `from` narrows which states may settle (a cancel of a queued job must not settle a running one).
 */
export async function settleJob(
  deps: SettleDeps,
  jobId: string,
  s: Settlement,
  from: readonly ("queued" | "running")[] = ["queued", "running"],
): Promise<JobRow | null> {
  const now = deps.clock.now();
  const t = iso(now);
  const settled = await deps.db.kysely.transaction().execute(async (tx) => {
    const job = await findJobById(tx, jobId);
    if (!job || !from.includes(job.state as "queued")) return null;
    await lockAccount(tx, deps.db.dialect, job.account_id);
    const charge =
      s.state === "succeeded"
        ? Math.min(job.seconds_reserved, s.output.chargeSeconds ?? Math.ceil(s.output.durationSeconds ?? 0))
        : 0;
    const row = await tx
      .updateTable("jobs")
      .set({
        state: s.state,
        internal_status: (s.state === "succeeded" ? s.output.internalStatus : undefined) ?? s.state,
        stage: null,
        progress_stage: null,
        progress_percent: null,
        progress_at: null,
        lease_until: null,
        finished_at: t,
        updated_at: t,
        seconds_charged: charge,
        ...(s.state === "succeeded"
          ? {
              result: JSON.stringify({ artifacts: s.output.artifacts, durationSeconds: s.output.durationSeconds }),
              expires_at: iso(addMs(now, deps.config.artifactRetentionDays * 86_400_000)),
            }
          : {}),
        ...(s.state === "failed"
          ? { error_code: s.code, error_reason: s.reason, error_retryable: s.retryable ? 1 : 0, error_terminal: 1 }
          : {}),
        ...(s.state === "cancelled" ? { error_code: null, error_reason: s.reason ?? null } : {}),
      })
      .where("id", "=", jobId)
      .where("state", "in", from)
      // A cancel accepted before this update wins over the run's result: checked in the update itself,
      // as a runner's earlier isCancelRequested() can race the cancel (it is settled cancelled below).
      .$if(s.state !== "cancelled", (q) => q.where("cancel_requested", "=", 0))
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    // The wallet and the outbox write in this same transaction (see ports.ts).
    const { secondsLedger: seconds, jobEvents: events } = deps;
    if (s.state === "succeeded") await seconds.charge(tx, row.account_id, row.seconds_reserved, charge, row.id, now);
    else await seconds.release(tx, row.account_id, row.seconds_reserved, row.id, now);

    const family = EVENT_FAMILY[row.kind as JobKind] ?? null;
    // The event is stored with artifact keys, not signed URLs (toEnvelopeAtRest): a URL at rest would be a
    // bearer credential for the files sitting in webhook_events, and one signed now would age with every
    // retry. The dispatcher signs each attempt as it is sent (issue 19, item 3).
    if (family) await events.emit(tx, row.account_id, `${family}.${s.state}`, toEnvelopeAtRest(row), now);
    return row;
  });
  if (settled) deps.wake.deliveries.notify();
  if (!settled && s.state !== "cancelled") {
    const current = await findJobById(deps.db.kysely, jobId);
    if (current?.cancel_requested === 1 && from.includes(current.state as "queued"))
      return settleJob(deps, jobId, { state: "cancelled", reason: "cancelled while running" }, from);
  }
  return settled;
}
