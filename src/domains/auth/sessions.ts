import { addMs, iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { uuidv7 } from "../../ids.js";
import { deletionRefusal } from "../account/deletion.js";
import { findAccountByEmail, normalizeEmail } from "../account/store.js";
import { mintSessionToken, sha256 } from "../keys/secrets.js";
import type { DomainServices } from "../services.js";

/**
 * Signs a person in: a `sess_` token, stored hashed, expiring after the configured time. The email's
 * back-off is checked before the password (429 while it waits); an unknown email is checked against a
 * decoy hash and backs off alike, so neither the timing nor the answers tell which emails exist.
 */
export async function signIn(
  deps: Pick<DomainServices, "db" | "clock" | "config" | "passwords" | "authThrottle">,
  email: string,
  password: string,
) {
  const attempt = await deps.authThrottle.beginSignIn(normalizeEmail(email));
  let account: Awaited<ReturnType<typeof findAccountByEmail>>;
  let ok: boolean;
  try {
    account = await findAccountByEmail(deps.db.kysely, email);
    ok = await deps.passwords.verifyOrDecoy(account?.password_hash, password);
  } catch (err) {
    await attempt.abandoned();
    throw err;
  }
  if (!account || !ok) throw new ApiError("unauthorized", { reason: "invalid_credentials" });
  await attempt.succeeded();
  const accountState = deletionRefusal(account.deletion_status);
  if (accountState) throw accountState;
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
