import { type Static, Type } from "@sinclair/typebox";
import type { Selectable } from "kysely";
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from "../../db/schema.js";
import { EVENT_TYPES } from "../../webhooks/index.js";

export const MAX_ACTIVE_ENDPOINTS = 10;
const NullableString = (format?: string) => Type.Union([Type.String(format ? { format } : {}), Type.Null()]);

export const EndpointIdParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });

// The URL's own rules (length 2048, scheme, host…) answer webhook_url_invalid, so the schema only bounds it.
const Url = Type.String({
  minLength: 1,
  maxLength: 8192,
  description: "https URL (max 2048 characters) the events are posted to.",
});
const Events = Type.Array(Type.String({ enum: [...EVENT_TYPES] }), {
  minItems: 1,
  uniqueItems: true,
  description: "Event types to receive; at least one. Unknown names are refused.",
});
const Description = Type.String({ maxLength: 500 });

export const CreateEndpointBody = Type.Object(
  { url: Url, events: Events, description: Type.Optional(Description) },
  { additionalProperties: false },
);

export const UpdateEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Type.Union([Description, Type.Null()])),
    status: Type.Optional(Type.Union([Type.Literal("active"), Type.Literal("disabled")])),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const EndpointSchema = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    events: Type.Array(Type.String()),
    description: NullableString(),
    status: Type.Union([Type.Literal("active"), Type.Literal("disabled")]),
    failureStreak: Type.Integer({ minimum: 0 }),
    disabledAt: NullableString("date-time"),
    disabledReason: NullableString(),
    lastDeliveryAt: NullableString("date-time"),
    createdAt: Type.String({ format: "date-time" }),
    updatedAt: Type.String({ format: "date-time" }),
  },
  { additionalProperties: false },
);

export const DeliverySchema = Type.Object(
  {
    id: Type.String(),
    endpointId: Type.String(),
    eventId: Type.String(),
    eventType: Type.String(),
    attempt: Type.Integer({ minimum: 1, maximum: 6 }),
    status: Type.Union([Type.Literal("pending"), Type.Literal("succeeded"), Type.Literal("failed")]),
    responseStatus: Type.Union([Type.Integer(), Type.Null()]),
    responseMs: Type.Union([Type.Integer(), Type.Null()]),
    lastError: NullableString(),
    nextAttemptAt: NullableString("date-time"),
    deliveredAt: NullableString("date-time"),
    createdAt: Type.String({ format: "date-time" }),
    updatedAt: Type.String({ format: "date-time" }),
  },
  { additionalProperties: false },
);

export function endpointView(e: Selectable<WebhookEndpointsTable>): Static<typeof EndpointSchema> {
  return {
    id: e.id,
    url: e.url,
    events: JSON.parse(e.events) as string[],
    description: e.description,
    status: e.status as "active" | "disabled",
    failureStreak: e.failure_streak,
    disabledAt: e.disabled_at,
    disabledReason: e.disabled_reason,
    lastDeliveryAt: e.last_delivery_at,
    createdAt: e.created_at,
    updatedAt: e.updated_at,
  };
}

export function deliveryView(d: Selectable<WebhookDeliveriesTable>): Static<typeof DeliverySchema> {
  return {
    id: d.id,
    endpointId: d.endpoint_id,
    eventId: d.event_id,
    eventType: d.event_type,
    attempt: d.attempt,
    status: d.status as "pending" | "succeeded" | "failed",
    responseStatus: d.response_status,
    responseMs: d.response_ms,
    lastError: d.last_error,
    nextAttemptAt: d.next_attempt_at,
    deliveredAt: d.delivered_at,
    createdAt: d.created_at,
    updatedAt: d.updated_at,
  };
}
