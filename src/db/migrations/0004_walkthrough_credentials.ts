import type { Kysely } from "kysely";

/**
 * Demo-site credentials of walkthroughs, sealed with the vault. One row per storyboard (or per render
 * planned from a URL); a new block sent with a render replaces the storyboard's. Rows are deleted by the
 * sweeper once `delete_after` (two hours after last use) passes, and never read after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("walkthrough_credentials")
    .addColumn("owner_id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("sealed", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text", (c) => c.notNull())
    .addColumn("delete_after", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("walkthrough_credentials_delete_after")
    .on("walkthrough_credentials")
    .column("delete_after")
    .execute();
}
