import type { Kysely } from "kysely";

/**
 * The brand kit: one row per account, written whole by PUT /marketing/brand-kit (decision 0025). JSON
 * text for the grouped fields; `logo` also holds the storage key of the kit's own copy of the logo file
 * (`brand/<accountId>/logo-<sha256>.<ext>`), which lives outside source retention.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("brand_kits")
    .addColumn("account_id", "text", (c) => c.primaryKey().references("accounts.id").onDelete("cascade"))
    .addColumn("colors", "text")
    .addColumn("fonts", "text")
    .addColumn("logo", "text")
    .addColumn("voice_id", "text")
    .addColumn("music_mood", "text")
    .addColumn("caption_style", "text")
    .addColumn("call_to_action", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}
