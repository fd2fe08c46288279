import { type Kysely, sql } from "kysely";

/** Accounts, sessions, keys, wallet and ledger, idempotency claims, usage counts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("email_verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("deletion_status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("email_verifications")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("api_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("last4", "text", (c) => c.notNull())
    .addColumn("secret_hash", "text", (c) => c.notNull().unique())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("expires", "text")
    .addColumn("expires_at", "text")
    .addColumn("rate_limit_per_minute", "integer")
    .addColumn("rate_limit_per_day", "integer")
    .addColumn("revoked_at", "text")
    .addColumn("rotated_from", "text")
    .addColumn("idempotency_key", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema
    .createIndex("api_keys_account_created")
    .on("api_keys")
    .columns(["account_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("wallets")
    .addColumn("account_id", "text", (c) => c.primaryKey().references("accounts.id").onDelete("cascade"))
    .addColumn("plan_id", "text")
    .addColumn("plan_expires_at", "text")
    .addColumn("plan_seconds", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("payg_seconds", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("free_seconds", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reserved_seconds", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    // The database itself refuses a negative balance or an over-reservation: the last line of defence.
    .addCheckConstraint(
      "wallet_balances_valid",
      sql`plan_seconds >= 0 and payg_seconds >= 0 and free_seconds >= 0 and reserved_seconds >= 0 and reserved_seconds <= plan_seconds + payg_seconds + free_seconds`,
    )
    .execute();

  await db.schema
    .createTable("ledger_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("plan_delta", "integer", (c) => c.notNull())
    .addColumn("payg_delta", "integer", (c) => c.notNull())
    .addColumn("free_delta", "integer", (c) => c.notNull())
    .addColumn("reserved_delta", "integer", (c) => c.notNull())
    .addColumn("available_after", "integer", (c) => c.notNull())
    .addColumn("job_id", "text")
    .addColumn("plan_id", "text")
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ledger_account_created")
    .on("ledger_entries")
    .columns(["account_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("idempotency_claims")
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("operation_id", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_body", "text")
    .addColumn("response_location", "text")
    .addColumn("locked_until", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_claims_pk", ["account_id", "key"])
    .execute();
  await db.schema.createIndex("idempotency_claims_expires").on("idempotency_claims").column("expires_at").execute();

  await db.schema
    .createTable("usage_counts")
    .addColumn("credential_id", "text", (c) => c.notNull())
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("operation_id", "text", (c) => c.notNull())
    .addColumn("rate_class", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("usage_counts_pk", ["credential_id", "day", "operation_id"])
    .execute();
}
