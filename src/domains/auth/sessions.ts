import { addMs, iso } from "../../clock.js";
import type { Deps } from "../../deps.js";
import { ApiError } from "../../http/api-error.js";
import { uuidv7 } from "../../ids.js";
import { findAccountByEmail } from "../account/store.js";
import { mintSessionToken, sha256 } from "../keys/secrets.js";
import { hashPassword, verifyPassword } from "./passwords.js";

// Verifying against a throwaway hash when the email is unknown keeps both failures equally slow.
let decoyHash: Promise<string> | undefined;

/** Signs a person in: a `sess_` token, stored hashed, expiring after the configured time. */
export async function signIn(deps: Pick<Deps, "db" | "clock" | "config">, email: string, password: string) {
  const account = await findAccountByEmail(deps.db.kysely, email);
  decoyHash ??= hashPassword("not-a-password-anyone-has");
  const ok = await verifyPassword(account?.password_hash ?? (await decoyHash), password);
  if (!account || !ok) throw new ApiError("unauthorized", { reason: "invalid_credentials" });
  if (account.deletion_status !== "active") throw new ApiError("account_deleted");
  const token = mintSessionToken();
  const now = deps.clock.now();
  const expiresAt = iso(addMs(now, deps.config.sessionTtlSeconds * 1000));
  await deps.db.kysely
    .insertInto("sessions")
    .values({
      id: uuidv7(now.getTime()),
      account_id: account.id,
      token_hash: sha256(token),
      expires_at: expiresAt,
      created_at: iso(now),
    })
    .execute();
  return { token, expiresAt };
}
