import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../../db/schema.js";
import { EXPORT_KIND } from "./schemas.js";

type Db = Kysely<Database> | Transaction<Database>;

/** What the jobs table cannot say of an export (migration 0008), written in its job's transaction. */
export interface ExportRecord {
  jobId: string;
  accountId: string;
  projectId: string;
  revision: number;
  format: string;
  sourceId: string;
  createdAt: string;
}

export async function recordExport(tx: Transaction<Database>, r: ExportRecord): Promise<void> {
  await tx
    .insertInto("marketing_exports")
    .values({
      job_id: r.jobId,
      account_id: r.accountId,
      project_id: r.projectId,
      revision: r.revision,
      format: r.format,
      source_id: r.sourceId,
      created_at: r.createdAt,
    })
    .execute();
}

/** Exports queued or running, as a query to narrow (their jobs joined). */
const inFlight = (db: Db) =>
  db
    .selectFrom("marketing_exports as e")
    .innerJoin("jobs as j", "j.id", "e.job_id")
    .select("e.job_id")
    .where("j.kind", "=", EXPORT_KIND)
    .where("j.state", "in", ["queued", "running"]);

/** The export of this project, revision and format still queued or running, if any. */
export async function exportInFlight(
  db: Db,
  key: { projectId: string; revision: number; format: string },
): Promise<string | undefined> {
  const row = await inFlight(db)
    .where("e.project_id", "=", key.projectId)
    .where("e.revision", "=", key.revision)
    .where("e.format", "=", key.format)
    .executeTakeFirst();
  return row?.job_id;
}

/** The exports still queued or running that read one of this source's versions, oldest first. */
export async function sourceExportsInFlight(db: Db, sourceId: string): Promise<string[]> {
  const rows = await inFlight(db).where("e.source_id", "=", sourceId).orderBy("e.job_id").execute();
  return rows.map((r) => r.job_id);
}
