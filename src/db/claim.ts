import { type Kysely, sql } from "kysely";
import type { Dialect } from "./connect.js";
import type { Database } from "./schema.js";

/**
 * Leases up to `limit` due rows of a queue-like table in one statement, so two workers never take the
 * same row. A row is due when `due_column <= now` and its lease is empty or has run out (a worker that
 * died leaves its rows to the next one). PostgreSQL skips rows another transaction is claiming;
 * SQLite has one writer at a time, so it needs no such clause.
 */
export async function claimDue(
  db: Kysely<Database>,
  dialect: Dialect,
  q: {
    table: "tasks" | "webhook_deliveries";
    dueColumn: string;
    where: ReturnType<typeof sql>;
    now: string;
    leaseUntil: string;
    limit: number;
  },
): Promise<string[]> {
  const table = sql.table(q.table);
  const due = sql.ref(q.dueColumn);
  const skipLocked = dialect === "postgres" ? sql`for update skip locked` : sql``;
  const rows = await sql<{ id: string }>`
    update ${table} set lease_until = ${q.leaseUntil}
    where id in (
      select id from ${table}
      where ${q.where} and ${due} <= ${q.now} and (lease_until is null or lease_until < ${q.now})
      order by ${due}, id
      limit ${q.limit}
      ${skipLocked}
    )
    returning id`.execute(db);
  return rows.rows.map((r) => r.id);
}
