import type { Kysely } from "kysely";

/** Saved render templates: a named render option set per account (system templates live in code). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("render_templates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("options", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("render_templates_account_updated")
    .on("render_templates")
    .columns(["account_id", "updated_at", "id"])
    .execute();
}
