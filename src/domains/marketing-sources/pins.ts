import type { Kysely, Transaction } from "kysely";
import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import type { Database } from "../../db/schema.js";
import { isRetained, versionsOf } from "./store.js";

/** Who holds a pin: a project now; the key leaves room for other holders. */
export interface PinHolder {
  kind: string;
  id: string;
}

/**
 * Pins a version for a holder (idempotent per holder), in the caller's transaction: while a version has
 * a pin its job's `expiresAt` is null and the sweeper skips it, so its files never change or expire.
 * A deleted source → 410 source_deleted; a version that never succeeded → 404 source_version_not_found;
 * one already past retention → 410 source_version_expired (pinning cannot bring files back).
 */
export async function pinVersion(
  tx: Transaction<Database>,
  sourceId: string,
  version: number,
  holder: PinHolder,
  now: Date,
): Promise<void> {
  const source = await tx
    .selectFrom("marketing_sources")
    .select("deleted_at")
    .where("id", "=", sourceId)
    .executeTakeFirst();
  if (!source) throw new ApiError("source_not_found", { sourceId });
  if (source.deleted_at !== null) throw new ApiError("source_deleted", { sourceId });
  const versions = await versionsOf(tx, sourceId);
  const hit = versions.find((v) => v.version === version);
  if (!hit)
    throw new ApiError("source_version_not_found", { version, latestVersion: versions.at(-1)?.version ?? null });
  const expired = () => {
    const retainedVersions = versions
      .filter((v) => v.version !== version && isRetained(v.job, now))
      .map((v) => v.version);
    return new ApiError("source_version_expired", { version, retainedVersions });
  };
  if (!isRetained(hit.job, now)) throw expired();
  // Only while the sweeper has not claimed it since the read above (it marks a job expired before its
  // files go): on PostgreSQL this waits for a sweeper holding the row, then sees what it did.
  const kept = await tx
    .updateTable("jobs")
    .set({ expires_at: null })
    .where("id", "=", hit.job.id)
    .where("artifacts_expired", "=", 0)
    .executeTakeFirst();
  if (Number(kept.numUpdatedRows) === 0) throw expired();
  await tx
    .insertInto("source_version_pins")
    .values({ source_id: sourceId, version, holder_kind: holder.kind, holder_id: holder.id, created_at: iso(now) })
    .onConflict((oc) => oc.columns(["source_id", "version", "holder_kind", "holder_id"]).doNothing())
    .execute();
}

/**
 * Removes a holder's pin. When it was the version's last, `expiresAt` becomes the later of creation +
 * retention and release + retention: deleting a project never takes its source's files the same night.
 * A deleted source's files are already due (DELETE set them); nothing is restored for them.
 */
export async function unpinVersion(
  tx: Transaction<Database>,
  sourceId: string,
  version: number,
  holder: PinHolder,
  retentionDays: number,
  now: Date,
): Promise<void> {
  await tx
    .deleteFrom("source_version_pins")
    .where("source_id", "=", sourceId)
    .where("version", "=", version)
    .where("holder_kind", "=", holder.kind)
    .where("holder_id", "=", holder.id)
    .execute();
  const left = await tx
    .selectFrom("source_version_pins")
    .select("holder_id")
    .where("source_id", "=", sourceId)
    .where("version", "=", version)
    .executeTakeFirst();
  if (left) return;
  const source = await tx
    .selectFrom("marketing_sources")
    .select("deleted_at")
    .where("id", "=", sourceId)
    .executeTakeFirst();
  if (!source || source.deleted_at !== null) return;
  const hit = (await versionsOf(tx, sourceId)).find((v) => v.version === version);
  if (!hit || hit.job.expires_at !== null) return;
  const retentionMs = retentionDays * 86_400_000;
  const created = Date.parse(hit.job.finished_at ?? hit.job.created_at);
  const expires = new Date(Math.max(created + retentionMs, now.getTime() + retentionMs));
  await tx
    .updateTable("jobs")
    .set({ expires_at: iso(expires) })
    .where("id", "=", hit.job.id)
    .execute();
}

/** Whether a version has any holder. */
export async function isPinned(tx: Kysely<Database>, sourceId: string, version: number): Promise<boolean> {
  const row = await tx
    .selectFrom("source_version_pins")
    .select("holder_id")
    .where("source_id", "=", sourceId)
    .where("version", "=", version)
    .executeTakeFirst();
  return row !== undefined;
}
