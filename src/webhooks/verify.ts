import { timingSafeEqual } from "node:crypto";
import type { WebhookEvent } from "./events.js";
import { bodyBytes, computeSignature, type RawBody, SIGNATURE_TOLERANCE_SECONDS } from "./signature.js";

/**
 * Receiver-side verification of a delivery (spec: Events → Signature verification), in the spec's order:
 *
 * 1. Parse `Service-Signature` into `t` and `v1`: comma-separated `key=value` items; whitespace around an
 *    item, key or value is ignored; keys are case-sensitive; if a key repeats, its first value wins (even
 *    when that value is empty or bad); unknown keys and items without `=` are ignored. `t` must be decimal
 *    digits only (unix seconds, a safe integer) and `v1` must be non-empty, else `malformed_header`.
 * 2. Expected = lowercase hex HMAC-SHA256 keyed with the whole secret string (`whsec_…`, prefix included,
 *    UTF-8) over `<t>.` followed by the raw body bytes, where `<t>` is the header's digits exactly as sent.
 *    No JSON is parsed before this step succeeds.
 * 3. Compare in constant time: lengths first (a different length is a mismatch), then
 *    `crypto.timingSafeEqual` on equal-length buffers. `v1` is not case-folded: uppercase hex is a mismatch.
 * 4. Reject when |now − t| exceeds the tolerance (300 s by default); exactly 300 s passes. The timestamp is
 *    checked after the signature, so `timestamp_out_of_tolerance` only ever describes an authentic but
 *    stale (or far-future) delivery.
 *
 * Never throws: every bad input maps to a reason.
 */

export type VerifyFailureReason =
  | "missing_header"
  | "malformed_header"
  | "timestamp_out_of_tolerance"
  | "signature_mismatch";

export type VerifyResult =
  | { ok: true /** The signed `t`, unix seconds. */; timestamp: number }
  | { ok: false; reason: VerifyFailureReason };

export interface ParsedSignatureHeader {
  /** First value of `t`, trimmed, unchecked; undefined when the key is absent. */
  t: string | undefined;
  /** First value of `v1`, trimmed, unchecked; undefined when the key is absent. */
  v1: string | undefined;
}

/** Step 1 without judgement: the first value of `t` and of `v1`. */
export function parseSignatureHeader(header: string): ParsedSignatureHeader {
  let t: string | undefined;
  let v1: string | undefined;
  for (const item of header.split(",")) {
    const eq = item.indexOf("=");
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === "t" && t === undefined) t = value;
    else if (key === "v1" && v1 === undefined) v1 = value;
  }
  return { t, v1 };
}

const DIGITS = /^[0-9]+$/;
const fail = (reason: VerifyFailureReason): VerifyResult => ({ ok: false, reason });

/** `now` as epoch milliseconds: a Date, a number of epoch milliseconds (as `Date.now()`), or the clock. */
function nowMillis(now: Date | number | undefined): number {
  if (now === undefined) return Date.now();
  if (now instanceof Date) return now.getTime();
  return typeof now === "number" ? now : Number.NaN;
}

/**
 * Verifies one delivery. `rawBody` must be the bytes as received (a string is taken as UTF-8).
 * `now` is a Date or epoch milliseconds (default: the clock); `toleranceSeconds` defaults to 300
 * (Infinity switches the replay window off; NaN or a negative value rejects every delivery).
 */
export function verifyWebhook(
  secret: string,
  signatureHeader: string | null | undefined,
  rawBody: RawBody,
  now?: Date | number,
  toleranceSeconds: number = SIGNATURE_TOLERANCE_SECONDS,
): VerifyResult {
  try {
    // 1. parse
    if (signatureHeader === null || signatureHeader === undefined) return fail("missing_header");
    if (typeof signatureHeader !== "string") return fail("malformed_header");
    if (signatureHeader.trim() === "") return fail("missing_header");
    const { t, v1 } = parseSignatureHeader(signatureHeader);
    if (t === undefined || v1 === undefined || v1 === "" || !DIGITS.test(t)) return fail("malformed_header");
    const timestamp = Number(t);
    if (!Number.isSafeInteger(timestamp)) return fail("malformed_header");

    // 2. expected signature over the raw bytes (an empty secret would be a key anyone knows: never matches)
    const body = bodyBytes(rawBody);
    if (body === null || typeof secret !== "string" || secret.length === 0) return fail("signature_mismatch");
    const expected = Buffer.from(computeSignature(secret, t, body), "utf8");

    // 3. constant-time comparison, length first
    const received = Buffer.from(v1, "utf8");
    if (received.length !== expected.length || !timingSafeEqual(received, expected)) return fail("signature_mismatch");

    // 4. replay window
    const nowMs = nowMillis(now);
    if (Number.isNaN(nowMs) || Number.isNaN(toleranceSeconds) || toleranceSeconds < 0) {
      return fail("timestamp_out_of_tolerance");
    }
    if (Math.abs(nowMs - timestamp * 1000) > toleranceSeconds * 1000) return fail("timestamp_out_of_tolerance");

    return { ok: true, timestamp };
  } catch {
    // Unreachable with the checks above; kept so a receiver can never be crashed through this function.
    return fail("signature_mismatch");
  }
}

export type ParseEventResult =
  | { ok: true; timestamp: number; event: WebhookEvent }
  | { ok: false; reason: VerifyFailureReason | "invalid_body" };

/**
 * Verifies first (exactly as {@link verifyWebhook}), then decodes the bytes as UTF-8 JSON and checks the
 * envelope shape (`id`, `type`, `createdAt` strings, `apiVersion` `"v1"`, `data` an object).
 * `invalid_body` is only possible for a correctly signed body, i.e. never from the service itself.
 * Unknown event types are passed through (a receiver should ignore types it does not handle).
 */
export function parseWebhookEvent(
  secret: string,
  signatureHeader: string | null | undefined,
  rawBody: RawBody,
  now?: Date | number,
  toleranceSeconds: number = SIGNATURE_TOLERANCE_SECONDS,
): ParseEventResult {
  const verified = verifyWebhook(secret, signatureHeader, rawBody, now, toleranceSeconds);
  if (!verified.ok) return verified;
  let parsed: unknown;
  try {
    const bytes = bodyBytes(rawBody) as Uint8Array; // verified, so it is bytes
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes));
  } catch {
    return { ok: false, reason: "invalid_body" };
  }
  if (!isEventShape(parsed)) return { ok: false, reason: "invalid_body" };
  return { ok: true, timestamp: verified.timestamp, event: parsed };
}

function isEventShape(v: unknown): v is WebhookEvent {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.id === "string" &&
    typeof o.type === "string" &&
    typeof o.createdAt === "string" &&
    o.apiVersion === "v1" &&
    typeof o.data === "object" &&
    o.data !== null &&
    !Array.isArray(o.data)
  );
}
