import { createHmac, randomBytes } from "node:crypto";

/**
 * Webhook signing, the sending side (spec: Events → Delivery, Signature verification).
 *
 * Key material: the HMAC-SHA256 key is the endpoint secret exactly as it was returned at registration,
 * the whole string including the `whsec_` prefix, taken as its UTF-8 bytes. Nothing is stripped or
 * decoded (unlike Standard Webhooks, which base64-decodes the part after the prefix). The part after
 * the prefix is 32 random bytes written in base64url without padding (43 characters), so a secret is
 * always 49 ASCII characters; its encoding matters only for copying, never for the HMAC.
 *
 * Signed input: the ASCII decimal timestamp, a `.`, then the raw body bytes exactly as sent.
 * Header value: `t=<unix seconds>,v1=<64 lowercase hex characters>`.
 */

/** Prefix of every endpoint signing secret. */
export const SIGNING_SECRET_PREFIX = "whsec_";
/** Random bytes behind a signing secret. */
export const SIGNING_SECRET_BYTES = 32;
/** Shape of a secret minted by {@link newSigningSecret}: prefix + 43 base64url characters. */
export const SIGNING_SECRET_PATTERN = /^whsec_[A-Za-z0-9_-]{43}$/;

/** Receivers reject a signature whose timestamp is further than this from their clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** The only signature scheme of version 1. */
export const SIGNATURE_SCHEME = "v1";

/** Header names of a delivery, as the spec writes them (HTTP header names are case-insensitive). */
export const WEBHOOK_HEADERS = {
  eventId: "Service-Event-Id",
  eventType: "Service-Event-Type",
  deliveryId: "Service-Delivery-Id",
  deliveryAttempt: "Service-Delivery-Attempt",
  signature: "Service-Signature",
} as const;
export const HEADER_EVENT_ID = WEBHOOK_HEADERS.eventId;
export const HEADER_EVENT_TYPE = WEBHOOK_HEADERS.eventType;
export const HEADER_DELIVERY_ID = WEBHOOK_HEADERS.deliveryId;
export const HEADER_DELIVERY_ATTEMPT = WEBHOOK_HEADERS.deliveryAttempt;
export const HEADER_SIGNATURE = WEBHOOK_HEADERS.signature;

/** `User-Agent` of every delivery. */
export const WEBHOOK_USER_AGENT = "Service-Webhooks/1.0";
/** `Content-Type` of every delivery. */
export const WEBHOOK_CONTENT_TYPE = "application/json";

/** A body as the signer and verifier accept it: text is taken as UTF-8, binary forms as they are. */
export type RawBody = string | Buffer | Uint8Array | ArrayBuffer;

/** The body's bytes without copying binary input. Returns null for anything else (never throws). */
export function bodyBytes(rawBody: unknown): Uint8Array | null {
  if (typeof rawBody === "string") return Buffer.from(rawBody, "utf8");
  if (rawBody instanceof Uint8Array) return rawBody; // Buffer is a Uint8Array
  if (rawBody instanceof ArrayBuffer) return new Uint8Array(rawBody);
  return null;
}

/**
 * Lowercase hex HMAC-SHA256 keyed with the whole secret string over `<t>.` followed by the body bytes.
 * `timestamp` is written as given (the verifier passes the header's digits untouched); callers check it.
 */
export function computeSignature(secret: string, timestamp: number | string, body: Uint8Array): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.`, "utf8").update(body).digest("hex");
}

/**
 * The `Service-Signature` header value for one delivery attempt:
 * `t=<timestampSeconds>,v1=<lowercase hex HMAC-SHA256(secret, "<t>." + raw body bytes)>`.
 * Sign the exact bytes that will be sent. Throws on a programming error (empty secret, a timestamp that
 * is not a non-negative safe integer, a body that is not text or bytes).
 */
export function signPayload(secret: string, timestampSeconds: number, rawBody: RawBody): string {
  if (typeof secret !== "string" || secret.length === 0)
    throw new TypeError("signPayload: secret must be a non-empty string");
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError("signPayload: timestampSeconds must be a non-negative integer number of unix seconds");
  }
  const body = bodyBytes(rawBody);
  if (body === null) throw new TypeError("signPayload: rawBody must be a string, Buffer, Uint8Array or ArrayBuffer");
  return `t=${timestampSeconds},${SIGNATURE_SCHEME}=${computeSignature(secret, timestampSeconds, body)}`;
}

/** A fresh endpoint secret: `whsec_` + 32 CSPRNG bytes in base64url without padding (49 characters). */
export function newSigningSecret(): string {
  return SIGNING_SECRET_PREFIX + randomBytes(SIGNING_SECRET_BYTES).toString("base64url");
}

export interface DeliveryHeaderInput {
  secret: string;
  eventId: string;
  eventType: string;
  deliveryId: string;
  /** 1 to 6. */
  attempt: number;
  /** Signing time of this attempt in unix seconds (sign each attempt afresh, so retries stay in tolerance). */
  timestampSeconds: number;
  /** The exact bytes that will be posted. */
  rawBody: RawBody;
}

/** Every header of a delivery attempt, in the spec's spelling. */
export function deliveryHeaders(input: DeliveryHeaderInput): Record<string, string> {
  return {
    "Content-Type": WEBHOOK_CONTENT_TYPE,
    "User-Agent": WEBHOOK_USER_AGENT,
    [WEBHOOK_HEADERS.eventId]: input.eventId,
    [WEBHOOK_HEADERS.eventType]: input.eventType,
    [WEBHOOK_HEADERS.deliveryId]: input.deliveryId,
    [WEBHOOK_HEADERS.deliveryAttempt]: String(input.attempt),
    [WEBHOOK_HEADERS.signature]: signPayload(input.secret, input.timestampSeconds, input.rawBody),
  };
}
