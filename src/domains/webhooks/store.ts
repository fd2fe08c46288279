import type { Kysely } from "kysely";
import { iso } from "../../clock.js";
import type { Database } from "../../db/schema.js";

export async function findEndpoint(db: Kysely<Database>, accountId: string, id: string) {
  return db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function countActiveEndpoints(db: Kysely<Database>, accountId: string): Promise<number> {
  const r = await db
    .selectFrom("webhook_endpoints")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("account_id", "=", accountId)
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Pending attempts of a disabled endpoint are settled failed (the spec's auto-disable row). */
export async function failPendingDeliveries(db: Kysely<Database>, endpointId: string, reason: string, now: Date) {
  await db
    .updateTable("webhook_deliveries")
    .set({ status: "failed", last_error: reason, next_attempt_at: null, lease_until: null, updated_at: iso(now) })
    .where("endpoint_id", "=", endpointId)
    .where("status", "=", "pending")
    .execute();
}
