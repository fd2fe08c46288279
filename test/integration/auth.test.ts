import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { topUp } from "../../src/domains/wallet/grants.js";
import { MOUNTED } from "../../src/mounted-operations.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { TEST_OPERATIONS } from "../support/test-operations.js";

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;

beforeAll(async () => {
  h = await Harness.start({ extraOperations: TEST_OPERATIONS, rateStore: "memory" });
  user = await h.user();
});
afterAll(() => h.close());

const account = (headers: Record<string, string>) => h.request("GET", "/account", { headers });
const reason = (res: { body: any }) => res.body.error.details.reason;

describe("credentials", () => {
  it("accepts a key in Authorization: Bearer or in X-API-Key, as the same actor", async () => {
    const a = await account({ authorization: `Bearer ${user.key}` });
    const b = await account({ "x-api-key": user.key });
    const both = await account({ authorization: `Bearer ${user.key}`, "x-api-key": user.key });
    for (const r of [a, b, both]) {
      expect(r.status).toBe(200);
      expect(r.body.credential).toEqual({ kind: "api_key", apiKeyId: user.keyId, scopes: expect.any(Array) });
    }
  });

  it("refuses a request with no credential: 401 no_credential", async () => {
    const res = await account({});
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
    expect(reason(res)).toBe("no_credential");
  });

  it("refuses unknown keys, malformed keys and other schemes", async () => {
    const forged = `svc_live_${"A".repeat(40)}`;
    expect(reason(await account({ authorization: `Bearer ${forged}` }))).toBe("unknown_key");
    expect(reason(await account({ "x-api-key": forged }))).toBe("unknown_key");
    expect(reason(await account({ authorization: "Bearer svc_live_short" }))).toBe("unknown_key");
    expect(reason(await account({ authorization: "Bearer random-token" }))).toBe("unknown_key");
    // Same prefix, different secret: found by prefix, refused by the digest comparison.
    const samePrefix = user.key.slice(0, 17) + "Z".repeat(40 - 8);
    expect(reason(await account({ authorization: `Bearer ${samePrefix}` }))).toBe("unknown_key");
    const basic = await account({ authorization: "Basic dXNlcjpwYXNz" });
    expect(reason(basic)).toBe("unsupported_scheme");
    expect(basic.body.error.details.hint).toBeTruthy();
  });

  it("refuses anything but an API key in X-API-Key, even a valid session, with a hint", async () => {
    for (const value of [user.session, "Bearer x", "key-123"]) {
      const res = await account({ "x-api-key": value });
      expect(res.status).toBe(401);
      expect(reason(res)).toBe("api_key_required");
      expect(res.body.error.details.hint).toMatch(/Authorization: Bearer/);
    }
  });

  it("refuses two different credentials on one call", async () => {
    const other = await h.key(user.id);
    expect(reason(await account({ authorization: `Bearer ${user.key}`, "x-api-key": other.secret }))).toBe(
      "conflicting_credentials",
    );
  });

  it("accepts a session only as a Bearer token, holding every scope", async () => {
    const res = await account({ authorization: `Bearer ${user.session}` });
    expect(res.status).toBe(200);
    expect(res.body.credential.kind).toBe("session");
    expect(res.body.credential.apiKeyId).toBeNull();
    expect(res.body.credential.scopes).toHaveLength(14);
    expect(res.body.credential.scopes).toEqual(expect.arrayContaining(["keys:manage", "assistant:use"]));
  });

  it("refuses expired and unknown sessions", async () => {
    const a = await h.account();
    const token = await h.session(a.email, a.password);
    expect(reason(await account({ authorization: `Bearer sess_${"x".repeat(40)}` }))).toBe("unknown_session");
    h.clock.advance(7 * 86_400_000 + 1000);
    expect(reason(await account({ authorization: `Bearer ${token}` }))).toBe("session_expired");
    h.clock.advance(-(7 * 86_400_000 + 1000));
  });
});

