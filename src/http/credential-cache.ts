import { ApiError } from "../contract/errors.js";
import type { Actor } from "../operations/actor.js";

/** A lookup's outcome: who is calling, or the refusal (and whose account it concerns, when known). */
export type LookupResult = Actor | ApiError;

interface Entry {
  result: LookupResult;
  /** The account the result concerns: a refusal because of the account's state names it too. */
  accountId: string | null;
  at: number;
}

export interface CredentialCacheLimits {
  /** How long a lookup is reused. */
  ttlMs: number;
  /** Credentials that worked. */
  accepted: number;
  /** Refusals: kept apart, so a stream of unknown tokens can only push out other refusals. */
  refused: number;
}

/**
 * Recent credential lookups, keyed by the token. Two bounded maps, each dropping its oldest lookup
 * when full: every lookup re-inserts its entry, so the first entry is always the least recently
 * looked up, and entries past `ttlMs` are useless anyway. Refusals never take the place of an
 * accepted credential, whatever their number.
 */
export class CredentialCache {
  private readonly accepted = new Map<string, Entry>();
  private readonly refused = new Map<string, Entry>();

  constructor(private readonly limits: CredentialCacheLimits) {}

  /** The cached result, while it is fresh (a clock that went back makes it stale too). */
  get(token: string, now: number): LookupResult | undefined {
    const entry = this.accepted.get(token) ?? this.refused.get(token);
    if (!entry || now - entry.at >= this.limits.ttlMs || now < entry.at) return undefined;
    return entry.result;
  }

  set(token: string, result: LookupResult, accountId: string | null, now: number): void {
    const [map, other, bound] =
      result instanceof ApiError
        ? [this.refused, this.accepted, this.limits.refused]
        : [this.accepted, this.refused, this.limits.accepted];
    other.delete(token);
    map.delete(token); // re-inserted last: the order of the map is the order of lookups
    map.set(token, { result, accountId, at: now });
    while (map.size > bound) map.delete(map.keys().next().value as string);
  }

  /** Drops every entry of one account: its keys, its sessions, refusals made because of its state. */
  forgetAccount(accountId: string): void {
    this.forgetWhere((e) => e.accountId === accountId);
  }

  /** Drops the entries of one session (sign-out), leaving the account's other credentials cached. */
  forgetSession(sessionId: string): void {
    this.forgetWhere(
      (e) => !(e.result instanceof ApiError) && e.result.kind === "session" && e.result.sessionId === sessionId,
    );
  }

  clear(): void {
    this.accepted.clear();
    this.refused.clear();
  }

  private forgetWhere(match: (e: Entry) => boolean): void {
    for (const map of [this.accepted, this.refused]) {
      for (const [token, entry] of map) if (match(entry)) map.delete(token);
    }
  }
}
