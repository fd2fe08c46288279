// A job kind whose runs the settlement property test steers by hand, and cheap accounts for it.
// Runs go through the real JobRunner (take, checkpoint, cancel checks, settle, requeue); the test
// decides when each run ends and how: finish with a charge, or fail (retryable or not).
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { iso } from "../../src/clock.js";
import type { Database } from "../../src/db/schema.js";
import { applyMovement } from "../../src/domains/wallet/movements.js";
import { uuidv7 } from "../../src/ids.js";
import { defineJob, JobFailure } from "../../src/jobs/definition.js";

export const PROPERTY_KIND = "walkthrough.render";

export type RunOutcome = { kind: "finish"; charge: number } | { kind: "fail"; retryable: boolean };

/** One run of one job, parked at its step boundary until the test gives it an outcome. */
export interface ParkedRun {
  jobId: string;
  release: (o: RunOutcome) => void;
  released: boolean;
}

/** Runs parked right now, by job id (at most one per job: taking a job is exclusive). */
export const parkedRuns = new Map<string, ParkedRun>();
const parkWaiters = new Map<string, () => void>();

/** Resolves when a run of this job parks; call before starting the run. */
export function whenParked(jobId: string): Promise<void> {
  return new Promise((resolve) => parkWaiters.set(jobId, resolve));
}

function park(jobId: string): Promise<RunOutcome> {
  return new Promise<RunOutcome>((resolve) => {
    const run: ParkedRun = {
      jobId,
      released: false,
      release: (o) => {
        if (run.released) return;
        run.released = true;
        if (parkedRuns.get(jobId) === run) parkedRuns.delete(jobId);
        resolve(o);
      },
    };
    parkedRuns.set(jobId, run);
    parkWaiters.get(jobId)?.();
    parkWaiters.delete(jobId);
  });
}

/**
 * The steerable kind (registered as walkthrough.render, so it emits render.* events). Two attempts:
 * a retryable failure runs once more, then fails for good.
 */
export const steerableJob = defineJob<Record<string, never>>({
  kind: PROPERTY_KIND,
  maxAttempts: 2,
  retryDelayMs: () => 1000,
  async run({ job, checkpoint }) {
    await checkpoint();
    const o = await park(job.id);
    await checkpoint();
    if (o.kind === "fail")
      throw new JobFailure(o.retryable ? "capture_timeout" : "render_failed", "steered", o.retryable);
    return { artifacts: [], durationSeconds: o.charge, chargeSeconds: o.charge };
  },
});

/**
 * An account with a wallet holding exactly these seconds, every grant a ledger entry (as createAccount
 * does), without createAccount's password hashing, which would cost more than the whole run.
 */
export async function seededAccount(
  db: Kysely<Database>,
  now: Date,
  seconds: { plan: number; payg: number; free: number },
): Promise<string> {
  const id = uuidv7();
  const t = iso(now);
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("accounts")
      .values({
        id,
        email: `prop-${randomBytes(6).toString("hex")}@example.com`,
        name: "property",
        password_hash: "not-a-hash",
        email_verified: 1,
        role: "owner",
        deletion_status: "active",
        created_at: t,
        updated_at: t,
      })
      .execute();
    await tx
      .insertInto("wallets")
      .values({
        account_id: id,
        plan_id: null,
        plan_expires_at: null,
        plan_seconds: 0,
        payg_seconds: 0,
        free_seconds: 0,
        reserved_seconds: 0,
        updated_at: t,
      })
      .execute();
    // The grants, each a ledger entry, in the same transaction.
    const expiresAt = iso(new Date(now.getTime() + 30 * 86_400_000));
    if (seconds.free > 0)
      await applyMovement(tx, id, { type: "free_grant", free: seconds.free, note: "free seconds" }, now);
    if (seconds.plan > 0) {
      const setPlan = { planId: "starter", expiresAt };
      await applyMovement(tx, id, { type: "plan_grant", plan: seconds.plan, setPlan, note: "plan period" }, now);
    }
    if (seconds.payg > 0) await applyMovement(tx, id, { type: "topup", payg: seconds.payg, note: "top-up" }, now);
  });
  return id;
}