describe("revocation and expiry", () => {
  it("stops a revoked key at once in this process and within a second in another", async () => {
    const k = await h.key(user.id);
    // A second service on the same database stands for another process with its own cache.
    const other = await buildApp({ config: h.deps.config, clock: h.clock, db: h.db, operations: MOUNTED });
    const viaOther = () =>
      other.app.inject({ method: "GET", url: "/api/v1/account", headers: { authorization: `Bearer ${k.secret}` } });
    expect((await viaOther()).statusCode).toBe(200);
    const revoked = await h.request("POST", `/keys/${k.id}/revoke`, {
      token: user.session,
      idempotencyKey: idem(),
      body: {},
    });
    expect(revoked.body.status).toBe("revoked");
    expect(reason(await account({ authorization: `Bearer ${k.secret}` }))).toBe("key_revoked");
    h.clock.advance(999);
    const later = await viaOther();
    expect(later.statusCode).toBe(401);
    expect(later.json().error.details.reason).toBe("key_revoked");
    await other.app.close();
  });

  it("answers 401 for a key past the end of its expiry day, and lists it as expired", async () => {
    const tomorrow = new Date(h.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const k = await h.key(user.id, ["account:read"], { expires: tomorrow });
    expect((await account({ authorization: `Bearer ${k.secret}` })).status).toBe(200);
    const endOfDay = Date.parse(`${tomorrow}T00:00:00Z`) + 86_400_000;
    h.clock.set(new Date(endOfDay - 1));
    expect((await account({ authorization: `Bearer ${k.secret}` })).status).toBe(200);
    h.clock.set(new Date(endOfDay + 1000));
    const res = await account({ authorization: `Bearer ${k.secret}` });
    expect(res.status).toBe(401);
    expect(reason(res)).toBe("key_expired");
    const fresh = await h.session(user.email, user.password);
    expect((await h.request("GET", `/keys/${k.id}`, { token: fresh })).body.status).toBe("expired");
  });
});

describe("scopes and actors", () => {
  it("refuses a missing scope with requiredScopes and missingScopes", async () => {
    const k = await h.key(user.id, ["wallet:read"]);
    const res = await h.request("GET", "/account", { token: k.secret });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden_scope");
    expect(res.body.error.details).toEqual({ requiredScopes: ["account:read"], missingScopes: ["account:read"] });
    expect((await h.request("GET", "/wallet", { token: k.secret })).status).toBe(200);
  });

  it("refuses every keys.* operation to a key whatever it holds, with allowedActors", async () => {
    const id = user.keyId;
    const calls = [
      h.request("GET", "/keys", { token: user.key }),
      h.request("GET", `/keys/${id}`, { token: user.key }),
      h.request("POST", "/keys", {
        token: user.key,
        idempotencyKey: idem(),
        body: { name: "x", scopes: ["account:read"] },
      }),
      h.request("POST", `/keys/${id}/revoke`, { token: user.key, idempotencyKey: idem(), body: {} }),
      h.request("POST", `/keys/${id}/rotate`, { token: user.key, idempotencyKey: idem(), body: {} }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden_scope");
      expect(res.body.error.details.allowedActors).toEqual(["session"]);
      expect(res.body.error.details.requiredScopes).toEqual(["keys:manage"]);
    }
    expect((await h.request("GET", `/keys/${id}`, { token: user.session })).body.status).toBe("active");
  });

  it("refuses email_unverified before the operation runs, where the operation needs it", async () => {
    const a = await h.account({ verified: false });
    const k = await h.key(a.id);
    const res = await h.request("POST", "/_test/verified", { token: k.secret, body: {} });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("email_unverified");
    expect((await h.request("POST", "/_test/verified", { token: user.key, body: {} })).status).toBe(200);
  });
});

describe("paid account required", () => {
  it("refuses a key of an account with only free seconds, on every call, and works again once paid", async () => {
    const a = await h.account({ paid: false, freeSeconds: 300 });
    const k = await h.key(a.id);
    for (const path of ["/account", "/wallet", "/catalog/plans", "/usage"]) {
      const res = await h.request("GET", path, { token: k.secret });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("paid_account_required");
    }
    // The key is not revoked; a top-up brings it back.
    await topUp(h.deps, a.id, 60);
    const res = await h.request("GET", "/account", { token: k.secret });
    expect(res.status).toBe(200);
    expect(res.body.wallet).toMatchObject({ freeSeconds: 300, paygSeconds: 60, planActive: false });
  });

  it("lets an unpaid person use the dashboard but not create or rotate keys", async () => {
    const a = await h.account({ paid: false, freeSeconds: 60 });
    const token = await h.session(a.email, a.password);
    expect((await h.request("GET", "/account", { token })).status).toBe(200);
    expect((await h.request("GET", "/keys", { token })).status).toBe(200);
    const create = await h.request("POST", "/keys", {
      token,
      idempotencyKey: idem(),
      body: { name: "x", scopes: ["account:read"] },
    });
    expect(create.status).toBe(403);
    expect(create.body.error.code).toBe("paid_account_required");
    const k = await h.key(a.id);
    const rotate = await h.request("POST", `/keys/${k.id}/rotate`, { token, idempotencyKey: idem(), body: {} });
    expect(rotate.body.error.code).toBe("paid_account_required");
  });

  it("stops counting a lapsed plan as paid", async () => {
    const a = await h.account({ planId: "starter" });
    const k = await h.key(a.id);
    expect((await h.request("GET", "/account", { token: k.secret })).status).toBe(200);
    h.clock.advance(31 * 86_400_000);
    const res = await h.request("GET", "/account", { token: k.secret });
    expect(res.body.error.code).toBe("paid_account_required");
    h.clock.advance(-31 * 86_400_000);
  });
});

describe("unauthenticated failures", () => {
  it("meters 60 per minute per IP, then turns the 401 into a 429, with RateLimit-* on the 401s", async () => {
    const fresh = await Harness.start({ rateStore: "memory" });
    try {
      const bad = { "x-api-key": `svc_live_${"B".repeat(40)}` };
      for (let i = 1; i <= 60; i++) {
        const res = await fresh.request("GET", "/account", { headers: bad });
        expect(res.status).toBe(401);
        expect(res.headers["ratelimit-limit"]).toBe("60");
        expect(res.headers["ratelimit-remaining"]).toBe(String(60 - i));
      }
      const over = await fresh.request("GET", "/account", { headers: bad });
      expect(over.status).toBe(429);
      expect(over.body.error.code).toBe("rate_limited");
      expect(over.body.error.details).toMatchObject({
        class: "unauthenticated",
        scope: "minute",
        limit: 60,
        remaining: 0,
      });
      expect(Number(over.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      // A good credential is not affected: the meter counts failures only.
      const u = await fresh.user();
      expect((await fresh.request("GET", "/account", { token: u.key })).status).toBe(200);
      fresh.clock.advance(60_000);
      expect((await fresh.request("GET", "/account", { headers: bad })).status).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});
