import type { Kysely, Selectable } from "kysely";
import { iso } from "../../clock.js";
import type { ApiKeysTable, Database } from "../../db/schema.js";
import { ACCOUNT_STATE_COLUMNS } from "../account/store.js";

export type KeyRow = Selectable<ApiKeysTable>;

export async function insertKey(db: Kysely<Database>, row: KeyRow): Promise<void> {
  await db.insertInto("api_keys").values(row).execute();
}

export async function findKey(db: Kysely<Database>, accountId: string, id: string): Promise<KeyRow | undefined> {
  return db
    .selectFrom("api_keys")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function countActiveKeys(db: Kysely<Database>, accountId: string, now: Date): Promise<number> {
  const t = iso(now);
  const r = await db
    .selectFrom("api_keys")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("account_id", "=", accountId)
    .where((eb) => eb.or([eb("revoked_at", "is", null), eb("revoked_at", ">", t)]))
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", t)]))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Schedules the key to stop at `at` unless it already stops earlier. Returns the updated row. */
export async function stopKeyAt(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  at: string,
): Promise<KeyRow | undefined> {
  return db
    .updateTable("api_keys")
    .set({ revoked_at: at })
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .where((eb) => eb.or([eb("revoked_at", "is", null), eb("revoked_at", ">", at)]))
    .returningAll()
    .executeTakeFirst();
}

/** What authentication needs in one query: the key, its account's state, the wallet's paid state. */
export async function findKeysForAuth(db: Kysely<Database>, prefix: string) {
  return db
    .selectFrom("api_keys as k")
    .innerJoin("accounts as a", "a.id", "k.account_id")
    .innerJoin("wallets as w", "w.account_id", "k.account_id")
    .select([
      "k.id",
      "k.account_id",
      "k.secret_hash",
      "k.scopes",
      "k.expires_at",
      "k.revoked_at",
      "k.rate_limit_per_minute",
      "k.rate_limit_per_day",
      ...ACCOUNT_STATE_COLUMNS,
    ])
    .where("k.prefix", "=", prefix)
    .execute();
}

export async function touchKey(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable("api_keys").set({ last_used_at: at }).where("id", "=", id).execute();
}
