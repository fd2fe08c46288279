import { ApiError } from "../../contract/errors.js";
import { newestFirst, pageOf, pageQuery } from "../../http/pagination.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { DeliverySchema, deliveryView, EndpointIdParams, EndpointSchema, endpointView } from "./schemas.js";
import { findEndpoint } from "./store.js";

export const getEndpoint = defineOperation({
  id: "webhooks.get",
  summary: "Read a webhook endpoint",
  description: "The endpoint's URL, event types, status and failure streak. Never the signing secret.",
  params: EndpointIdParams,
  responses: { 200: EndpointSchema },
  async handler({ actor, deps, params }) {
    const endpoint = await findEndpoint(deps.db.kysely, actor.accountId, params.id);
    if (!endpoint) throw new ApiError("not_found");
    return ok(endpointView(endpoint));
  },
});

export const listEndpoints = defineOperation({
  id: "webhooks.list",
  summary: "List webhook endpoints",
  description: "All of the account's endpoints, disabled ones included, newest first.",
  query: pageQuery(),
  responses: { 200: pageOf(EndpointSchema) },
  async handler({ actor, deps, query, now }) {
    const endpoints = deps.db.kysely
      .selectFrom("webhook_endpoints")
      .selectAll()
      .where("account_id", "=", actor.accountId);
    return ok(await newestFirst(endpoints, query, now, endpointView));
  },
});

export const listDeliveries = defineOperation({
  id: "webhooks.listDeliveries",
  summary: "List an endpoint's delivery attempts",
  description:
    "The delivery log, newest first: one entry per attempt (1 to 6), with the receiver's status code and time. Response bodies are never stored.",
  params: EndpointIdParams,
  query: pageQuery(),
  responses: { 200: pageOf(DeliverySchema) },
  async handler({ actor, deps, params, query, now }) {
    const endpoint = await findEndpoint(deps.db.kysely, actor.accountId, params.id);
    if (!endpoint) throw new ApiError("not_found");
    const deliveries = deps.db.kysely
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("endpoint_id", "=", endpoint.id);
    return ok(await newestFirst(deliveries, query, now, deliveryView));
  },
});
