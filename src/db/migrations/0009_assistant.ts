import { type Kysely, sql } from "kysely";

/**
 * The support assistant (decision 0039): conversations, their messages, and hand-offs to a person.
 * An account holds at most one open conversation (its `current`), kept by a partial unique index so two
 * first questions at once cannot open two. Questions are counted per UTC day and hand-offs per hour from
 * these rows, so the allowances hold across processes and restarts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("assistant_conversations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("closed_reason", "text")
    .addColumn("message_count", "integer", (c) => c.notNull())
    .addColumn("idempotency_key", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("closed_at", "text")
    .execute();
  await db.schema
    .createIndex("assistant_conversations_one_open")
    .on("assistant_conversations")
    .column("account_id")
    .unique()
    .where(sql.ref("status"), "=", sql.lit("open"))
    .execute();

  await db.schema
    .createTable("assistant_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("conversation_id", "text", (c) =>
      c.notNull().references("assistant_conversations.id").onDelete("cascade"),
    )
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("outcome", "text")
    .addColumn("citations", "text", (c) => c.notNull())
    .addColumn("handoff_offered", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("assistant_messages_conversation")
    .on("assistant_messages")
    .columns(["conversation_id", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("assistant_messages_account_day")
    .on("assistant_messages")
    .columns(["account_id", "role", "created_at"])
    .execute();

  await db.schema
    .createTable("assistant_handoffs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("conversation_id", "text", (c) =>
      c.notNull().references("assistant_conversations.id").onDelete("cascade"),
    )
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("delivered_via", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("assistant_handoffs_account_time")
    .on("assistant_handoffs")
    .columns(["account_id", "created_at"])
    .execute();
}
