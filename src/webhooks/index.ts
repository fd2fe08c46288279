/**
 * Webhooks: event types, the event body type, signing (service side) and verification (receiver side).
 * Receivers that cannot load TypeScript use the dependency-free copy in examples/webhook-receiver.mjs,
 * which the unit tests hold to the same answers as verifyWebhook here (see docs/webhooks.md).
 */

export {
  EVENT_TYPES,
  type EventType,
  isEventType,
  JOB_EVENT_TYPES,
  type JobEventType,
  TEST_EVENT_TYPE,
  type TerminalJobState,
  type WebhookEvent,
  type WebhookJobData,
  type WebhookTestData,
} from "./events.js";
export {
  bodyBytes,
  computeSignature,
  type DeliveryHeaderInput,
  deliveryHeaders,
  HEADER_DELIVERY_ATTEMPT,
  HEADER_DELIVERY_ID,
  HEADER_EVENT_ID,
  HEADER_EVENT_TYPE,
  HEADER_SIGNATURE,
  newSigningSecret,
  type RawBody,
  SIGNATURE_SCHEME,
  SIGNATURE_TOLERANCE_SECONDS,
  SIGNING_SECRET_BYTES,
  SIGNING_SECRET_PATTERN,
  SIGNING_SECRET_PREFIX,
  signPayload,
  WEBHOOK_CONTENT_TYPE,
  WEBHOOK_HEADERS,
  WEBHOOK_USER_AGENT,
} from "./signature.js";
export {
  type ParsedSignatureHeader,
  type ParseEventResult,
  parseSignatureHeader,
  parseWebhookEvent,
  type VerifyFailureReason,
  type VerifyResult,
  verifyWebhook,
} from "./verify.js";
