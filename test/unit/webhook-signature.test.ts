import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deliveryHeaders,
  EVENT_TYPES,
  isEventType,
  JOB_EVENT_TYPES,
  newSigningSecret,
  parseWebhookEvent,
  SIGNING_SECRET_PATTERN,
  signPayload,
  type VerifyResult,
  verifyWebhook,
  WEBHOOK_HEADERS,
  WEBHOOK_USER_AGENT,
} from "../../src/webhooks/index.js";
import { within } from "../support/wait.js";

// The dependency-free copy receivers run. Loaded through a computed specifier so the type checker does not
// need a declaration for the .mjs; its shape is asserted here and checked at run time below.
type Verify = (
  secret: unknown,
  header: unknown,
  body: unknown,
  now?: Date | number,
  toleranceSeconds?: number,
) => VerifyResult;
interface Standalone {
  verifyWebhook: Verify;
  createWebhookHandler: (options: {
    secret: string;
    onEvent?: (event: any, meta: Record<string, unknown>) => unknown;
    log?: (line: string) => void;
    now?: () => Date | number;
  }) => (req: IncomingMessage, res: ServerResponse) => void;
}
const standaloneUrl = new URL("../../examples/webhook-receiver.mjs", import.meta.url).href;
const standalone = (await import(standaloneUrl)) as Standalone;
const tsVerify = verifyWebhook as unknown as Verify;

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw6RxG3dhLk0A";
const T = 1_700_000_000;
const AT_T = T * 1000; // `now` in epoch milliseconds
const BODY =
  '{"id":"evt_1","type":"webhook.test","createdAt":"2023-11-14T22:13:20.000Z","apiVersion":"v1",' +
  '"data":{"endpointId":"ep_1","message":"Hello from Clipwright","sentAt":"2023-11-14T22:13:20.000Z"}}';
const hmacHex = (key: string, signed: string | Buffer) => createHmac("sha256", key).update(signed).digest("hex");
const SIG = signPayload(SECRET, T, BODY);
const V1 = SIG.slice(SIG.indexOf("v1=") + 3);

describe("signPayload", () => {
  it("writes t=<seconds>,v1=<64 lowercase hex>", () => {
    expect(SIG).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
  });

  it("matches a fixed known-answer vector computed independently (openssl and node:crypto)", () => {
    // printf '%s' "1700000000.$BODY" | openssl dgst -sha256 -hmac "$SECRET"
    const kat = "c34187831a09bdb23305bb2c8cad5337d762a93204d503c5f157c52eb3a5b403";
    expect(hmacHex(SECRET, `${T}.${BODY}`)).toBe(kat);
    expect(SIG).toBe(`t=${T},v1=${kat}`);
    // Non-ASCII body: the signed input is UTF-8 bytes.
    const utf8 = '{"msg":"héllo ✓ 🎬"}';
    const kat2 = "f1c7a5242af142d0c577d7ab59e0908aac08ad7bf0118be5cb6e6da7d6aa966e";
    expect(hmacHex(SECRET, Buffer.concat([Buffer.from(`${T}.`), Buffer.from(utf8, "utf8")]))).toBe(kat2);
    expect(signPayload(SECRET, T, Buffer.from(utf8))).toBe(`t=${T},v1=${kat2}`);
  });

  it("keys the HMAC with the whole secret, whsec_ prefix included, undecoded", () => {
    const withoutPrefix = hmacHex(SECRET.slice("whsec_".length), `${T}.${BODY}`);
    const decoded = createHmac("sha256", Buffer.from(SECRET.slice(6), "base64url"))
      .update(`${T}.${BODY}`)
      .digest("hex");
    expect(V1).not.toBe(withoutPrefix);
    expect(V1).not.toBe(decoded);
    expect(verifyWebhook(SECRET, `t=${T},v1=${withoutPrefix}`, BODY, AT_T)).toEqual({
      ok: false,
      reason: "signature_mismatch",
    });
  });

  it("refuses programming errors loudly (this is the sending side)", () => {
    expect(() => signPayload("", T, BODY)).toThrow(TypeError);
    expect(() => signPayload(SECRET, -1, BODY)).toThrow(RangeError);
    expect(() => signPayload(SECRET, 1.5, BODY)).toThrow(RangeError);
    expect(() => signPayload(SECRET, Number.NaN, BODY)).toThrow(RangeError);
    expect(() => signPayload(SECRET, T, { a: 1 } as never)).toThrow(TypeError);
  });

  it("builds every delivery header in the spec's spelling", () => {
    const h = deliveryHeaders({
      secret: SECRET,
      eventId: "evt_1",
      eventType: "webhook.test",
      deliveryId: "dlv_1",
      attempt: 2,
      timestampSeconds: T,
      rawBody: BODY,
    });
    expect(h).toEqual({
      "Content-Type": "application/json",
      "User-Agent": "Service-Webhooks/1.0",
      "Service-Event-Id": "evt_1",
      "Service-Event-Type": "webhook.test",
      "Service-Delivery-Id": "dlv_1",
      "Service-Delivery-Attempt": "2",
      "Service-Signature": SIG,
    });
    expect(WEBHOOK_USER_AGENT).toBe("Service-Webhooks/1.0");
    expect(Object.values(WEBHOOK_HEADERS)).toEqual([
      "Service-Event-Id",
      "Service-Event-Type",
      "Service-Delivery-Id",
      "Service-Delivery-Attempt",
      "Service-Signature",
    ]);
  });
});

