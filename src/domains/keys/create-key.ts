import type { Static } from "@sinclair/typebox";
import { endOfUtcDay, iso, utcDay } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { lockAccount } from "../../db/locks.js";
import { issue } from "../../http/validation.js";
import { uuidv7 } from "../../ids.js";
import { created } from "../../operations/define.js";
import { locationOf } from "../../operations/location.js";
import { NON_GRANTABLE_SCOPES, type Scope } from "../../operations/scopes.js";
import { type DomainServices, defineOperation } from "../services.js";
import { CreateKeyBody, MAX_ACTIVE_KEYS, SecretAndKey } from "./schemas.js";
import { mintKey } from "./secrets.js";
import { countActiveKeys, insertKey, type KeyRow } from "./store.js";
import { keyView } from "./view.js";

export type NewKey = Static<typeof CreateKeyBody>;

/** Creates a key: the plaintext is returned here once and only its SHA-256 is kept. */
export async function createKey(
  deps: Pick<DomainServices, "db" | "clock">,
  accountId: string,
  input: NewKey,
  idempotencyKey: string | null = null,
) {
  const now = deps.clock.now();
  const notGrantable = input.scopes.findIndex((s) => NON_GRANTABLE_SCOPES.includes(s as Scope));
  if (notGrantable >= 0)
    throw issue(`body.scopes[${notGrantable}]`, "not_grantable", "is never grantable to an API key");
  if (input.expires !== undefined && input.expires <= utcDay(now)) {
    throw issue("body.expires", "not_future", "must be a date after today (UTC)");
  }
  const minted = mintKey();
  const row: KeyRow = {
    id: uuidv7(now.getTime()),
    account_id: accountId,
    name: input.name,
    prefix: minted.prefix,
    last4: minted.last4,
    secret_hash: minted.hash,
    scopes: JSON.stringify(input.scopes),
    expires: input.expires ?? null,
    expires_at: input.expires ? iso(endOfUtcDay(input.expires)) : null,
    rate_limit_per_minute: input.rateLimitPerMinute ?? null,
    rate_limit_per_day: input.rateLimitPerDay ?? null,
    revoked_at: null,
    rotated_from: null,
    idempotency_key: idempotencyKey,
    created_at: iso(now),
    last_used_at: null,
  };
  await deps.db.kysely.transaction().execute(async (tx) => {
    await lockAccount(tx, deps.db.dialect, accountId);
    const active = await countActiveKeys(tx, accountId, now);
    if (active >= MAX_ACTIVE_KEYS) {
      throw new ApiError("conflict", { reason: "too_many_keys", max: MAX_ACTIVE_KEYS, active });
    }
    await insertKey(tx, row);
  });
  return { secret: minted.secret, key: keyView(row, now) };
}

export const createKeyOperation = defineOperation({
  id: "keys.create",
  summary: "Create an API key",
  description:
    "Creates a key with the given scopes and optional expiry and per-key rate limits. The secret is in this response only (an idempotent replay answers `secret: null`). An account holds at most 25 active keys; creating one needs a live plan or top-up.",
  body: CreateKeyBody,
  responses: { 201: SecretAndKey },
  errors: ["conflict"],
  oneTimeSecrets: ["secret"],
  async handler({ actor, deps, body, idempotencyKey }) {
    const result = await createKey(deps, actor.accountId, body, idempotencyKey);
    return created(result, locationOf("keys.get", { id: result.key.id }));
  },
});
