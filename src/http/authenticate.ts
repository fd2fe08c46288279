import type { Clock } from "../clock.js";
import { ApiError } from "../contract/errors.js";
import type { Actor } from "../operations/actor.js";
import { CredentialCache, type LookupResult } from "./credential-cache.js";
import type { CredentialResolver } from "./credential-resolver.js";

/**
 * Lookups are cached this long at most, so a revocation in any process bites within a second. At most
 * 10,000 working credentials and 1,000 refusals are kept: a flood of unknown tokens only ever pushes
 * out other refusals, never a working credential.
 */
const CACHE = { ttlMs: 500, accepted: 10_000, refused: 1_000 };
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
  private readonly cache = new CredentialCache(CACHE);
  private readonly touched = new Map<string, number>();
  private lookups = 0;

  constructor(
    private readonly credentials: CredentialResolver,
    private readonly clock: Clock,
  ) {}

  /** Lookups that went to the database so far (tests observe the cache through it). */
  get databaseLookups(): number {
    return this.lookups;
  }

  async authenticate(headers: Headers): Promise<Actor> {
    const token = readCredential(headers);
    const now = this.clock.now();
    const result = this.cache.get(token, now.getTime()) ?? (await this.lookUp(token, now));
    if (result instanceof ApiError) throw result;
    if (result.kind === "api_key") this.touch(result.keyId, now);
    return result;
  }

  /**
   * Forget one account's cached lookups at once: its keys were revoked or rotated, its paid or
   * verified state changed, or it is being deleted.
   */
  forgetAccount(accountId: string): void {
    this.cache.forgetAccount(accountId);
  }

  /** Forget one session's cached lookup (sign-out); the account's other credentials stay cached. */
  forgetSession(sessionId: string): void {
    this.cache.forgetSession(sessionId);
  }

  /** Forget every cached lookup (start-up housekeeping; request paths forget only what changed). */
  forgetAll(): void {
    this.cache.clear();
  }

  /**
   * A token of the wrong shape is refused without a lookup and not cached (nothing to save, and an
   * arbitrary string should not take memory); any other outcome is cached by the token itself: the
   * request holds it in memory anyway, and a hit then costs no hash.
   */
  private async lookUp(token: string, now: Date): Promise<LookupResult> {
    const malformed = this.credentials.malformed(token);
    if (malformed) return malformed;
    this.lookups++;
    const { result, accountId } = await this.credentials.resolve(token, now);
    this.cache.set(token, result, accountId, now.getTime());
    return result;
  }

  private touch(keyId: string, now: Date): void {
    const last = this.touched.get(keyId) ?? 0;
    if (now.getTime() - last < TOUCH_EVERY_MS) return;
    this.touched.set(keyId, now.getTime());
    this.credentials.touchKey(keyId, now).catch(() => this.touched.delete(keyId));
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
