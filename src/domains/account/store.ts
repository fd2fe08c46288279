import type { Kysely, Selectable } from "kysely";
import type { Db } from "../../db/connect.js";
import { precompiledRead } from "../../db/precompiled.js";
import type { AccountsTable, Database } from "../../db/schema.js";
import type { WalletRow } from "../wallet/balance.js";

export type AccountRow = Selectable<AccountsTable>;

const accountWithWallet = precompiledRead((db, p: { id: string }) =>
  db
    .selectFrom("accounts as a")
    .innerJoin("wallets as w", "w.account_id", "a.id")
    .select([
      "a.id",
      "a.email",
      "a.name",
      "a.email_verified",
      "a.role",
      "a.deletion_status",
      "a.created_at",
      "w.plan_id",
      "w.plan_expires_at",
      "w.plan_seconds",
      "w.payg_seconds",
      "w.free_seconds",
      "w.reserved_seconds",
      "w.updated_at as wallet_updated_at",
    ])
    .where("a.id", "=", p.id),
);

/** The account and its wallet in one query (GET /account's hot path). */
export async function findAccountWithWallet(db: Db, id: string) {
  const [row] = await accountWithWallet(db, { id });
  if (!row) return undefined;
  const {
    plan_id,
    plan_expires_at,
    plan_seconds,
    payg_seconds,
    free_seconds,
    reserved_seconds,
    wallet_updated_at,
    ...account
  } = row;
  const wallet: WalletRow = {
    account_id: id,
    plan_id,
    plan_expires_at,
    plan_seconds,
    payg_seconds,
    free_seconds,
    reserved_seconds,
    updated_at: wallet_updated_at,
  };
  return { account, wallet };
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
