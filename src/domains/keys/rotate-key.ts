import { addMs, iso } from "../../clock.js";
import { ApiError } from "../../http/api-error.js";
import { uuidv7 } from "../../ids.js";
import { created, defineOperation } from "../../operations/define.js";
import { KeyIdParams, RotatedKey, RotateKeyBody } from "./schemas.js";
import { mintKey } from "./secrets.js";
import { findKey, insertKey, type KeyRow, stopKeyAt } from "./store.js";
import { keyStatus, keyView } from "./view.js";

export const rotateKeyOperation = defineOperation({
  id: "keys.rotate",
  summary: "Rotate an API key",
  description:
    "Issues a new key with the same name, scopes, expiry and limits, and stops the old one after `graceSeconds` (0 to 86400; 0 stops it at once). The new secret is in this response only (an idempotent replay answers `secret: null`). Only an active key can be rotated; rotation is not refused by the 25-key cap, since it replaces a key.",
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
    const stopAt = iso(addMs(now, (body.graceSeconds ?? 0) * 1000));
    const previous = await deps.db.kysely.transaction().execute(async (tx) => {
      await insertKey(tx, fresh);
      return stopKeyAt(tx, actor.accountId, old.id, stopAt);
    });
    deps.auth.forgetAccount(actor.accountId);
    return created(
      { secret: minted.secret, key: keyView(fresh, now), previousKey: keyView(previous ?? old, now) },
      `/api/v1/keys/${fresh.id}`,
    );
  },
});
