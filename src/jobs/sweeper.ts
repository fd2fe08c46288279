import { iso } from "../clock.js";
import type { Deps } from "../deps.js";
import type { StoredResult } from "./envelope.js";

/**
 * Retention: a succeeded job's files are deleted once its `expiresAt` has passed; the record stays
 * with `artifactsExpired: true`. Returns how many jobs it expired.
 */
export async function sweepExpiredArtifacts(
  deps: Pick<Deps, "db" | "clock" | "storage">,
  limit = 100,
): Promise<number> {
  const due = await deps.db.kysely
    .selectFrom("jobs")
    .select(["id", "result"])
    .where("state", "=", "succeeded")
    .where("artifacts_expired", "=", 0)
    .where("expires_at", "<=", iso(deps.clock.now()))
    .limit(limit)
    .execute();
  for (const job of due) {
    const stored = job.result ? (JSON.parse(job.result) as StoredResult) : null;
    for (const artifact of stored?.artifacts ?? []) await deps.storage.delete(artifact.key);
    await deps.db.kysely.updateTable("jobs").set({ artifacts_expired: 1 }).where("id", "=", job.id).execute();
  }
  return due.length;
}

/**
 * BullMQ only: a run is added to Redis after its job commits, so a process that dies in between leaves
 * a queued job nobody will run. Jobs queued and untouched for a minute are added again; BullMQ ignores
 * an id it already holds, so a run is never doubled. (The embedded queue writes the run with the job.)
 */
export async function requeueStranded(deps: Pick<Deps, "db" | "clock" | "queue">): Promise<number> {
  const stale = iso(new Date(deps.clock.now().getTime() - 60_000));
  const jobs = await deps.db.kysely
    .selectFrom("jobs")
    .select(["id", "attempts"])
    .where("state", "=", "queued")
    .where("updated_at", "<", stale)
    .limit(100)
    .execute();
  for (const job of jobs) {
    const add = await deps.queue.enqueue(deps.db.kysely, job.id, deps.clock.now(), job.attempts);
    await add();
  }
  return jobs.length;
}
