import { type Kysely, sql } from "kysely";
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

export interface DeliveryClaim {
  now: string;
  leaseUntil: string;
  /** Attempts this process can start now. */
  free: number;
  /** Attempts one account may have in flight in this process. */
  perAccount: number;
  /** Attempts in flight now, by account (accounts with none are absent). */
  inFlight: ReadonlyMap<string, number>;
}

/**
 * Leases due attempts, taking turns between accounts: an account's place in the order is what it
 * holds already plus its rank among its own due attempts, so each pass goes first to the accounts
 * holding least, oldest attempt first, and nobody goes beyond its share. An account with a backlog for
 * a slow receiver therefore holds at most its share, and another account's attempt takes the next
 * free slot. The choice is read first and the lease set by a conditional update, so of two workers
 * choosing the same attempt only one leases it.
 */
export async function claimDueDeliveries(db: Kysely<Database>, q: DeliveryClaim) {
  if (q.free <= 0) return [];
  const held = q.inFlight.size
    ? sql`case account_id ${sql.join(
        [...q.inFlight].map(([account, n]) => sql`when ${account} then cast(${n} as integer)`),
        sql` `,
      )} else 0 end`
    : sql`0`;
  const chosen = await sql<{ id: string }>`
    select id from (
      select id, due_at, ${held} + row_number() over (partition by account_id order by due_at, id) as place
      from webhook_deliveries
      where status = ${"pending"} and due_at <= ${q.now} and (lease_until is null or lease_until < ${q.now})
    ) due
    where place <= ${q.perAccount}
    order by place, due_at, id
    limit ${q.free}`.execute(db);
  if (chosen.rows.length === 0) return [];
  return db
    .updateTable("webhook_deliveries")
    .set({ lease_until: q.leaseUntil })
    .where(
      "id",
      "in",
      chosen.rows.map((r) => r.id),
    )
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", q.now)]))
    .returning(["id", "account_id"])
    .execute();
}
