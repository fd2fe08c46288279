import type { Kysely } from "kysely";

/**
 * Generations, projects and numbered revisions (decision 0034). A generation is its
 * `marketing.generation` job (same id); this row says what the jobs table cannot: the source version it
 * reads and the template, for listing and for a replay after its Idempotency-Key claim expired. A project
 * is made from a succeeded generation and pins its source version (source_version_pins, holder
 * "project"). Revisions are numbered per project from 1; the primary key (project_id, number) is what
 * makes one of many writers with the same `expectedRevision` win and the others conflict.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("marketing_generations")
    .addColumn("job_id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("source_id", "text", (c) => c.notNull())
    .addColumn("source_version", "integer", (c) => c.notNull())
    .addColumn("template_id", "text", (c) => c.notNull())
    .addColumn("request_hash", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("marketing_generations_account")
    .on("marketing_generations")
    .columns(["account_id", "created_at"])
    .execute();

  await db.schema
    .createTable("marketing_projects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("generation_id", "text", (c) => c.notNull())
    .addColumn("source_id", "text", (c) => c.notNull())
    .addColumn("source_version", "integer", (c) => c.notNull())
    .addColumn("template_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("latest_revision", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("marketing_projects_account")
    .on("marketing_projects")
    .columns(["account_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("marketing_revisions")
    .addColumn("project_id", "text", (c) => c.notNull().references("marketing_projects.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("document", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("marketing_revisions_pk", ["project_id", "number"])
    .execute();
}
