/**
 * The event types and the body of a delivery: what both the signing side (the service) and the
 * verifying side (receivers, verify.ts) agree on.
 */

/**
 * The job events of the spec's Events table, in table order: five resources × three terminal states =
 * 15 names. No events for `queued` or `running`. The spec's prose says "16 event types"; its table shows
 * 15 and adds `webhook.test`, so 16 is read as the total with `webhook.test` (no 16th job event is
 * invented; whether `marketing.source_operation` jobs emit events is "not shown"). The list is frozen.
 */
export const JOB_EVENT_TYPES = [
  "marketing.export.succeeded",
  "marketing.export.failed",
  "marketing.export.cancelled",
  "marketing.generation.succeeded",
  "marketing.generation.failed",
  "marketing.generation.cancelled",
  "marketing.source.succeeded",
  "marketing.source.failed",
  "marketing.source.cancelled",
  "render.succeeded",
  "render.failed",
  "render.cancelled",
  "storyboard.succeeded",
  "storyboard.failed",
  "storyboard.cancelled",
] as const;

/** Sent only by POST /webhooks/{id}/test. */
export const TEST_EVENT_TYPE = "webhook.test";

/**
 * Every event type an endpoint may subscribe to (16): the 15 job events plus `webhook.test`. Registration
 * and PATCH refuse any other name (and require at least one).
 */
export const EVENT_TYPES = [...JOB_EVENT_TYPES, TEST_EVENT_TYPE] as const;

export type JobEventType = (typeof JOB_EVENT_TYPES)[number];
export type EventType = (typeof EVENT_TYPES)[number];

const EVENT_TYPE_SET: ReadonlySet<string> = new Set(EVENT_TYPES);
export const isEventType = (value: unknown): value is EventType =>
  typeof value === "string" && EVENT_TYPE_SET.has(value);

/** Terminal job states, the only ones that produce events. */
export type TerminalJobState = "succeeded" | "failed" | "cancelled";

/**
 * `data` of a job event: the job envelope exactly as GET answers it (all 18 fields), carrying `requestId`
 * when the work was started through the API.
 */
export interface WebhookJobData {
  id: string;
  kind: string;
  state: TerminalJobState;
  internalStatus: string;
  stage: string | null;
  progress: { stage: string; percent: number; at: string | null } | null;
  error: { code: string; reason: string | null; retryable: boolean; terminal: boolean } | null;
  result: {
    artifacts: {
      type: string;
      url: string | null;
      expiresAt: string | null;
      bytes: number | null;
      sha256: string | null;
    }[];
    durationSeconds: number | null;
  } | null;
  cost: { secondsReserved: number; secondsCharged: number | null; watermark: boolean };
  artifactsExpired: boolean;
  cancellable: boolean;
  idempotencyKey: string | null;
  requestId: string | null;
  createdAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  expiresAt: string | null;
  pollAfterMs: number | null;
}

/** `data` of a `webhook.test` event. */
export interface WebhookTestData {
  endpointId: string;
  message: string;
  sentAt: string;
  requestId?: string;
}

/**
 * The JSON body of a delivery. `id` equals header `Service-Event-Id`, `type` equals `Service-Event-Type`.
 * A union discriminated on `type`; `WebhookEvent<"render.succeeded">` narrows to one type.
 */
export type WebhookEvent<T extends EventType = EventType> = T extends EventType
  ? {
      id: string;
      type: T;
      /** ISO 8601 date-time. */
      createdAt: string;
      apiVersion: "v1";
      data: T extends typeof TEST_EVENT_TYPE ? WebhookTestData : WebhookJobData;
    }
  : never;
