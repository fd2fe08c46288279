import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "../../src/config.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { closeGate, gate, TEST_OPERATIONS } from "../support/test-operations.js";
import { within } from "../support/wait.js";

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;

beforeAll(async () => {
  // The stampede test sends 200 writes at once: above the 120/min write class, which is tested elsewhere.
  const rateLimits = { ...DEFAULT_RATE_LIMITS, perMinute: { ...DEFAULT_RATE_LIMITS.perMinute, write: 1000 } };
  h = await Harness.start({ extraOperations: TEST_OPERATIONS, config: { rateLimits } });
  user = await h.user();
});
afterAll(() => h.close());
beforeEach(() => {
  gate.wait = Promise.resolve();
  gate.calls = 0;
});

const keyBody = { name: "ci", scopes: ["account:read"] };
const createKey = (key: string | undefined, body: unknown = keyBody, token = user.session) =>
  h.request("POST", "/keys", { token, idempotencyKey: key, body });
const keysNamed = async (name: string) =>
  h.db.kysely.selectFrom("api_keys").select(["id", "idempotency_key"]).where("name", "=", name).execute();

describe("Idempotency-Key header", () => {
  it("is required on mutating operations, refused before the body is parsed", async () => {
    const res = await h.request("POST", "/keys", { token: user.session, body: "{ this is not json" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("idempotency_key_required");
    // …and before the media type is looked at.
    const typed = await h.request("POST", "/keys", {
      token: user.session,
      body: "x",
      headers: { "content-type": "text/plain" },
    });
    expect(typed.body.error.code).toBe("idempotency_key_required");
  });

  it("must be 1 to 128 characters", async () => {
    const tooLong = await createKey("k".repeat(129));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe("validation_failed");
    expect(tooLong.body.error.details.issues[0].path).toBe("header.Idempotency-Key");
    const empty = await h.request("POST", "/keys", {
      token: user.session,
      body: keyBody,
      headers: { "idempotency-key": "" },
    });
    expect(empty.body.error.code).toBe("validation_failed");
    expect((await createKey("k".repeat(128), { ...keyBody, name: "len128" })).status).toBe(201);
  });

  it("is not required on reads", async () => {
    expect((await h.request("GET", "/keys", { token: user.session })).status).toBe(200);
  });

  it("is unscoped on requests with no account", async () => {
    const res = await h.request("POST", "/auth/sessions", {
      body: { email: user.email, password: user.password },
      idempotencyKey: idem(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("idempotency_key_unscoped");
  });
});

describe("replays", () => {
  it("replays the stored status, body and Location with Idempotent-Replayed", async () => {
    const key = idem();
    const first = await createKey(key, { ...keyBody, name: "replay" });
    expect(first.status).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await createKey(key, { scopes: ["account:read"], name: "replay" }); // same body, other key order
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers.location).toBe(first.headers.location);
    // The key's plaintext is shown once: the replay is the stored answer with secret null.
    expect(again.body).toEqual({ ...first.body, secret: null });
    expect(await keysNamed("replay")).toHaveLength(1);
  });

  it("writes the key to the created record", async () => {
    const key = idem();
    await createKey(key, { ...keyBody, name: "stamped" });
    expect((await keysNamed("stamped"))[0]?.idempotency_key).toBe(key);
  });

  it("refuses the same key with a different body, or on another operation", async () => {
    const key = idem();
    await createKey(key, { ...keyBody, name: "one" });
    const other = await createKey(key, { ...keyBody, name: "two" });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_conflict");
    const elsewhere = await h.request("POST", "/_test/block", { token: user.session, idempotencyKey: key, body: {} });
    expect(elsewhere.body.error.code).toBe("idempotency_conflict");
    expect(await keysNamed("two")).toHaveLength(0);
  });

  it("replays a refusal the operation made (4xx) like a success", async () => {
    const key = idem();
    const body = { ...keyBody, name: "past", expires: "2001-01-01" };
    const first = await createKey(key, body);
    const again = await createKey(key, body);
    expect(first.status).toBe(400);
    expect(again.status).toBe(400);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    // The same refusal, but its requestId is the replaying request's own (the one in X-Request-Id).
    expect(again.body.error.requestId).toBe(again.headers["x-request-id"]);
    expect(again.body.error.requestId).not.toBe(first.body.error.requestId);
    expect(again.body).toEqual({ error: { ...first.body.error, requestId: again.body.error.requestId } });
  });

  it("does not store schema refusals, so a corrected retry under the same key runs", async () => {
    const key = idem();
    expect((await createKey(key, { name: "fixme" })).status).toBe(400);
    const fixed = await createKey(key, { ...keyBody, name: "fixme" });
    expect(fixed.status).toBe(201);
    expect(fixed.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("scopes claims per account: the same key in two accounts is two requests", async () => {
    const other = await h.user();
    const key = idem();
    const a = await createKey(key, { ...keyBody, name: "scoped" });
    const b = await createKey(key, { ...keyBody, name: "scoped" }, other.session);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers["idempotent-replayed"]).toBeUndefined();
    expect(a.body.key.id).not.toBe(b.body.key.id);
  });

  it("expires claims after 24 hours", async () => {
    const key = idem();
    await createKey(key, { ...keyBody, name: "expiring" });
    h.clock.advance(24 * 3600_000 - 1000);
    expect((await createKey(key, { ...keyBody, name: "expiring" })).headers["idempotent-replayed"]).toBe("true");
    h.clock.advance(2000);
    const fresh = await createKey(key, { ...keyBody, name: "expiring" });
    expect(fresh.status).toBe(201);
    expect(fresh.headers["idempotent-replayed"]).toBeUndefined();
    expect(await keysNamed("expiring")).toHaveLength(2);
  });
});

describe("in flight and failures", () => {
  it("answers a duplicate still in flight with 409 idempotency_in_progress and Retry-After: 2", async () => {
    closeGate();
    const key = idem();
    const first = h.request("POST", "/_test/block", { token: user.key, idempotencyKey: key, body: { n: 1 } });
    await within(gate.entered, { what: "the first request to reach the handler" });
    const dup = await h.request("POST", "/_test/block", { token: user.key, idempotencyKey: key, body: { n: 1 } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe("idempotency_in_progress");
    expect(dup.headers["retry-after"]).toBe("2");
    gate.open();
    expect((await first).status).toBe(201);
    const replay = await h.request("POST", "/_test/block", { token: user.key, idempotencyKey: key, body: { n: 1 } });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.headers.location).toBe("/api/v1/_test/1");
    expect(gate.calls).toBe(1);
  });

  it("deletes the claim on a 5xx so the retry runs again", async () => {
    const key = idem();
    const a = await h.request("POST", "/_test/explode", { token: user.key, idempotencyKey: key, body: {} });
    const b = await h.request("POST", "/_test/explode", { token: user.key, idempotencyKey: key, body: {} });
    expect([a.status, b.status]).toEqual([500, 500]);
    expect(b.headers["idempotent-replayed"]).toBeUndefined();
    expect(gate.calls).toBe(2);
    const claim = await h.db.kysely.selectFrom("idempotency_claims").selectAll().where("key", "=", key).execute();
    expect(claim).toHaveLength(0);
  });

  it("takes over a claim abandoned in flight (a crashed process) after its lease", async () => {
    closeGate();
    const key = idem();
    void h.request("POST", "/_test/block", { token: user.key, idempotencyKey: key, body: {} });
    await within(gate.entered, { what: "the first request to reach the handler" });
    h.clock.advance(11 * 60_000);
    gate.wait = Promise.resolve();
    const retry = await h.request("POST", "/_test/block", { token: user.key, idempotencyKey: key, body: {} });
    expect(retry.status).toBe(201);
    gate.open();
  });

  it("lets exactly one of 200 parallel identical requests create the record", async () => {
    const key = idem();
    const body = { ...keyBody, name: "stampede" };
    const results = await Promise.all(Array.from({ length: 200 }, () => createKey(key, body)));
    expect(await keysNamed("stampede")).toHaveLength(1);
    const statuses = results.map((r) => r.status);
    for (const s of statuses) expect([201, 409]).toContain(s);
    const created = results.filter((r) => r.status === 201);
    expect(new Set(created.map((r) => r.body.key.id)).size).toBe(1);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe("idempotency_in_progress");
  });
});

describe("stored answers", () => {
  it("are sealed at rest and never hold a one-time secret (one-time-secrets.test.ts has the rest)", async () => {
    const key = idem();
    const first = await createKey(key, { ...keyBody, name: "sealed" });
    const row = await h.db.kysely
      .selectFrom("idempotency_claims")
      .selectAll()
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    expect(row.response_body).toMatch(/^v1\./);
    const opened = h.deps.vault.open(row.response_body as string);
    expect(JSON.parse(opened)).toEqual({ ...first.body, secret: null });
    expect(opened).not.toMatch(/svc_live_[0-9A-Za-z]{40}/);
  });
});
