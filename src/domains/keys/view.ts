import { type Static, Type } from "@sinclair/typebox";
import { iso } from "../../clock.js";
import type { KeyRow } from "./store.js";

export const KEY_STATUSES = ["active", "revoked", "expired"] as const;

export const ApiKeySchema = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    name: Type.String(),
    prefix: Type.String({ minLength: 17, maxLength: 17 }),
    last4: Type.String({ minLength: 4, maxLength: 4 }),
    scopes: Type.Array(Type.String()),
    status: Type.Union(KEY_STATUSES.map((s) => Type.Literal(s))),
    expires: Type.Union([Type.String({ format: "date" }), Type.Null()]),
    rateLimitPerMinute: Type.Union([Type.Integer(), Type.Null()]),
    rateLimitPerDay: Type.Union([Type.Integer(), Type.Null()]),
    createdAt: Type.String({ format: "date-time" }),
    lastUsedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
    revokedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
      description: "When the key stops or stopped working; in the future while a rotation's grace runs.",
    }),
  },
  { additionalProperties: false },
);

/**
 * Status is derived from the timestamps at read time, so a key reads `expired` the moment its day ends
 * (the spec allows up to an hour) and `revoked` the moment its rotation grace ends.
 */
export function keyStatus(k: Pick<KeyRow, "revoked_at" | "expires_at">, now: Date): (typeof KEY_STATUSES)[number] {
  const t = iso(now);
  if (k.revoked_at !== null && k.revoked_at <= t) return "revoked";
  if (k.expires_at !== null && k.expires_at <= t) return "expired";
  return "active";
}

export function keyView(k: KeyRow, now: Date): Static<typeof ApiKeySchema> {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    last4: k.last4,
    scopes: JSON.parse(k.scopes) as string[],
    status: keyStatus(k, now),
    expires: k.expires,
    rateLimitPerMinute: k.rate_limit_per_minute,
    rateLimitPerDay: k.rate_limit_per_day,
    createdAt: k.created_at,
    lastUsedAt: k.last_used_at,
    revokedAt: k.revoked_at,
  };
}
