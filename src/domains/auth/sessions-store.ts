import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { ACCOUNT_STATE_COLUMNS } from "../account/store.js";

export async function findSessionForAuth(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("sessions as s")
    .innerJoin("accounts as a", "a.id", "s.account_id")
    .innerJoin("wallets as w", "w.account_id", "s.account_id")
    .select(["s.id", "s.account_id", "s.expires_at", ...ACCOUNT_STATE_COLUMNS])
    .where("s.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}