describe("newSigningSecret", () => {
  it("is whsec_ + 32 random bytes in base64url (49 characters), never repeating", () => {
    const secrets = Array.from({ length: 200 }, newSigningSecret);
    for (const s of secrets) {
      expect(s).toMatch(SIGNING_SECRET_PATTERN);
      expect(s).toHaveLength(49);
      expect(Buffer.from(s.slice(6), "base64url")).toHaveLength(32);
    }
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it("round-trips with a fresh secret", () => {
    const s = newSigningSecret();
    expect(verifyWebhook(s, signPayload(s, T, BODY), BODY, AT_T)).toEqual({ ok: true, timestamp: T });
    expect(verifyWebhook(newSigningSecret(), signPayload(s, T, BODY), BODY, AT_T).ok).toBe(false);
  });
});

describe("verifyWebhook", () => {
  it("accepts what signPayload signed and returns the timestamp", () => {
    expect(verifyWebhook(SECRET, SIG, BODY, AT_T)).toEqual({ ok: true, timestamp: T });
    expect(verifyWebhook(SECRET, SIG, BODY, new Date(AT_T))).toEqual({ ok: true, timestamp: T });
  });

  it("uses the clock when now is omitted", () => {
    const t = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(SECRET, signPayload(SECRET, t, BODY), BODY)).toEqual({ ok: true, timestamp: t });
    expect(verifyWebhook(SECRET, SIG, BODY)).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
  });

  it("verifies the raw bytes: re-serialised or altered JSON fails", () => {
    const reserialised = JSON.stringify(JSON.parse(BODY), null, 1);
    const pretty = BODY.replace('"id":', '"id": ');
    const reordered = JSON.stringify({ type: "webhook.test", ...JSON.parse(BODY) });
    for (const body of [reserialised, pretty, reordered, `${BODY}\n`, ` ${BODY}`, BODY.replace("ep_1", "ep_2")]) {
      expect(body).not.toBe(BODY);
      expect(verifyWebhook(SECRET, SIG, body, AT_T)).toEqual({ ok: false, reason: "signature_mismatch" });
    }
  });

  it("signs the timestamp: changing t breaks the signature", () => {
    expect(verifyWebhook(SECRET, `t=${T + 1},v1=${V1}`, BODY, AT_T)).toEqual({
      ok: false,
      reason: "signature_mismatch",
    });
    // the header's digits are signed as written
    expect(verifyWebhook(SECRET, `t=0${T},v1=${V1}`, BODY, AT_T)).toEqual({ ok: false, reason: "signature_mismatch" });
  });

  it("takes the first value of a repeated key", () => {
    const other = hmacHex(SECRET, `${T}.other`);
    const ok = { ok: true, timestamp: T };
    const mismatch = { ok: false, reason: "signature_mismatch" };
    expect(verifyWebhook(SECRET, `t=${T},t=${T + 5},v1=${V1}`, BODY, AT_T)).toEqual(ok);
    expect(verifyWebhook(SECRET, `t=${T + 5},t=${T},v1=${V1}`, BODY, AT_T)).toEqual(mismatch);
    expect(verifyWebhook(SECRET, `t=1,t=2,v1=${V1}`, BODY, AT_T)).toEqual(mismatch);
    expect(verifyWebhook(SECRET, `t=${T},v1=${V1},v1=${other}`, BODY, AT_T)).toEqual(ok);
    expect(verifyWebhook(SECRET, `t=${T},v1=${other},v1=${V1}`, BODY, AT_T)).toEqual(mismatch);
    // first wins even when the first is empty or bad
    expect(verifyWebhook(SECRET, `t=,t=${T},v1=${V1}`, BODY, AT_T)).toEqual({ ok: false, reason: "malformed_header" });
    expect(verifyWebhook(SECRET, `t=${T},v1=,v1=${V1}`, BODY, AT_T)).toEqual({ ok: false, reason: "malformed_header" });
    expect(verifyWebhook(SECRET, `t=x,t=${T},v1=${V1}`, BODY, AT_T)).toEqual({ ok: false, reason: "malformed_header" });
  });

  it("ignores unknown keys, items without '=', surrounding whitespace and order", () => {
    const ok = { ok: true, timestamp: T };
    for (const header of [
      `v1=${V1},t=${T}`,
      `t=${T},v0=deadbeef,v1=${V1},v2=abc`,
      `foo=bar,t=${T},x=,v1=${V1},=zzz`,
      `t=${T},garbage,v1=${V1},`,
      ` t = ${T} ,  v1=${V1} `,
      `t=${T},\tv1=${V1}`,
      `t=${T},v1=${V1},T=1,V1=00`, // keys are case-sensitive: T and V1 are unknown
    ]) {
      expect(verifyWebhook(SECRET, header, BODY, AT_T), header).toEqual(ok);
    }
  });

  it("reports an absent header as missing_header", () => {
    for (const header of [null, undefined, "", "   "]) {
      expect(verifyWebhook(SECRET, header, BODY, AT_T)).toEqual({ ok: false, reason: "missing_header" });
    }
  });

  it("reports a missing t or v1 as malformed_header", () => {
    for (const header of [
      `v1=${V1}`,
      `t=${T}`,
      `t=${T},v1=`,
      `t=,v1=${V1}`,
      `t=${T};v1=${V1}`,
      "garbage",
      ",,,",
      `T=${T},V1=${V1}`,
    ]) {
      expect(verifyWebhook(SECRET, header, BODY, AT_T), header).toEqual({ ok: false, reason: "malformed_header" });
    }
  });

  it("reports a non-numeric t as malformed_header", () => {
    for (const t of ["abc", `${T}.5`, "-1", `+${T}`, "1e9", "0x10", `${T}s`, "１７００", "99999999999999999999"]) {
      expect(verifyWebhook(SECRET, `t=${t},v1=${V1}`, BODY, AT_T), t).toEqual({
        ok: false,
        reason: "malformed_header",
      });
    }
  });

  it("expects lowercase hex: an uppercase v1 is a mismatch", () => {
    expect(V1).toMatch(/[a-f]/);
    expect(verifyWebhook(SECRET, `t=${T},v1=${V1.toUpperCase()}`, BODY, AT_T)).toEqual({
      ok: false,
      reason: "signature_mismatch",
    });
  });

  it("answers a v1 of the wrong length (or odd bytes) with a mismatch, without throwing", () => {
    for (const v1 of [
      V1.slice(0, 63),
      `${V1}0`,
      V1.slice(0, 32),
      "a",
      `${V1}${V1}`,
      "é".repeat(32), // 32 characters, 64 bytes, not hex
      "é".repeat(64), // 64 characters, 128 bytes
      "z".repeat(64), // right length, not hex
      Buffer.from(V1, "hex").toString("base64"),
    ]) {
      expect(() => verifyWebhook(SECRET, `t=${T},v1=${v1}`, BODY, AT_T)).not.toThrow();
      expect(verifyWebhook(SECRET, `t=${T},v1=${v1}`, BODY, AT_T), v1).toEqual({
        ok: false,
        reason: "signature_mismatch",
      });
    }
  });

  it("allows exactly 300 s of skew either way and rejects 301 s", () => {
    const at = (deltaSeconds: number) => verifyWebhook(SECRET, SIG, BODY, AT_T + deltaSeconds * 1000);
    const ok = { ok: true, timestamp: T };
    const stale = { ok: false, reason: "timestamp_out_of_tolerance" };
    expect(at(0)).toEqual(ok);
    expect(at(300)).toEqual(ok);
    expect(at(301)).toEqual(stale);
    expect(at(-300)).toEqual(ok); // signed in the future, within tolerance
    expect(at(-301)).toEqual(stale);
    expect(at(300.001)).toEqual(stale);
    expect(at(3600)).toEqual(stale);
    expect(verifyWebhook(SECRET, SIG, BODY, new Date(AT_T + 301_000))).toEqual(stale);
  });

  it("takes a tolerance parameter (default 300)", () => {
    const at = (deltaSeconds: number, tol: number) => verifyWebhook(SECRET, SIG, BODY, AT_T + deltaSeconds * 1000, tol);
    expect(at(10, 10).ok).toBe(true);
    expect(at(11, 10)).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
    expect(at(-11, 10)).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
    expect(at(0, 0).ok).toBe(true);
    expect(at(1, 0).ok).toBe(false);
    expect(at(900, 900).ok).toBe(true);
    expect(at(10 ** 9, Number.POSITIVE_INFINITY).ok).toBe(true);
    // nonsense fails closed, never open
    expect(at(0, Number.NaN)).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
    expect(at(0, -1)).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
    expect(verifyWebhook(SECRET, SIG, BODY, new Date(Number.NaN))).toEqual({
      ok: false,
      reason: "timestamp_out_of_tolerance",
    });
    expect(verifyWebhook(SECRET, SIG, BODY, Number.NaN)).toEqual({ ok: false, reason: "timestamp_out_of_tolerance" });
  });

  it("checks the signature before the timestamp", () => {
    expect(verifyWebhook(SECRET, SIG, `${BODY} `, AT_T + 3_600_000)).toEqual({
      ok: false,
      reason: "signature_mismatch",
    });
    expect(verifyWebhook("whsec_other", SIG, BODY, AT_T + 3_600_000)).toEqual({
      ok: false,
      reason: "signature_mismatch",
    });
  });

  it("gives the same answer for a string, Buffer, Uint8Array or ArrayBuffer of the same bytes", () => {
    const text = '{"id":"evt_ü","data":{"title":"Démo — 動画 🎬","n":1}}';
    const bytes = Buffer.from(text, "utf8");
    expect(bytes.length).toBeGreaterThan(text.length);
    const framed = Buffer.concat([Buffer.from("xx"), bytes, Buffer.from("yy")]);
    const forms: [string, Parameters<typeof verifyWebhook>[2]][] = [
      ["string", text],
      ["Buffer", bytes],
      ["Uint8Array", new Uint8Array(bytes)],
      ["Uint8Array view at an offset", new Uint8Array(framed.buffer, framed.byteOffset + 2, bytes.length)],
      ["Buffer subarray", framed.subarray(2, 2 + bytes.length)],
      ["ArrayBuffer", new Uint8Array(bytes).buffer],
    ];
    for (const [signedName, signed] of forms) {
      const header = signPayload(SECRET, T, signed);
      expect(header, signedName).toBe(signPayload(SECRET, T, text));
      for (const [name, body] of forms) {
        expect(verifyWebhook(SECRET, header, body, AT_T), `${signedName} → ${name}`).toEqual({
          ok: true,
          timestamp: T,
        });
        expect(standalone.verifyWebhook(SECRET, header, body, AT_T), `mjs ${signedName} → ${name}`).toEqual({
          ok: true,
          timestamp: T,
        });
      }
    }
    // the same characters in another encoding are other bytes
    expect(verifyWebhook(SECRET, signPayload(SECRET, T, text), Buffer.from(text, "latin1"), AT_T).ok).toBe(false);
    expect(verifyWebhook(SECRET, signPayload(SECRET, T, text), Buffer.from(text, "utf16le"), AT_T).ok).toBe(false);
  });

  it("never throws on nonsense input", () => {
    const bad: unknown[] = [undefined, null, 0, 1.5, {}, [], "x", Symbol("s"), () => 1, new Date(Number.NaN)];
    for (const secret of [SECRET, ...bad]) {
      for (const header of [SIG, ...bad]) {
        for (const body of [BODY, ...bad]) {
          expect(() => tsVerify(secret, header, body, AT_T)).not.toThrow();
          expect(() => standalone.verifyWebhook(secret, header, body, AT_T)).not.toThrow();
          const r = tsVerify(secret, header, body, AT_T);
          expect(r.ok).toBe(secret === SECRET && header === SIG && body === BODY);
        }
      }
    }
    // a parsed object instead of the raw body is the classic mistake: refused, not crashed
    expect(tsVerify(SECRET, SIG, JSON.parse(BODY), AT_T)).toEqual({ ok: false, reason: "signature_mismatch" });
    expect(tsVerify(SECRET, 42, BODY, AT_T)).toEqual({ ok: false, reason: "malformed_header" });
  });

  it("never accepts an empty secret, even with a signature made with the empty key", () => {
    const forged = `t=${T},v1=${hmacHex("", `${T}.${BODY}`)}`;
    expect(verifyWebhook("", forged, BODY, AT_T)).toEqual({ ok: false, reason: "signature_mismatch" });
    expect(standalone.verifyWebhook("", forged, BODY, AT_T)).toEqual({ ok: false, reason: "signature_mismatch" });
  });
});

describe("parseWebhookEvent", () => {
  it("verifies, then parses", () => {
    const r = parseWebhookEvent(SECRET, SIG, Buffer.from(BODY), AT_T);
    expect(r.ok).toBe(true);
    if (r.ok && r.event.type === "webhook.test") {
      expect(r.event.data.endpointId).toBe("ep_1");
      expect(r.timestamp).toBe(T);
    } else throw new Error("expected a webhook.test event");
  });

  it("never parses what fails verification, and refuses a signed body that is not an event", () => {
    expect(parseWebhookEvent(SECRET, SIG, `${BODY}x`, AT_T)).toEqual({ ok: false, reason: "signature_mismatch" });
    for (const body of [
      "not json",
      "[]",
      '{"id":"e","type":"t","createdAt":"c","apiVersion":"v2","data":{}}',
      "null",
    ]) {
      expect(parseWebhookEvent(SECRET, signPayload(SECRET, T, body), body, AT_T)).toEqual({
        ok: false,
        reason: "invalid_body",
      });
    }
  });
});

describe("event types", () => {
  it("lists the 15 job events of the spec table plus webhook.test (16 in all)", () => {
    const resources = ["marketing.export", "marketing.generation", "marketing.source", "render", "storyboard"];
    const expected = resources.flatMap((r) => ["succeeded", "failed", "cancelled"].map((s) => `${r}.${s}`));
    expect([...JOB_EVENT_TYPES]).toEqual(expected);
    expect([...EVENT_TYPES]).toEqual([...expected, "webhook.test"]);
    expect(EVENT_TYPES).toHaveLength(16);
    expect(new Set(EVENT_TYPES).size).toBe(16);
    expect(EVENT_TYPES.some((e) => /queued|running/.test(e))).toBe(false);
  });

  it("recognises exactly those names", () => {
    for (const e of EVENT_TYPES) expect(isEventType(e)).toBe(true);
    for (const e of ["render.queued", "render.running", "render", "RENDER.SUCCEEDED", "webhook.*", "", null, 1]) {
      expect(isEventType(e)).toBe(false);
    }
  });
});

describe("examples/webhook-receiver.mjs", () => {
  const other = hmacHex(SECRET, `${T}.{}`);
  const unicode = '{"t":"ünï ✓"}';
  // [secret, header, body, now (ms), tolerance?]
  const vectors: [string, string | null | undefined, string | Uint8Array, number, number?][] = [
    [SECRET, SIG, BODY, AT_T],
    [SECRET, SIG, Buffer.from(BODY), AT_T + 300_000],
    [SECRET, SIG, new Uint8Array(Buffer.from(BODY)), AT_T - 300_000],
    [SECRET, SIG, BODY, AT_T + 301_000],
    [SECRET, SIG, BODY, AT_T - 301_000],
    [SECRET, SIG, BODY, AT_T + 20_000, 10],
    [SECRET, SIG, `${BODY} `, AT_T],
    ["whsec_other", SIG, BODY, AT_T],
    [SECRET.slice(6), SIG, BODY, AT_T],
    [SECRET, null, BODY, AT_T],
    [SECRET, undefined, BODY, AT_T],
    [SECRET, "", BODY, AT_T],
    [SECRET, " ", BODY, AT_T],
    [SECRET, `v1=${V1}`, BODY, AT_T],
    [SECRET, `t=${T}`, BODY, AT_T],
    [SECRET, `t=abc,v1=${V1}`, BODY, AT_T],
    [SECRET, `t=${T}.0,v1=${V1}`, BODY, AT_T],
    [SECRET, `t=${T},v1=${V1.toUpperCase()}`, BODY, AT_T],
    [SECRET, `t=${T},v1=${V1.slice(1)}`, BODY, AT_T],
    [SECRET, `t=${T},t=1,v1=${V1}`, BODY, AT_T],
    [SECRET, `t=1,t=${T},v1=${V1}`, BODY, AT_T],
    [SECRET, `t=${T},v1=${V1},v1=${other}`, BODY, AT_T],
    [SECRET, `t=${T},v1=${other},v1=${V1}`, BODY, AT_T],
    [SECRET, `x=1, t=${T} ,v0=0,v1=${V1},junk`, BODY, AT_T],
    [SECRET, signPayload(SECRET, T, unicode), unicode, AT_T],
    [SECRET, signPayload(SECRET, T, unicode), Buffer.from(unicode, "latin1"), AT_T],
    ["", `t=${T},v1=${hmacHex("", `${T}.${BODY}`)}`, BODY, AT_T],
    [SECRET, signPayload(SECRET, 0, ""), "", 0],
    [SECRET, signPayload(SECRET, 0, ""), "", 300_000],
    [SECRET, signPayload(SECRET, 0, ""), "", 300_001],
  ];

  it("agrees with the TypeScript helper on fixed vectors", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(10);
    const reasons = new Set<string>();
    for (const [i, [secret, header, body, now, tol]] of vectors.entries()) {
      const ts = verifyWebhook(secret, header, body, now, tol);
      expect(standalone.verifyWebhook(secret, header, body, now, tol), `vector ${i}`).toEqual(ts);
      expect(standalone.verifyWebhook(secret, header, body, new Date(now), tol), `vector ${i} (Date)`).toEqual(ts);
      reasons.add(ts.ok ? "ok" : ts.reason);
    }
    // the vectors reach every outcome
    expect([...reasons].sort()).toEqual([
      "malformed_header",
      "missing_header",
      "ok",
      "signature_mismatch",
      "timestamp_out_of_tolerance",
    ]);
  });

  it("agrees with the TypeScript helper on generated inputs", () => {
    const item = fc.oneof(
      fc.constantFrom(
        `t=${T}`,
        `t=${T + 1}`,
        `v1=${V1}`,
        `v1=${V1.toUpperCase()}`,
        "t=",
        "v1=",
        "t=-1",
        "x=y",
        " ",
        "garbage",
      ),
      fc.tuple(fc.constantFrom("t", "v1", "v0", " t", "T"), fc.string({ maxLength: 12 })).map(([k, v]) => `${k}=${v}`),
      fc.string({ maxLength: 8 }),
    );
    const header = fc.oneof(
      fc.constant(SIG),
      fc.array(item, { maxLength: 5 }).map((xs) => xs.join(",")),
      fc.constant(null),
    );
    const body = fc.oneof(
      fc.constant(BODY),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.uint8Array({ maxLength: 40 }),
    );
    const now = fc.integer({ min: AT_T - 400_000, max: AT_T + 400_000 });
    const tol = fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined });
    fc.assert(
      fc.property(header, body, now, tol, (h, b, n, t) => {
        expect(standalone.verifyWebhook(SECRET, h, b, n, t)).toEqual(verifyWebhook(SECRET, h, b, n, t));
      }),
      { numRuns: 2000 },
    );
    // and on genuinely signed deliveries of random bytes, timestamps and clocks
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.integer({ min: 0, max: 4_000_000_000 }),
        fc.integer({ min: -400, max: 400 }),
        (b, t, skew) => {
          const h = signPayload(SECRET, t, b);
          const ts = verifyWebhook(SECRET, h, b, (t + skew) * 1000);
          expect(ts).toEqual(
            Math.abs(skew) <= 300 ? { ok: true, timestamp: t } : { ok: false, reason: "timestamp_out_of_tolerance" },
          );
          expect(standalone.verifyWebhook(SECRET, h, b, (t + skew) * 1000)).toEqual(ts);
        },
      ),
      { numRuns: 500 },
    );
  });

  describe("receiver", () => {
    const events: { event: any; meta: Record<string, unknown> }[] = [];
    const logs: string[] = [];
    // The handler answers first and hands the event over after: the test awaits the hand-over itself.
    let handedOver: () => void = () => {};
    const firstEvent = new Promise<void>((resolve) => {
      handedOver = resolve;
    });
    let server: Server;
    let url: string;

    beforeAll(async () => {
      server = createServer(
        standalone.createWebhookHandler({
          secret: SECRET,
          onEvent: (event, meta) => {
            events.push({ event, meta });
            handedOver();
          },
          log: (line) => void logs.push(line),
          now: () => AT_T,
        }),
      );
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    const post = (body: string, headers: Record<string, string>) =>
      fetch(url, { method: "POST", headers, body }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const delivery = (deliveryId: string, attempt: number, signature = SIG) => ({
      ...deliveryHeaders({
        secret: SECRET,
        eventId: "evt_1",
        eventType: "webhook.test",
        deliveryId,
        attempt,
        timestampSeconds: T,
        rawBody: BODY,
      }),
      "Service-Signature": signature,
    });

    it("verifies, acknowledges with 200, and hands the event over once", async () => {
      expect(await post(BODY, delivery("dlv_1", 1))).toEqual({ status: 200, body: { received: true } });
      await within(firstEvent, { what: "the event handed to onEvent" });
      expect(events).toHaveLength(1);
      expect(events[0]?.event).toEqual(JSON.parse(BODY));
      expect(events[0]?.meta).toMatchObject({ eventId: "evt_1", deliveryId: "dlv_1", attempt: "1", timestamp: T });
    });

    it("acknowledges a redelivery of the same Service-Event-Id without handling it again", async () => {
      expect(await post(BODY, delivery("dlv_2", 2))).toEqual({
        status: 200,
        body: { received: true, duplicate: true },
      });
      expect(events).toHaveLength(1);
    });

    it("refuses a bad signature with a non-2xx status", async () => {
      const res = await post(BODY.replace("ep_1", "ep_9"), delivery("dlv_3", 1));
      expect(res).toEqual({ status: 400, body: { error: "signature_mismatch" } });
      const missing = delivery("dlv_4", 1) as Record<string, string>;
      delete missing["Service-Signature"];
      expect(await post(BODY, missing)).toEqual({ status: 400, body: { error: "missing_header" } });
      expect(events).toHaveLength(1);
      expect(logs.some((l) => l.includes("signature_mismatch"))).toBe(true);
    });

    it("accepts POST only", async () => {
      const res = await fetch(url);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    });
  });
});
