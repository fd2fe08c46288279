import type { Kysely } from "kysely";

/** Jobs and their settlement, the embedded task queue, webhook endpoints, events and deliveries. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("internal_status", "text", (c) => c.notNull())
    .addColumn("stage", "text")
    .addColumn("progress_stage", "text")
    .addColumn("progress_percent", "real")
    .addColumn("progress_at", "text")
    .addColumn("error_code", "text")
    .addColumn("error_reason", "text")
    .addColumn("error_retryable", "integer")
    .addColumn("error_terminal", "integer")
    .addColumn("result", "text")
    .addColumn("seconds_reserved", "integer", (c) => c.notNull())
    .addColumn("seconds_charged", "integer")
    .addColumn("watermark", "integer", (c) => c.notNull())
    .addColumn("artifacts_expired", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("cancel_requested", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lease_until", "text")
    .addColumn("input", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text")
    .addColumn("request_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("started_at", "text")
    .addColumn("finished_at", "text")
    .addColumn("expires_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("jobs_account_kind_created")
    .on("jobs")
    .columns(["account_id", "kind", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("jobs_account_idempotency")
    .on("jobs")
    .columns(["account_id", "kind", "idempotency_key"])
    .execute();
  await db.schema.createIndex("jobs_state_lease").on("jobs").columns(["state", "lease_until"]).execute();
  await db.schema.createIndex("jobs_expiry").on("jobs").columns(["artifacts_expired", "expires_at"]).execute();

  // The embedded queue: a row per task; claimed atomically, leased while it runs.
  await db.schema
    .createTable("tasks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("queue", "text", (c) => c.notNull())
    .addColumn("ref", "text", (c) => c.notNull())
    .addColumn("run_at", "text", (c) => c.notNull())
    .addColumn("lease_until", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tasks_due").on("tasks").columns(["queue", "run_at"]).execute();
  await db.schema.createIndex("tasks_ref").on("tasks").columns(["queue", "ref"]).execute();

  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("secret_sealed", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("failure_streak", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("disabled_at", "text")
    .addColumn("disabled_reason", "text")
    .addColumn("last_delivery_at", "text")
    .addColumn("idempotency_key", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_endpoints_account")
    .on("webhook_endpoints")
    .columns(["account_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("webhook_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull().references("webhook_events.id").onDelete("cascade"))
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_ms", "integer")
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", "text")
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("lease_until", "text")
    .addColumn("delivered_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_endpoint")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due")
    .on("webhook_deliveries")
    .columns(["status", "due_at"])
    .execute();
}
