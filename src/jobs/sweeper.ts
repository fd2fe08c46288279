import { iso } from "../clock.js";
import type { StoredResult } from "./envelope.js";
import { runKeyOf } from "./queue/queue.js";
import type { JobServices } from "./services.js";

/**
 * Retention: a succeeded job's files are deleted once its `expiresAt` has passed; the record stays
 * with `artifactsExpired: true`. Returns how many jobs it expired.
 *
 * Each job is claimed (marked expired) before its files go, and only while it is still due: a source
 * version pinned after the select (its `expiresAt` set to null) keeps its files, and a pin that comes
 * after the claim must find the version expired (a pin sets `expiresAt` only while `artifacts_expired` is 0).
 */
export async function sweepExpiredArtifacts(
  deps: Pick<JobServices, "db" | "clock" | "storage">,
  limit = 100,
): Promise<number> {
  const now = iso(deps.clock.now());
  const due = await deps.db.kysely
    .selectFrom("jobs")
    .select(["id", "result"])
    .where("state", "=", "succeeded")
    .where("artifacts_expired", "=", 0)
    .where("expires_at", "<=", now)
    .limit(limit)
    .execute();
  let expired = 0;
  for (const job of due) {
    const claimed = await deps.db.kysely
      .updateTable("jobs")
      .set({ artifacts_expired: 1 })
      .where("id", "=", job.id)
      .where("artifacts_expired", "=", 0)
      .where("expires_at", "<=", now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    const stored = job.result ? (JSON.parse(job.result) as StoredResult) : null;
    try {
      for (const artifact of stored?.artifacts ?? []) await deps.storage.delete(artifact.key);
      expired += 1;
    } catch {
      // Storage refused a delete (it answers a missing key as done): the claim is handed back, so the
      // next round deletes again rather than leaving files nobody will ever remove. Still past its
      // date, the version cannot be pinned meanwhile.
      await deps.db.kysely.updateTable("jobs").set({ artifacts_expired: 0 }).where("id", "=", job.id).execute();
    }
  }
  return expired;
}

/**
 * BullMQ only: a run is added to Redis after its job commits, so a process that dies in between leaves
 * a queued job nobody will run. Jobs queued and untouched for a minute are added again; BullMQ ignores
 * an id it already holds, so a run is never doubled. (The embedded queue writes the run with the job.)
 */
export async function requeueStranded(deps: Pick<JobServices, "db" | "clock" | "queue">): Promise<number> {
  const stale = iso(new Date(deps.clock.now().getTime() - 60_000));
  const jobs = await deps.db.kysely
    .selectFrom("jobs")
    .select(["id", "attempts"])
    .where("state", "=", "queued")
    .where("updated_at", "<", stale)
    .limit(100)
    .execute();
  for (const job of jobs) {
    const add = await deps.queue.enqueue(deps.db.kysely, job.id, deps.clock.now(), runKeyOf(job.attempts));
    await add();
  }
  return jobs.length;
}
