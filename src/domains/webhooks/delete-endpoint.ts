import { Type } from "@sinclair/typebox";
import { ApiError } from "../../contract/errors.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { EndpointIdParams } from "./schemas.js";
import { findEndpoint } from "./store.js";

export const deleteEndpoint = defineOperation({
  id: "webhooks.delete",
  summary: "Delete a webhook endpoint",
  description: "Removes the endpoint and its delivery log; attempts still pending are never sent.",
  params: EndpointIdParams,
  body: Type.Object({}, { additionalProperties: false }),
  responses: { 200: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }, { additionalProperties: false }) },
  async handler({ actor, deps, params }) {
    const endpoint = await findEndpoint(deps.db.kysely, actor.accountId, params.id);
    if (!endpoint) throw new ApiError("not_found");
    // The endpoint row first, then its deliveries: the lock order of the dispatcher and PATCH (see
    // dispatcher.ts), so a delete never deadlocks with an attempt being recorded.
    await deps.db.kysely.transaction().execute(async (tx) => {
      await tx.deleteFrom("webhook_endpoints").where("id", "=", endpoint.id).execute();
      await tx.deleteFrom("webhook_deliveries").where("endpoint_id", "=", endpoint.id).execute();
    });
    return ok({ id: endpoint.id, deleted: true });
  },
});
