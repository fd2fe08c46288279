import type { Kysely } from "kysely";

/**
 * Exports (decision 0036). An export is its `marketing.export` job (same id); this row says what the jobs
 * table cannot: the project, revision and format it renders (one of each in flight at a time:
 * export_in_flight) and the source it reads (a source is not deleted under a running export:
 * source_export_in_flight).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("marketing_exports")
    .addColumn("job_id", "text", (c) => c.primaryKey().references("jobs.id").onDelete("cascade"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("project_id", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("source_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("marketing_exports_project")
    .on("marketing_exports")
    .columns(["project_id", "revision", "format"])
    .execute();
  await db.schema.createIndex("marketing_exports_source").on("marketing_exports").column("source_id").execute();
}
