import type { Transaction } from "kysely";
import { ApiError } from "../../../contract/errors.js";
import type { Database } from "../../../db/schema.js";
import type { SourceVersion } from "./source-version.js";

/** Who holds a pin (source_version_pins.holder_kind). */
export type PinHolder = { kind: "project"; id: string };

/**
 * Keeps a version's files while `holder` lives: its job's `expires_at` is cleared, but only while the
 * sweeper has not claimed it (`artifacts_expired` still 0), so a pin and a sweep never both win. A
 * version already gone is 410 source_version_expired.
 */
export async function pinVersion(
  tx: Transaction<Database>,
  v: SourceVersion,
  holder: PinHolder,
  at: string,
): Promise<void> {
  const kept = await tx
    .updateTable("jobs")
    .set({ expires_at: null })
    .where("id", "=", v.job.id)
    .where("artifacts_expired", "=", 0)
    .executeTakeFirst();
  if (Number(kept.numUpdatedRows) === 0)
    throw new ApiError("source_version_expired", { version: v.version, retainedVersions: [] });
  await tx
    .insertInto("source_version_pins")
    .values({
      source_id: v.sourceId,
      version: v.version,
      holder_kind: holder.kind,
      holder_id: holder.id,
      created_at: at,
    })
    .execute();
}

/**
 * Lets a holder's version go: once no pin holds it, its files are kept for the retention period from now
 * (as if it had just been made) and then swept.
 */
export async function unpinVersion(
  tx: Transaction<Database>,
  pin: { sourceId: string; version: number },
  holder: PinHolder,
  expiresAt: string,
): Promise<void> {
  await tx
    .deleteFrom("source_version_pins")
    .where("source_id", "=", pin.sourceId)
    .where("version", "=", pin.version)
    .where("holder_kind", "=", holder.kind)
    .where("holder_id", "=", holder.id)
    .execute();
  const other = await tx
    .selectFrom("source_version_pins")
    .select("holder_id")
    .where("source_id", "=", pin.sourceId)
    .where("version", "=", pin.version)
    .executeTakeFirst();
  if (other) return;
  const job = tx
    .selectFrom("marketing_source_inspections")
    .select("job_id")
    .where("source_id", "=", pin.sourceId)
    .where("version", "=", pin.version);
  await tx
    .updateTable("jobs")
    .set({ expires_at: expiresAt })
    .where("id", "in", job)
    .where("expires_at", "is", null)
    .execute();
}
