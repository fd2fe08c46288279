import type { Kysely } from "kysely";

/**
 * Marketing sources (decision 0025). A source is its `marketing.source_scan` job (same id); this adds
 * what the jobs table cannot say: which account's source it is, its kind and address (cleared when
 * deleted: the row stays as a tombstone), every inspection (the scan and each refresh, with the version
 * it was given and the origin the daily cap counts), and the pins that keep a version's files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("marketing_sources")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("url", "text")
    .addColumn("origin", "text")
    .addColumn("render_id", "text")
    .addColumn("deleted_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // One row per inspection job (scan or refresh). Versions are not stored apart: version N of a source is
  // the inspection numbered N whose job succeeded (numbers are given at creation, one inspection at a time).
  await db.schema
    .createTable("marketing_source_inspections")
    .addColumn("job_id", "text", (c) => c.primaryKey())
    .addColumn("source_id", "text", (c) => c.notNull())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("origin", "text")
    .addColumn("request_hash", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("marketing_source_inspections_source")
    .on("marketing_source_inspections")
    .columns(["source_id", "version"])
    .execute();
  await db.schema
    .createIndex("marketing_source_inspections_origin")
    .on("marketing_source_inspections")
    .columns(["account_id", "origin", "created_at"])
    .execute();

  await db.schema
    .createTable("source_version_pins")
    .addColumn("source_id", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("holder_kind", "text", (c) => c.notNull())
    .addColumn("holder_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("source_version_pins_pk", ["source_id", "version", "holder_kind", "holder_id"])
    .execute();
}
