import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness, idem } from "../../src/testutil/harness.js";
import { TEST_OPERATIONS } from "../support/test-operations.js";

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;

beforeAll(async () => {
  h = await Harness.start({ extraOperations: TEST_OPERATIONS });
  user = await h.user();
});
afterAll(() => h.close());

const expectError = (res: { status: number; body: any }, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe("string");
  expect(res.body.error.requestId).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
};
const keyBody = { name: "k", scopes: ["account:read"] };

describe("request ids", () => {
  it("echoes a valid X-Request-Id on the answer and in the error body", async () => {
    const ok = await h.request("GET", "/account", { token: user.key, headers: { "x-request-id": "trace.42_A-b" } });
    expect(ok.headers["x-request-id"]).toBe("trace.42_A-b");
    const refused = await h.request("GET", "/keys", { token: user.key, headers: { "x-request-id": "trace-7" } });
    expect(refused.headers["x-request-id"]).toBe("trace-7");
    expect(refused.body.error.requestId).toBe("trace-7");
  });

  it("generates one when absent, different per request", async () => {
    const a = await h.request("GET", "/account", { token: user.key });
    const b = await h.request("GET", "/nope-unknown", { token: user.key });
    expect(a.headers["x-request-id"]).toMatch(/^req_[0-9A-Za-z]{14}[0-9a-z]{8,}$/);
    expect(b.body.error.requestId).toBe(b.headers["x-request-id"]);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
  });

  it("refuses an X-Request-Id that does not fit the pattern", async () => {
    for (const bad of ["has space", "x".repeat(65), "semi;colon", ""]) {
      const res = await h.request("GET", "/account", { token: user.key, headers: { "x-request-id": bad } });
      expectError(res, 400, "validation_failed");
      expect(res.body.error.details.issues[0].path).toBe("header.X-Request-Id");
      expect(res.body.error.requestId).not.toBe(bad);
    }
  });
});

describe("headers on every answer", () => {
  it("carries Cache-Control and RateLimit-* on successes and on every kind of refusal", async () => {
    const answers = [
      await h.request("GET", "/account", { token: user.key }),
      await h.request("GET", "/account"), // 401
      await h.request("GET", "/keys", { token: user.key }), // 403
      await h.request("GET", "/keys/not-a-uuid", { token: user.session }), // 400
      await h.request("GET", "/no-such-route", { token: user.key }), // 404
      await h.request("POST", "/keys", {
        token: user.session,
        idempotencyKey: idem(),
        body: "x",
        headers: { "content-type": "text/plain" },
      }), // 415
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 403, 400, 404, 415]);
    for (const a of answers) {
      expect(a.headers["cache-control"]).toBe("private, no-store");
      expect(Number(a.headers["ratelimit-limit"])).toBeGreaterThan(0);
      expect(Number(a.headers["ratelimit-remaining"])).toBeGreaterThanOrEqual(0);
      expect(Number(a.headers["ratelimit-reset"])).toBeGreaterThanOrEqual(0);
      expect(a.headers["x-request-id"]).toBeTruthy();
    }
  });
});

describe("JSON only (415) and size (413)", () => {
  const post = (headers: Record<string, string>, body: string | Buffer = JSON.stringify(keyBody)) =>
    h.request("POST", "/keys", { token: user.session, idempotencyKey: idem(), headers, body });

  it("refuses a content type other than application/json", async () => {
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/jsonx",
      "multipart/form-data; boundary=x",
    ]) {
      const res = await post({ "content-type": type });
      expectError(res, 415, "unsupported_media_type");
      expect(res.body.error.details.objection).toBe("content_type");
    }
  });

  it("refuses a body with no content type", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/v1/keys",
      headers: { authorization: `Bearer ${user.session}`, "idempotency-key": idem() },
      payload: Buffer.from(JSON.stringify(keyBody)),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.details.objection).toBe("content_type_missing");
  });

  it("refuses a charset other than utf-8, and accepts utf-8 spelled any way", async () => {
    const res = await post({ "content-type": "application/json; charset=latin1" });
    expectError(res, 415, "unsupported_media_type");
    expect(res.body.error.details.objection).toBe("charset");
    expect((await post({ "content-type": 'application/json; charset="UTF-8"' })).status).toBe(201);
  });

  it("refuses bytes that are not UTF-8", async () => {
    const res = await post({ "content-type": "application/json" }, Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    expectError(res, 415, "unsupported_media_type");
    expect(res.body.error.details.objection).toBe("charset");
  });

  it("refuses a content coding", async () => {
    for (const enc of ["gzip", "br", "deflate"]) {
      const res = await post({ "content-type": "application/json", "content-encoding": enc });
      expectError(res, 415, "unsupported_media_type");
      expect(res.body.error.details.objection).toBe("content_encoding");
    }
  });

  it("refuses a body over 256 kB with details.limit, with or without Content-Length", async () => {
    const big = JSON.stringify({ name: "k", scopes: ["account:read"], pad: "x".repeat(256 * 1024) });
    const res = await post({ "content-type": "application/json" }, big);
    expectError(res, 413, "payload_too_large");
    expect(res.body.error.details.limit).toBe(262144);
    const keysBefore = await h.db.kysely.selectFrom("api_keys").select("id").execute();
    // Chunked upload: no Content-Length to check up front, so the stream is cut while it arrives.
    const { Readable } = await import("node:stream");
    const chunked = await h.app.inject({
      method: "POST",
      url: "/api/v1/keys",
      headers: {
        authorization: `Bearer ${user.session}`,
        "idempotency-key": idem(),
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      },
      payload: Readable.from([Buffer.from(big.slice(0, 200_000)), Buffer.from(big.slice(200_000))]),
    });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json().error.details.limit).toBe(262144);
    expect(await h.db.kysely.selectFrom("api_keys").select("id").execute()).toHaveLength(keysBefore.length);
  });

  it("accepts a body just under the limit", async () => {
    const name = "n";
    const body = JSON.stringify({ name, scopes: ["account:read"] }).padEnd(256 * 1024 - 10, " ");
    expect((await post({ "content-type": "application/json" }, body)).status).toBe(201);
  });
});

