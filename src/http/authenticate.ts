import type { Kysely } from "kysely";
import { type Clock, iso } from "../clock.js";
import type { Database } from "../db/schema.js";
import { findSessionForAuth } from "../domains/auth/sessions-store.js";
import { KEY_SHAPE, SESSION_SHAPE, sameDigest, sha256 } from "../domains/keys/secrets.js";
import { findKeysForAuth, touchKey } from "../domains/keys/store.js";
import { isPaid } from "../domains/wallet/balance.js";
import { SCOPES, type Scope } from "../operations/scopes.js";
import type { Actor } from "./actor.js";
import { ApiError } from "./api-error.js";

/** Lookups are cached this long at most, so a revocation in any process bites within a second. */
const CACHE_MS = 500;
/** last_used_at is written at most this often per key (a write per request would cost throughput). */
const TOUCH_EVERY_MS = 60_000;

type Headers = Record<string, string | string[] | undefined>;

const unauthorized = (reason: string, hint?: string) =>
  new ApiError("unauthorized", hint ? { reason, hint } : { reason });

/**
 * Spec, Authentication: one credential per call, in `Authorization: Bearer` or `X-API-Key`.
 * `X-API-Key` carries API keys only; a dashboard session token is accepted only as a Bearer token.
 */
export class Authenticator {
  private readonly cache = new Map<string, { actor: Actor | ApiError; at: number }>();
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async authenticate(headers: Headers): Promise<Actor> {
    const token = readCredential(headers);
    const now = this.clock.now();
    // Keyed by the token itself: the request holds it in memory anyway, and a hit then costs no hash.
    const hit = this.cache.get(token);
    let result: Actor | ApiError;
    if (hit && now.getTime() - hit.at < CACHE_MS && now.getTime() >= hit.at) {
      result = hit.actor;
    } else {
      const digest = sha256(token);
      result = token.startsWith("sess_")
        ? await this.session(token, digest, now)
        : await this.apiKey(token, digest, now);
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(token, { actor: result, at: now.getTime() });
    }
    if (result instanceof ApiError) throw result;
    if (result.kind === "api_key") this.touch(result.keyId, now);
    return result;
  }

  /** Forget cached lookups at once (revocation, sign-out, changes of paid state in this process). */
  forgetAll(): void {
    this.cache.clear();
  }

  private async apiKey(token: string, digest: string, now: Date): Promise<Actor | ApiError> {
    if (!KEY_SHAPE.test(token)) return unauthorized("unknown_key");
    const rows = await findKeysForAuth(this.db, token.slice(0, 17));
    const k = rows.find((r) => sameDigest(r.secret_hash, digest));
    if (!k) return unauthorized("unknown_key");
    const t = iso(now);
    if (k.revoked_at !== null && k.revoked_at <= t) return unauthorized("key_revoked");
    if (k.expires_at !== null && k.expires_at <= t) return unauthorized("key_expired");
    return {
      kind: "api_key",
      keyId: k.id,
      accountId: k.account_id,
      credentialId: k.id,
      scopes: JSON.parse(k.scopes) as Scope[],
      emailVerified: k.email_verified === 1,
      paid: isPaid(k, now),
      rateLimitPerMinute: k.rate_limit_per_minute,
      rateLimitPerDay: k.rate_limit_per_day,
    };
  }

  private async session(token: string, digest: string, now: Date): Promise<Actor | ApiError> {
    if (!SESSION_SHAPE.test(token)) return unauthorized("unknown_session");
    const s = await findSessionForAuth(this.db, digest);
    if (!s) return unauthorized("unknown_session");
    if (s.expires_at <= iso(now)) return unauthorized("session_expired");
    return {
      kind: "session",
      sessionId: s.id,
      accountId: s.account_id,
      credentialId: `session:${s.account_id}`,
      scopes: SCOPES,
      emailVerified: s.email_verified === 1,
      paid: isPaid(s, now),
    };
  }

  private touch(keyId: string, now: Date): void {
    const last = this.touched.get(keyId) ?? 0;
    if (now.getTime() - last < TOUCH_EVERY_MS) return;
    this.touched.set(keyId, now.getTime());
    touchKey(this.db, keyId, iso(now)).catch(() => this.touched.delete(keyId));
  }
}

/** The one credential of the request, or 401 with the spec's `details.reason`. */
function readCredential(headers: Headers): string {
  const auth = first(headers.authorization);
  const apiKey = first(headers["x-api-key"]);
  let bearer: string | undefined;
  if (auth !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (!m) return fail(unauthorized("unsupported_scheme", "Send the credential as 'Authorization: Bearer <token>'."));
    bearer = m[1];
  }
  if (apiKey !== undefined) {
    if (!apiKey.startsWith("svc_")) {
      return fail(
        unauthorized(
          "api_key_required",
          "X-API-Key carries API keys only; send a dashboard session token as 'Authorization: Bearer <token>'.",
        ),
      );
    }
    if (bearer !== undefined && bearer !== apiKey) return fail(unauthorized("conflicting_credentials"));
    return apiKey;
  }
  if (bearer === undefined) return fail(unauthorized("no_credential"));
  return bearer;
}

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
const fail = (e: ApiError): never => {
  throw e;
};
