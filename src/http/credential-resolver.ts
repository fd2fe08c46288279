import type { ApiError } from "../contract/errors.js";
import type { LookupResult } from "./credential-cache.js";

/** A looked-up credential: who is calling or the refusal, and the account it concerns (null: none). */
export interface Resolution {
  result: LookupResult;
  accountId: string | null;
}

/**
 * Where the Authenticator's tokens are looked up. The auth domain fills it in (keys, sessions, the
 * account's and wallet's state) and app.ts hands it over, so the HTTP conventions import no domain;
 * caching, the refusal cache and how often a key's use is recorded stay with the Authenticator.
 */
export interface CredentialResolver {
  /** The refusal for a token that cannot be a credential (wrong shape), decided without a lookup; else null. */
  malformed(token: string): ApiError | null;
  /** Looks a well-shaped token up. */
  resolve(token: string, now: Date): Promise<Resolution>;
  /** Records that an API key was used at `at` (its last_used_at). */
  touchKey(keyId: string, at: Date): Promise<void>;
}
