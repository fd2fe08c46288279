import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { lockAccount } from "../../db/locks.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { checkWebhookUrl } from "./check-url.js";
import { EndpointIdParams, EndpointSchema, endpointView, MAX_ACTIVE_ENDPOINTS, UpdateEndpointBody } from "./schemas.js";
import { countActiveEndpoints, failPendingDeliveries, findEndpoint } from "./store.js";

export const updateEndpoint = defineOperation({
  id: "webhooks.update",
  summary: "Change a webhook endpoint",
  description:
    "Changes url, events, description or status. A new url is checked like a registration. Re-enabling (status active) resets the failure streak and counts against the 10-active cap; events fired while it was disabled are not resent. Disabling settles its pending deliveries as failed.",
  params: EndpointIdParams,
  body: UpdateEndpointBody,
  responses: { 200: EndpointSchema },
  errors: ["webhook_url_invalid", "webhook_url_blocked", "webhook_host_denied", "too_many_endpoints"],
  async handler({ actor, deps, params, body, now }) {
    const current = await findEndpoint(deps.db.kysely, actor.accountId, params.id);
    if (!current) throw new ApiError("not_found");
    if (body.url !== undefined && body.url !== current.url) await checkWebhookUrl(deps, body.url);
    const t = iso(now);
    const enabling = body.status === "active" && current.status === "disabled";
    const disabling = body.status === "disabled" && current.status === "active";
    const updated = await deps.db.kysely.transaction().execute(async (tx) => {
      if (enabling) {
        await lockAccount(tx, deps.db.dialect, actor.accountId);
        const active = await countActiveEndpoints(tx, actor.accountId);
        if (active >= MAX_ACTIVE_ENDPOINTS)
          throw new ApiError("too_many_endpoints", { max: MAX_ACTIVE_ENDPOINTS, active });
      }
      const row = await tx
        .updateTable("webhook_endpoints")
        .set({
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(body.events !== undefined ? { events: JSON.stringify(body.events) } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(enabling ? { status: "active", failure_streak: 0, disabled_at: null, disabled_reason: null } : {}),
          ...(disabling ? { status: "disabled", disabled_at: t, disabled_reason: "disabled_by_request" } : {}),
          updated_at: t,
        })
        .where("id", "=", current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (disabling) await failPendingDeliveries(tx, current.id, "endpoint_disabled", now);
      return row;
    });
    return ok(endpointView(updated));
  },
});