describe("strict schemas (400 validation_failed)", () => {
  const create = (body: unknown) => h.request("POST", "/keys", { token: user.session, idempotencyKey: idem(), body });

  it("refuses malformed JSON", async () => {
    for (const text of ["{", "{'a':1}", "[1,]", "nul", '{"name": "x",}']) {
      const res = await create(text);
      expectError(res, 400, "validation_failed");
      expect(res.body.error.details.issues).toEqual([
        { path: "body", code: "malformed_json", message: "is not valid JSON" },
      ]);
    }
  });

  it("refuses unknown fields, wrong types and missing fields, reporting all issues with paths", async () => {
    const res = await create({ name: 5, scopes: "account:read", colour: "red" });
    expectError(res, 400, "validation_failed");
    const issues = res.body.error.details.issues as { path: string; code: string; message: string }[];
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "body.colour", code: "unknown_field" }),
        expect.objectContaining({ path: "body.name", code: "type" }),
        expect.objectContaining({ path: "body.scopes", code: "type" }),
      ]),
    );
    const missing = await create({});
    expect(missing.body.error.details.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: "body.name", code: "required" })]),
    );
  });

  it("refuses a body that is not an object", async () => {
    for (const body of ["[]", '"text"', "42", "null"]) expectError(await create(body), 400, "validation_failed");
  });

  it("refuses strings holding half a character, in values and in keys", async () => {
    const lone = '{"name":"ab\\ud800","scopes":["account:read"]}';
    const res = await create(lone);
    expectError(res, 400, "validation_failed");
    expect(res.body.error.details.issues).toEqual([
      { path: "body.name", code: "lone_surrogate", message: "contains an unpaired surrogate" },
    ]);
    const key = await create('{"name":"a","scopes":["account:read"],"\\udc00":1}');
    expectError(key, 400, "validation_failed");
    const pair = await create('{"name":"ok \\ud83d\\ude00","scopes":["account:read"]}');
    expect(pair.status).toBe(201);
  });

  it("refuses unknown and ill-typed query parameters", async () => {
    expectError(await h.request("GET", "/wallet/ledger?colour=red", { token: user.key }), 400, "validation_failed");
    const typed = await h.request("GET", "/wallet/ledger?limit=ten", { token: user.key });
    expect(typed.body.error.details.issues[0]).toMatchObject({ path: "query.limit", code: "type" });
    expectError(await h.request("GET", "/account?verbose=1", { token: user.key }), 400, "validation_failed");
    // Percent-encoded surrogate halves decode to U+FFFD, so they reach the cursor check as a bad cursor.
    expectError(await h.request("GET", "/wallet/ledger?cursor=%ED%A0%80", { token: user.key }), 400, "invalid_cursor");
  });

  it("refuses a path id of the wrong shape", async () => {
    const res = await h.request("GET", "/keys/123", { token: user.session });
    expectError(res, 400, "validation_failed");
    expect(res.body.error.details.issues[0]).toMatchObject({ path: "path.id", code: "format" });
  });

  it("never echoes what the caller sent in the message", async () => {
    const marker = "SENTINEL-9f3a";
    const answers = [
      await create({ name: marker, scopes: [marker], [marker]: 1 }),
      await create(`{"${marker}`),
      await h.request("GET", `/keys/${marker}`, { token: user.session }),
      await h.request("GET", `/account?${marker}=1`, { token: user.key }),
      await h.request("GET", "/account", { headers: { "x-api-key": marker } }),
    ];
    for (const a of answers) {
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect(a.body.error.message).not.toContain(marker);
      for (const i of a.body.error.details?.issues ?? []) expect(i.message).not.toContain(marker);
    }
  });
});

describe("500 internal_error", () => {
  it("hides internals", async () => {
    const res = await h.request("POST", "/_test/explode", { token: user.key, idempotencyKey: idem(), body: {} });
    expectError(res, 500, "internal_error");
    expect(res.text).not.toContain("hunter2");
    expect(res.text).not.toContain("/srv/internal");
    expect(res.body.error.details).toBeUndefined();
  });
});

describe("not found", () => {
  it("answers an unknown route with the error body", async () => {
    const res = await h.request("GET", "/nothing/here", { token: user.key });
    expectError(res, 404, "not_found");
  });

  it("answers another account's resource 404, never 403", async () => {
    const other = await h.user();
    const theirs = await h.request("POST", "/keys", { token: other.session, idempotencyKey: idem(), body: keyBody });
    const id = theirs.body.key.id;
    expectError(await h.request("GET", `/keys/${id}`, { token: user.session }), 404, "not_found");
    expectError(
      await h.request("POST", `/keys/${id}/revoke`, { token: user.session, idempotencyKey: idem(), body: {} }),
      404,
      "not_found",
    );
    expectError(
      await h.request("POST", `/keys/${id}/rotate`, { token: user.session, idempotencyKey: idem(), body: {} }),
      404,
      "not_found",
    );
    expect((await h.request("GET", `/keys/${id}`, { token: other.session })).body.status).toBe("active");
  });
});

describe("OpenAPI document", () => {
  it("is served without credentials and validates as OpenAPI 3.1", async () => {
    const res = await h.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    const { Validator } = await import("@seriousme/openapi-schema-validator");
    const validator = new Validator();
    const result = await validator.validate(res.json());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });
});
