import { type Kysely, sql } from "kysely";
import { iso } from "../clock.js";
import type { Database } from "../db/schema.js";
import type { JobRow } from "./envelope.js";

export async function findJob(db: Kysely<Database>, accountId: string, id: string, kinds: readonly string[]) {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .where("kind", "in", kinds)
    .executeTakeFirst();
}

export async function findJobById(db: Kysely<Database>, id: string): Promise<JobRow | undefined> {
  return db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The job an earlier request created under this Idempotency-Key (the spec's 200 "work already known"). */
export async function findJobByIdempotencyKey(db: Kysely<Database>, accountId: string, kind: string, key: string) {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("kind", "=", kind)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export async function countInFlight(db: Kysely<Database>, accountId: string, kind: string): Promise<number> {
  const r = await db
    .selectFrom("jobs")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("account_id", "=", accountId)
    .where("kind", "=", kind)
    .where("state", "in", ["queued", "running"])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Takes a job to run, for one runner only: queued → running, or a running job whose lease ran out
 * (its runner died). Undefined when there is nothing to take. `takeoverGraceMs`: a lease ending
 * within that much of `now` counts as run out (see the runner).
 */
export async function takeJob(
  db: Kysely<Database>,
  id: string,
  now: Date,
  leaseMs: number,
  takeoverGraceMs = 0,
): Promise<JobRow | undefined> {
  const t = iso(now);
  const stale = iso(new Date(now.getTime() + takeoverGraceMs));
  return db
    .updateTable("jobs")
    .set({
      state: "running",
      internal_status: "running",
      started_at: sql`coalesce(started_at, ${t})`,
      attempts: sql`attempts + 1`,
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      updated_at: t,
    })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([eb("state", "=", "queued"), eb.and([eb("state", "=", "running"), eb("lease_until", "<", stale)])]),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function renewLease(db: Kysely<Database>, id: string, until: Date): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ lease_until: iso(until) })
    .where("id", "=", id)
    .where("state", "=", "running")
    .execute();
}

/**
 * Progress only moves forward: the condition is in the update itself, so no caller can lower it,
 * whatever order reports arrive in.
 */
export async function recordProgress(db: Kysely<Database>, id: string, stage: string, percent: number, now: Date) {
  const p = Math.max(0, Math.min(100, percent));
  await db
    .updateTable("jobs")
    .set({ stage, progress_stage: stage, progress_percent: p, progress_at: iso(now), updated_at: iso(now) })
    .where("id", "=", id)
    .where("state", "=", "running")
    .where((eb) => eb.or([eb("progress_percent", "is", null), eb("progress_percent", "<=", p)]))
    .execute();
}

export async function isCancelRequested(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await db.selectFrom("jobs").select(["cancel_requested", "state"]).where("id", "=", id).executeTakeFirst();
  return !r || r.cancel_requested === 1 || r.state === "cancelled";
}

/** running → queued for another attempt after a retryable failure (or a runner that died). */
export async function requeueJob(db: Kysely<Database>, id: string, status: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable("jobs")
    .set({ state: "queued", internal_status: status, lease_until: null, updated_at: iso(now) })
    .where("id", "=", id)
    .where("state", "=", "running")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * running → queued for a stopping worker: the run never counts as an attempt (the job did nothing wrong)
 * and its seconds stay reserved, so the worker that takes it next settles it once.
 */
export async function handBackJob(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable("jobs")
    .set({
      state: "queued",
      internal_status: "handed_back",
      attempts: sql`attempts - 1`,
      lease_until: null,
      updated_at: iso(now),
    })
    .where("id", "=", id)
    .where("state", "=", "running")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
