import { addMs, iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { randomBase62 } from "../../ids.js";
import { markEmailVerified } from "../account/store.js";
import { sha256 } from "../keys/secrets.js";
import type { DomainServices } from "../services.js";

const TOKEN_TTL_MS = 48 * 3600_000;
/** The page the mailed link opens (it only shows a button: opening a link never consumes the token). */
export const VERIFY_EMAIL_PAGE = "/verify-email";
/** The link's query parameter holding the token: a credential, so logs never show it. */
export const VERIFY_TOKEN_PARAM = "token";

/** Mails a one-time verification link; only the token's hash is stored. */
export async function sendVerification(
  deps: Pick<DomainServices, "db" | "clock" | "mailer" | "config">,
  account: { id: string; email: string },
) {
  const token = `ver_${randomBase62(40)}`;
  const now = deps.clock.now();
  await deps.db.kysely
    .insertInto("email_verifications")
    .values({
      token_hash: sha256(token),
      account_id: account.id,
      expires_at: iso(addMs(now, TOKEN_TTL_MS)),
      created_at: iso(now),
    })
    .execute();
  await deps.mailer.send({
    to: account.email,
    subject: "Verify your Clipwright email address",
    text: `Open this link to verify your address (valid for 48 hours):\n${deps.config.publicUrl}${VERIFY_EMAIL_PAGE}?${VERIFY_TOKEN_PARAM}=${token}\n\nOr POST {"token":"${token}"} to /api/v1/auth/verify-email.`,
  });
  return token;
}

/** Unknown token: 404 not_found; past its 48 hours: 410 expired. Using a token consumes it. */
export async function verifyEmailToken(
  deps: Pick<DomainServices, "db" | "clock" | "auth">,
  token: string,
): Promise<string> {
  const row = await deps.db.kysely
    .selectFrom("email_verifications")
    .selectAll()
    .where("token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row) throw new ApiError("not_found");
  const now = deps.clock.now();
  await deps.db.kysely.deleteFrom("email_verifications").where("token_hash", "=", row.token_hash).execute();
  if (row.expires_at <= iso(now)) throw new ApiError("expired");
  await markEmailVerified(deps.db.kysely, row.account_id, iso(now));
  deps.auth.forgetAccount(row.account_id);
  return row.account_id;
}
