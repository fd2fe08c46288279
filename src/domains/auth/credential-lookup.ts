import type { Kysely } from "kysely";
import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import type { Database } from "../../db/schema.js";
import type { CredentialResolver, Resolution } from "../../http/credential-resolver.js";
import { SCOPES, type Scope } from "../../operations/scopes.js";
import { deletionRefusal } from "../account/deletion.js";
import { KEY_SHAPE, SESSION_PREFIX, SESSION_SHAPE, sameDigest, sha256 } from "../keys/secrets.js";
import { findKeysForAuth, touchKey } from "../keys/store.js";
import { isPaid } from "../wallet/balance.js";
import { findSessionForAuth } from "./sessions-store.js";

const unauthorized = (reason: string) => new ApiError("unauthorized", { reason });
const refused = (err: ApiError): Resolution => ({ result: err, accountId: null });

/**
 * Resolves API keys and dashboard session tokens against the database: the key or session row, the
 * account's deletion state and whether its wallet counts as paid. Only a digest of the token is looked up.
 */
export class CredentialLookup implements CredentialResolver {
  constructor(private readonly db: Kysely<Database>) {}

  malformed(token: string): ApiError | null {
    const isSession = token.startsWith(SESSION_PREFIX);
    if ((isSession ? SESSION_SHAPE : KEY_SHAPE).test(token)) return null;
    return unauthorized(isSession ? "unknown_session" : "unknown_key");
  }

  resolve(token: string, now: Date): Promise<Resolution> {
    const digest = sha256(token);
    return token.startsWith(SESSION_PREFIX) ? this.session(digest, now) : this.apiKey(token, digest, now);
  }

  async touchKey(keyId: string, at: Date): Promise<void> {
    await touchKey(this.db, keyId, iso(at));
  }

  private async apiKey(token: string, digest: string, now: Date): Promise<Resolution> {
    // The key's prefix (scheme plus eight characters) narrows the rows; the digest decides.
    const rows = await findKeysForAuth(this.db, token.slice(0, 17));
    const k = rows.find((r) => sameDigest(r.secret_hash, digest));
    if (!k) return refused(unauthorized("unknown_key"));
    const t = iso(now);
    if (k.revoked_at !== null && k.revoked_at <= t) return refused(unauthorized("key_revoked"));
    if (k.expires_at !== null && k.expires_at <= t) return refused(unauthorized("key_expired"));
    const accountState = deletionRefusal(k.deletion_status);
    if (accountState) return { result: accountState, accountId: k.account_id };
    return {
      accountId: k.account_id,
      result: {
        kind: "api_key",
        keyId: k.id,
        accountId: k.account_id,
        credentialId: k.id,
        scopes: JSON.parse(k.scopes) as Scope[],
        emailVerified: k.email_verified === 1,
        paid: isPaid(k, now),
        rateLimitPerMinute: k.rate_limit_per_minute,
        rateLimitPerDay: k.rate_limit_per_day,
      },
    };
  }

  private async session(digest: string, now: Date): Promise<Resolution> {
    const s = await findSessionForAuth(this.db, digest);
    if (!s) return refused(unauthorized("unknown_session"));
    if (s.expires_at <= iso(now)) return refused(unauthorized("session_expired"));
    const accountState = deletionRefusal(s.deletion_status);
    if (accountState) return { result: accountState, accountId: s.account_id };
    return {
      accountId: s.account_id,
      result: {
        kind: "session",
        sessionId: s.id,
        accountId: s.account_id,
        credentialId: `session:${s.account_id}`,
        scopes: SCOPES,
        emailVerified: s.email_verified === 1,
        paid: isPaid(s, now),
      },
    };
  }
}
