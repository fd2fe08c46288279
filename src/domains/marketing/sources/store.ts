import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, MarketingSourceInspectionsTable, MarketingSourcesTable } from "../../../db/schema.js";
import type { JobRow } from "../../../jobs/envelope.js";
import { findJob } from "../../../jobs/store.js";
import { SOURCE_JOB_KINDS } from "./schemas.js";

export type Db = Kysely<Database> | Transaction<Database>;
export type SourceRow = Selectable<MarketingSourcesTable>;
export type InspectionRow = Selectable<MarketingSourceInspectionsTable>;

/** A job of a source (its first inspection or a refresh) as the account sees it: the job, its inspection, its source. */
export interface SourceJob {
  job: JobRow;
  inspection: InspectionRow;
  source: SourceRow;
}

/** Undefined for an unknown id, another account's, or a job that is not a source's. */
export async function findSourceJob(db: Db, accountId: string, id: string): Promise<SourceJob | undefined> {
  const job = await findJob(db, accountId, id, SOURCE_JOB_KINDS);
  if (!job) return undefined;
  const inspection = await db
    .selectFrom("marketing_source_inspections")
    .selectAll()
    .where("job_id", "=", job.id)
    .executeTakeFirst();
  if (!inspection) return undefined;
  const source = await db
    .selectFrom("marketing_sources")
    .selectAll()
    .where("id", "=", inspection.source_id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return source ? { job, inspection, source } : undefined;
}

/** The source's inspection queued or running (one at a time), if any. */
export async function inspectionInFlight(db: Db, sourceId: string, except?: string): Promise<JobRow | undefined> {
  const row = await db
    .selectFrom("marketing_source_inspections as i")
    .innerJoin("jobs", "jobs.id", "i.job_id")
    .selectAll("jobs")
    .where("i.source_id", "=", sourceId)
    .where("jobs.state", "in", ["queued", "running"])
    .$if(except !== undefined, (q) => q.where("jobs.id", "!=", except as string))
    .orderBy("jobs.created_at", "desc")
    .executeTakeFirst();
  return row as JobRow | undefined;
}

/** The source's most recent inspection (its first when it was never refreshed). */
export async function lastInspection(db: Db, sourceId: string): Promise<JobRow> {
  const row = await db
    .selectFrom("marketing_source_inspections as i")
    .innerJoin("jobs", "jobs.id", "i.job_id")
    .selectAll("jobs")
    .where("i.source_id", "=", sourceId)
    .orderBy("jobs.created_at", "desc")
    .orderBy("jobs.id", "desc")
    .executeTakeFirstOrThrow();
  return row as JobRow;
}

/** The inspection made under this Idempotency-Key (its claim expired), with the hash of its request. */
export async function inspectionByKey(
  db: Db,
  accountId: string,
  kind: string,
  key: string,
): Promise<{ job: JobRow; requestHash: string | null; sourceId: string } | undefined> {
  const row = await db
    .selectFrom("jobs")
    .innerJoin("marketing_source_inspections as i", "i.job_id", "jobs.id")
    .selectAll("jobs")
    .select(["i.request_hash as inspection_hash", "i.source_id as inspection_source"])
    .where("jobs.account_id", "=", accountId)
    .where("jobs.kind", "=", kind)
    .where("jobs.idempotency_key", "=", key)
    .executeTakeFirst();
  if (!row) return undefined;
  const { inspection_hash, inspection_source, ...job } = row;
  return { job: job as JobRow, requestHash: inspection_hash, sourceId: inspection_source };
}

export async function isDeleted(db: Db, sourceId: string): Promise<boolean> {
  const row = await db
    .selectFrom("marketing_sources")
    .select("deleted_at")
    .where("id", "=", sourceId)
    .executeTakeFirst();
  return row?.deleted_at != null;
}
