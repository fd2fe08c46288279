import { type TNull, type TString, type TUnion, Type } from "@sinclair/typebox";

/**
 * A secret an answer shows once (a new API key, a webhook signing secret). The service keeps only a
 * hash or a sealed copy it never hands out again, so the idempotency layer stores the answer with the
 * field set to null and a replay answers null there: the plaintext is never retrievable, not even by
 * repeating the request that created it.
 */
export function OneTimeSecret(pattern: string, description: string): TUnion<[TString, TNull]> {
  return Type.Union([Type.String({ pattern }), Type.Null()], {
    description: `${description} Shown once: null when this answer is an idempotent replay (the secret is never stored with it).`,
  });
}

/** The answer as the idempotency layer may keep it: the named top-level fields set to null. */
export function withoutOneTimeSecrets(body: unknown, fields: readonly string[]): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of fields) if (field in copy) copy[field] = null;
  return copy;
}
