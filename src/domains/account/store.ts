import type { Kysely, Selectable } from "kysely";
import type { AccountsTable, Database } from "../../db/schema.js";

export type AccountRow = Selectable<AccountsTable>;

export async function findAccount(db: Kysely<Database>, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findAccountByEmail(db: Kysely<Database>, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom("accounts").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

export async function markEmailVerified(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable("accounts").set({ email_verified: 1, updated_at: at }).where("id", "=", id).execute();
}

/** What every credential lookup needs of its account (joined as `a`, wallet as `w`) to authorise a call. */
export const ACCOUNT_STATE_COLUMNS = [
  "a.email_verified",
  "a.deletion_status",
  "w.plan_id",
  "w.plan_expires_at",
  "w.payg_seconds",
] as const;

/** Emails compare case-insensitively; they are stored trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
