import { Type } from "@sinclair/typebox";
import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { KeyIdParams } from "./schemas.js";
import { findKey, stopKeyAt } from "./store.js";
import { ApiKeySchema, keyStatus, keyView } from "./view.js";

export const revokeKeyOperation = defineOperation({
  id: "keys.revoke",
  summary: "Revoke an API key",
  description:
    "The key stops working everywhere within a second and never works again. A key in a rotation's grace period is stopped at once. Revoking a revoked key is a 409 conflict.",
  params: KeyIdParams,
  body: Type.Object({}, { additionalProperties: false }),
  responses: { 200: ApiKeySchema },
  errors: ["conflict"],
  async handler({ actor, deps, params, now }) {
    const key = await findKey(deps.db.kysely, actor.accountId, params.id);
    if (!key) throw new ApiError("not_found");
    if (keyStatus(key, now) === "revoked") throw new ApiError("conflict", { reason: "already_revoked" });
    const updated = await stopKeyAt(deps.db.kysely, actor.accountId, key.id, iso(now));
    deps.auth.forgetAccount(actor.accountId);
    return ok(keyView(updated ?? key, now));
  },
});
