import { Type } from "@sinclair/typebox";
import { iso } from "../../clock.js";
import { ApiError } from "../../contract/errors.js";
import { answer } from "../../operations/define.js";
import { TEST_EVENT_TYPE } from "../../webhooks/index.js";
import { defineOperation } from "../services.js";
import { emitEvent } from "./emit.js";
import { EndpointIdParams } from "./schemas.js";
import { findEndpoint } from "./store.js";

export const testEndpoint = defineOperation({
  id: "webhooks.test",
  summary: "Send a test event",
  description:
    "Sends a signed webhook.test event to this endpoint through the real delivery path (same signing, retries and log). 409 webhook_endpoint_disabled when the endpoint is disabled.",
  params: EndpointIdParams,
  body: Type.Object({}, { additionalProperties: false }),
  responses: {
    202: Type.Object({ deliveryId: Type.String(), eventId: Type.String() }, { additionalProperties: false }),
  },
  errors: ["webhook_endpoint_disabled"],
  async handler({ actor, deps, params, now, requestId }) {
    const endpoint = await findEndpoint(deps.db.kysely, actor.accountId, params.id);
    if (!endpoint) throw new ApiError("not_found");
    if (endpoint.status !== "active") throw new ApiError("webhook_endpoint_disabled");
    const data = {
      endpointId: endpoint.id,
      message: "This is a test event from Clipwright.",
      sentAt: iso(now),
      requestId,
    };
    const { eventId, deliveryId } = await deps.db.kysely.transaction().execute(async (tx) => {
      const emitted = await emitEvent(tx, actor.accountId, TEST_EVENT_TYPE, data, now, endpoint.id);
      const deliveryId = emitted.deliveryIds[0];
      // Disabled (or deleted) since it was read: nothing queued, so no event either (rolled back).
      if (deliveryId === undefined) throw new ApiError("webhook_endpoint_disabled");
      return { eventId: emitted.eventId, deliveryId };
    });
    deps.wake.deliveries.notify();
    return answer(202, { deliveryId, eventId });
  },
});
