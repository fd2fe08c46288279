import type { Kysely, Selectable } from "kysely";
import type { Db } from "../../db/connect.js";
import { precompiledRead } from "../../db/precompiled.js";
import type { AccountsTable, Database } from "../../db/schema.js";
import type { WalletRow } from "../wallet/balance.js";

export type AccountRow = Selectable<AccountsTable>;

// Rows as arrays (no driver-built object per row); findAccountWithWallet reads them in this column order.
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
  const [r] = await accountWithWallet(db, { id });
  if (!r) return undefined;
  const account = {
    id: r[0],
    email: r[1],
    name: r[2],
    email_verified: r[3],
    role: r[4],
    deletion_status: r[5],
    created_at: r[6],
  } as Pick<AccountRow, "id" | "email" | "name" | "email_verified" | "role" | "deletion_status" | "created_at">;
  const wallet = {
    account_id: id,
    plan_id: r[7],
    plan_expires_at: r[8],
    plan_seconds: r[9],
    payg_seconds: r[10],
    free_seconds: r[11],
    reserved_seconds: r[12],
    updated_at: r[13],
  } as WalletRow;
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
