import { ApiError } from "../../contract/errors.js";
import { newestFirst, pageOf, pageQuery } from "../../http/pagination.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { KeyIdParams } from "./schemas.js";
import { findKey } from "./store.js";
import { ApiKeySchema, keyView } from "./view.js";

export const getKeyOperation = defineOperation({
  id: "keys.get",
  summary: "Read an API key",
  description: "The key's name, readable prefix and last four characters, scopes, status and limits. Never the secret.",
  params: KeyIdParams,
  responses: { 200: ApiKeySchema },
  async handler({ actor, deps, params, now }) {
    const key = await findKey(deps.db.kysely, actor.accountId, params.id);
    if (!key) throw new ApiError("not_found");
    return ok(keyView(key, now));
  },
});

export const listKeysOperation = defineOperation({
  id: "keys.list",
  summary: "List API keys",
  description: "All of the account's keys, revoked and expired included, newest first.",
  query: pageQuery(),
  responses: { 200: pageOf(ApiKeySchema) },
  async handler({ actor, deps, query, now }) {
    const keys = deps.db.kysely.selectFrom("api_keys").selectAll().where("account_id", "=", actor.accountId);
    return ok(await newestFirst(keys, query, now, (k) => keyView(k, now)));
  },
});
