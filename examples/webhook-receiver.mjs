#!/usr/bin/env node
// Clipwright webhook receiver: a standalone, dependency-free (Node >= 18, ESM) example.
//
// Run:     WEBHOOK_SECRET=whsec_... node examples/webhook-receiver.mjs 8787
// Import:  import { verifyWebhook } from "./webhook-receiver.mjs";   (importing does not start a server)
//
// verifyWebhook below is a copy of src/webhooks/verify.ts (same four steps, same answers, never throws);
// test/unit/webhook-signature.test.ts holds the two to the same results. Copy this file into your project
// if you like: it needs nothing but Node's standard library.
//
// Key material: the HMAC key is the whole secret string as given at registration, `whsec_` prefix
// included, as UTF-8 bytes. Do not strip the prefix and do not base64-decode anything.

import { createHmac, timingSafeEqual } from "node:crypto";
import { realpathSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";

export const SIGNATURE_TOLERANCE_SECONDS = 300;
const DIGITS = /^[0-9]+$/;

/**
 * Step 1 without judgement: first value of `t` and of `v1` in a `Service-Signature` header.
 * Items are comma-separated `key=value`; whitespace around item, key and value is ignored; keys are
 * case-sensitive; a repeated key keeps its first value; unknown keys and items without `=` are ignored.
 * @param {string} header
 * @returns {{ t: string | undefined, v1: string | undefined }}
 */
export function parseSignatureHeader(header) {
  let t;
  let v1;
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

/** @returns {Uint8Array | null} */
function bodyBytes(rawBody) {
  if (typeof rawBody === "string") return Buffer.from(rawBody, "utf8");
  if (rawBody instanceof Uint8Array) return rawBody;
  if (rawBody instanceof ArrayBuffer) return new Uint8Array(rawBody);
  return null;
}

/**
 * Verifies one delivery.
 * @param {string} secret  the endpoint's `whsec_…` secret, whole
 * @param {string | null | undefined} signatureHeader  the `Service-Signature` header
 * @param {string | Uint8Array | ArrayBuffer} rawBody  the request body bytes as received (a string is taken as UTF-8)
 * @param {Date | number} [now]  a Date or epoch milliseconds; default the clock
 * @param {number} [toleranceSeconds]  default 300
 * @returns {{ ok: true, timestamp: number } | { ok: false, reason: "missing_header" | "malformed_header" | "timestamp_out_of_tolerance" | "signature_mismatch" }}
 */
export function verifyWebhook(secret, signatureHeader, rawBody, now, toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS) {
  const fail = (reason) => ({ ok: false, reason });
  try {
    // 1. Parse the header into t and v1 (first value wins).
    if (signatureHeader === null || signatureHeader === undefined) return fail("missing_header");
    if (typeof signatureHeader !== "string") return fail("malformed_header");
    if (signatureHeader.trim() === "") return fail("missing_header");
    const { t, v1 } = parseSignatureHeader(signatureHeader);
    if (t === undefined || v1 === undefined || v1 === "" || !DIGITS.test(t)) return fail("malformed_header");
    const timestamp = Number(t);
    if (!Number.isSafeInteger(timestamp)) return fail("malformed_header");

    // 2. Expected: lowercase hex HMAC-SHA256(secret, "<t>." + raw body bytes), before any JSON parsing.
    const body = bodyBytes(rawBody);
    if (body === null || typeof secret !== "string" || secret.length === 0) return fail("signature_mismatch");
    const expectedHex = createHmac("sha256", Buffer.from(secret, "utf8")).update(`${t}.`, "utf8").update(body).digest("hex");
    const expected = Buffer.from(expectedHex, "utf8");

    // 3. Constant-time comparison, length first.
    const received = Buffer.from(v1, "utf8");
    if (received.length !== expected.length || !timingSafeEqual(received, expected)) return fail("signature_mismatch");

    // 4. Reject when |now - t| > tolerance.
    const nowMs = now === undefined ? Date.now() : now instanceof Date ? now.getTime() : typeof now === "number" ? now : Number.NaN;
    if (Number.isNaN(nowMs) || Number.isNaN(toleranceSeconds) || toleranceSeconds < 0) return fail("timestamp_out_of_tolerance");
    if (Math.abs(nowMs - timestamp * 1000) > toleranceSeconds * 1000) return fail("timestamp_out_of_tolerance");

    return { ok: true, timestamp };
  } catch {
    return fail("signature_mismatch");
  }
}

const MAX_BODY_BYTES = 1024 * 1024;
const DEDUPE_TTL_MS = 24 * 60 * 60 * 1000; // all six attempts fit in 28.5 minutes; keep ids a day
const DEDUPE_MAX = 100_000;

/**
 * A node:http request handler that verifies deliveries, drops duplicates by `Service-Event-Id`, and hands
 * each new event to `onEvent`. Answers 200 at once (before `onEvent` finishes) so the 10-second budget is
 * never at risk; a duplicate also gets 200 so the service stops retrying it.
 * @param {{ secret: string, onEvent?: (event: any, meta: { eventId: string, deliveryId: string | undefined, attempt: string | undefined, timestamp: number }) => unknown, log?: (line: string) => void, now?: () => Date | number }} options
 */
export function createWebhookHandler({ secret, onEvent = () => {}, log = (line) => console.error(line), now }) {
  /** @type {Map<string, number>} event id -> time seen (ms); insertion-ordered, so the oldest is first */
  const seen = new Map();
  const remember = (id) => {
    const t = Date.now();
    for (const [k, at] of seen) {
      if (seen.size < DEDUPE_MAX && t - at < DEDUPE_TTL_MS) break;
      seen.delete(k);
    }
    seen.set(id, t);
  };
  const answer = (res, status, body) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };

  return (req, res) => {
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      return answer(res, 405, { error: "method_not_allowed" });
    }
    const chunks = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("error", () => answer(res, 400, { error: "read_failed" }));
    req.on("end", () => {
      if (tooLarge) return answer(res, 413, { error: "payload_too_large" });
      const raw = Buffer.concat(chunks); // the raw bytes: verify these, never a re-serialised object
      const header = req.headers["service-signature"]; // node joins repeated headers with ", "
      const verified = verifyWebhook(secret, Array.isArray(header) ? header.join(", ") : header, raw, now?.());
      if (!verified.ok) {
        log(`rejected delivery: ${verified.reason}`);
        return answer(res, 400, { error: verified.reason });
      }
      let event;
      try {
        event = JSON.parse(raw.toString("utf8"));
      } catch {
        return answer(res, 400, { error: "invalid_json" });
      }
      const headerId = req.headers["service-event-id"];
      const eventId = typeof headerId === "string" && headerId !== "" ? headerId : String(event?.id);
      const deliveryId = req.headers["service-delivery-id"];
      const attempt = req.headers["service-delivery-attempt"];
      if (seen.has(eventId)) {
        log(`duplicate event ${eventId} (delivery ${deliveryId}, attempt ${attempt}): acknowledged, skipped`);
        return answer(res, 200, { received: true, duplicate: true });
      }
      remember(eventId);
      answer(res, 200, { received: true });
      Promise.resolve()
        .then(() => onEvent(event, { eventId, deliveryId, attempt, timestamp: verified.timestamp }))
        .catch((err) => log(`handler failed for event ${eventId}: ${err?.stack ?? err}`));
    });
  };
}

function isMain() {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const secret = process.env.WEBHOOK_SECRET ?? "";
  const portArg = process.argv[2] ?? "8787";
  const port = Number(portArg);
  if (!secret) {
    console.error("Set WEBHOOK_SECRET to the endpoint's whsec_… secret (environment, not argv: argv is visible to other users).");
    process.exit(2);
  }
  if (!/^[0-9]+$/.test(portArg) || port > 65535) {
    console.error("usage: WEBHOOK_SECRET=whsec_... node examples/webhook-receiver.mjs [port]");
    process.exit(2);
  }
  const server = createServer(
    createWebhookHandler({
      secret,
      onEvent: (event, meta) => {
        console.log(`${new Date().toISOString()} ${event.type} ${meta.eventId} delivery=${meta.deliveryId} attempt=${meta.attempt}`);
        console.log(JSON.stringify(event, null, 2));
      },
    }),
  );
  server.listen(port, () => {
    const address = server.address();
    console.error(`listening on http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
