import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { issue } from "../../http/validation.js";
import { uuidv7 } from "../../ids.js";
import { PASSWORD_MAX, PASSWORD_MIN } from "../auth/passwords.js";
import type { DomainServices } from "../services.js";
import { grantFree, grantPlan, topUp } from "../wallet/grants.js";
import { type AccountRow, findAccountByEmail, normalizeEmail } from "./store.js";

export interface NewAccount {
  email: string;
  password: string;
  name?: string;
  verified?: boolean;
  planId?: string;
  topupSeconds?: number;
  freeSeconds?: number;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/**
 * Creates an account with its wallet, then the grants asked for (each a ledger entry). Shared by
 * sign-up, `clipwright admin create-account` and the development bootstrap.
 */
export async function createAccount(
  deps: Pick<DomainServices, "db" | "clock" | "auth" | "passwords">,
  input: NewAccount,
): Promise<AccountRow> {
  const email = normalizeEmail(input.email);
  if (!EMAIL.test(email) || email.length > 254) throw issue("body.email", "format", "must be an email address");
  if (input.password.length < PASSWORD_MIN || input.password.length > PASSWORD_MAX) {
    throw issue("body.password", "length", `must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
  if (await findAccountByEmail(deps.db.kysely, email)) throw new ApiError("conflict", { reason: "email_taken" });

  const now = iso(deps.clock.now());
  const account: AccountRow = {
    id: uuidv7(),
    email,
    name: (input.name ?? "").trim() || email.split("@")[0] || email,
    password_hash: await deps.passwords.hash(input.password),
    email_verified: input.verified ? 1 : 0,
    role: "owner",
    deletion_status: "active",
    created_at: now,
    updated_at: now,
  };
  try {
    await deps.db.kysely.transaction().execute(async (tx) => {
      await tx.insertInto("accounts").values(account).execute();
      await tx
        .insertInto("wallets")
        .values({
          account_id: account.id,
          plan_id: null,
          plan_expires_at: null,
          plan_seconds: 0,
          payg_seconds: 0,
          free_seconds: 0,
          reserved_seconds: 0,
          updated_at: now,
        })
        .execute();
    });
  } catch (err) {
    // Two sign-ups racing for one address: the unique index decides.
    if (await findAccountByEmail(deps.db.kysely, email)) throw new ApiError("conflict", { reason: "email_taken" });
    throw err;
  }
  if (input.freeSeconds) await grantFree(deps, account.id, input.freeSeconds);
  if (input.planId) await grantPlan(deps, account.id, input.planId);
  if (input.topupSeconds) await topUp(deps, account.id, input.topupSeconds);
  return account;
}
