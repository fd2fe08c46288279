import { addMs, iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { lockAccount } from "../../db/locks.js";
import { uuidv7 } from "../../ids.js";
import { created } from "../../operations/define.js";
import { locationOf } from "../../operations/location.js";
import { defineOperation } from "../services.js";
import { KeyIdParams, MAX_ACTIVE_KEYS, RotatedKey, RotateKeyBody } from "./schemas.js";
import { mintKey } from "./secrets.js";
import { countActiveKeys, findKey, insertKey, type KeyRow, stopKeyAt } from "./store.js";
import { keyStatus, keyView } from "./view.js";

export const rotateKeyOperation = defineOperation({
  id: "keys.rotate",
  summary: "Rotate an API key",
  description:
    "Issues a new key with the same name, scopes, expiry and limits, and stops the old one after `graceSeconds` (0 to 86400; 0 stops it at once). The new secret is in this response only (an idempotent replay answers `secret: null`). Only an active key can be rotated. The 25-active-key cap holds: an old key in its grace period still counts, so a rotation with a grace period is refused (409 `conflict`, `details.reason: too_many_keys`) when the account already holds 25 active keys; a rotation with grace 0 replaces the key and is never refused by the cap.",
  params: KeyIdParams,
  body: RotateKeyBody,
  responses: { 201: RotatedKey },
  errors: ["conflict"],
  oneTimeSecrets: ["secret"],
  async handler({ actor, deps, params, body, now, idempotencyKey }) {
    const old = await findKey(deps.db.kysely, actor.accountId, params.id);
    if (!old) throw new ApiError("not_found");
    if (keyStatus(old, now) !== "active") throw new ApiError("conflict", { reason: "key_not_active" });
    const minted = mintKey();
    const fresh: KeyRow = {
      ...old,
      id: uuidv7(now.getTime()),
      prefix: minted.prefix,
      last4: minted.last4,
      secret_hash: minted.hash,
      revoked_at: null,
      rotated_from: old.id,
      idempotency_key: idempotencyKey,
      created_at: iso(now),
      last_used_at: null,
    };
    const graceSeconds = body.graceSeconds ?? 0;
    const stopAt = iso(addMs(now, graceSeconds * 1000));
    const previous = await deps.db.kysely.transaction().execute(async (tx) => {
      await lockAccount(tx, deps.db.dialect, actor.accountId);
      // With a grace period the old key keeps working beside the new one: both count against the cap.
      const active = await countActiveKeys(tx, actor.accountId, now);
      if (graceSeconds > 0 && active + 1 > MAX_ACTIVE_KEYS) {
        throw new ApiError("conflict", { reason: "too_many_keys", max: MAX_ACTIVE_KEYS, active });
      }
      await insertKey(tx, fresh);
      return stopKeyAt(tx, actor.accountId, old.id, stopAt);
    });
    deps.auth.forgetAccount(actor.accountId);
    return created(
      { secret: minted.secret, key: keyView(fresh, now), previousKey: keyView(previous ?? old, now) },
      locationOf("keys.get", { id: fresh.id }),
    );
  },
});
