import type { Scope } from "./scopes.js";

/** Who is calling: an API key or a signed-in dashboard person. Resolved once per request. */
export type Actor = ApiKeyActor | SessionActor;

interface ActorBase {
  accountId: string;
  scopes: readonly Scope[];
  emailVerified: boolean;
  /** A live plan or top-up seconds left (free signup seconds do not count). */
  paid: boolean;
  /** Usage and rate-limit identity: the key id, or one bucket per account for sessions. */
  credentialId: string;
}

export interface ApiKeyActor extends ActorBase {
  kind: "api_key";
  keyId: string;
  rateLimitPerMinute: number | null;
  rateLimitPerDay: number | null;
}

export interface SessionActor extends ActorBase {
  kind: "session";
  sessionId: string;
}
