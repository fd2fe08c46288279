import { type Kysely, sql, type Transaction } from "kysely";
import type { Dialect } from "./connect.js";
import type { Database } from "./schema.js";

/**
 * Serialises "count then insert" work per account inside a transaction (caps such as 25 active keys).
 * PostgreSQL takes a row lock on the account; SQLite needs nothing, as its writers already take turns.
 */
export async function lockAccount(
  tx: Transaction<Database> | Kysely<Database>,
  dialect: Dialect,
  accountId: string,
): Promise<void> {
  if (dialect === "postgres") await sql`select id from accounts where id = ${accountId} for update`.execute(tx);
}
