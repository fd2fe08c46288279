import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../../src/domains/keys/secrets.js";
import { Harness, idem } from "../../src/testutil/harness.js";

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory" });
  user = await h.user();
});
afterAll(() => h.close());

const post = (path: string, body: unknown, token = user.session) =>
  h.request("POST", path, { token, idempotencyKey: idem(), body });
const create = (body: Record<string, unknown>, token?: string) =>
  post("/keys", { name: "k", scopes: ["account:read"], ...body }, token);
const issueOf = (res: { body: any }) => res.body.error.details.issues[0];
const tomorrow = () => new Date(h.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);

describe("POST /keys", () => {
  it("creates a key shown once, stored only as a SHA-256 digest", async () => {
    const res = await create({
      name: "deploy bot",
      scopes: ["renders:read", "renders:write"],
      expires: tomorrow(),
      rateLimitPerMinute: 30,
      rateLimitPerDay: 1000,
    });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/keys/${res.body.key.id}`);
    const { secret, key } = res.body;
    expect(secret).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
    expect(key).toEqual({
      id: expect.any(String),
      name: "deploy bot",
      prefix: secret.slice(0, 17),
      last4: secret.slice(-4),
      scopes: ["renders:read", "renders:write"],
      status: "active",
      expires: tomorrow(),
      rateLimitPerMinute: 30,
      rateLimitPerDay: 1000,
      createdAt: h.clock.now().toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    const row = await h.db.kysely.selectFrom("api_keys").selectAll().where("id", "=", key.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(17));
    const read = await h.request("GET", `/keys/${key.id}`, { token: user.session });
    expect(read.text).not.toContain(secret.slice(17));
    // The new key authenticates at once, and holds exactly the scopes it was given.
    const denied = await h.request("GET", "/account", { token: secret });
    expect(denied.status).toBe(403);
    expect(denied.body.error.details.missingScopes).toEqual(["account:read"]);
  });

  it("refuses names over 120 characters, empty names and missing fields", async () => {
    expect(issueOf(await create({ name: "n".repeat(121) }))).toMatchObject({ path: "body.name", code: "max_length" });
    expect(issueOf(await create({ name: "" }))).toMatchObject({ path: "body.name", code: "min_length" });
    expect((await create({ name: "n".repeat(120) })).status).toBe(201);
    expect(issueOf(await post("/keys", { scopes: ["account:read"] }))).toMatchObject({
      path: "body.name",
      code: "required",
    });
  });

  it("needs at least one scope, each known, none repeated and none non-grantable", async () => {
    expect(issueOf(await create({ scopes: [] }))).toMatchObject({ path: "body.scopes", code: "min_items" });
    expect(issueOf(await create({ scopes: ["renders:fly"] }))).toMatchObject({ path: "body.scopes[0]", code: "enum" });
    expect(issueOf(await create({ scopes: ["account:read", "account:read"] }))).toMatchObject({ code: "unique_items" });
    for (const scope of ["keys:manage", "assistant:use"]) {
      const res = await create({ scopes: ["account:read", scope] });
      expect(res.body.error.code).toBe("validation_failed");
      expect(issueOf(res)).toMatchObject({ path: "body.scopes[1]", code: "not_grantable" });
    }
  });

  it("needs an expiry date after today", async () => {
    const today = h.clock.now().toISOString().slice(0, 10);
    expect(issueOf(await create({ expires: today }))).toMatchObject({ path: "body.expires", code: "not_future" });
    expect(issueOf(await create({ expires: "2020-01-01" }))).toMatchObject({ code: "not_future" });
    expect(issueOf(await create({ expires: "next week" }))).toMatchObject({ path: "body.expires", code: "format" });
    expect(issueOf(await create({ expires: "2026-02-30" }))).toMatchObject({ code: "format" });
  });

  it("bounds the per-key limits", async () => {
    for (const [field, bad] of [
      ["rateLimitPerMinute", 0],
      ["rateLimitPerMinute", 601],
      ["rateLimitPerDay", 0],
      ["rateLimitPerDay", 864_001],
      ["rateLimitPerMinute", 1.5],
    ] as const) {
      const res = await create({ [field]: bad });
      expect(res.status).toBe(400);
      expect(issueOf(res).path).toBe(`body.${field}`);
    }
    const ok = await create({ rateLimitPerMinute: 600, rateLimitPerDay: 864_000 });
    expect(ok.body.key).toMatchObject({ rateLimitPerMinute: 600, rateLimitPerDay: 864_000 });
    const nulls = await create({ rateLimitPerMinute: null, rateLimitPerDay: null });
    expect(nulls.body.key).toMatchObject({ rateLimitPerMinute: null, rateLimitPerDay: null });
  });

  it("caps an account at 25 active keys; revoked and expired keys do not count", async () => {
    const a = await h.user();
    const soon = await create({ expires: tomorrow() }, a.session); // 2 active with the user's own key
    for (let i = 3; i <= 25; i++) expect((await create({ name: `k${i}` }, a.session)).status).toBe(201);
    const over = await create({ name: "k26" }, a.session);
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe("conflict");
    expect(over.body.error.details).toEqual({ reason: "too_many_keys", max: 25, active: 25 });
    await post(`/keys/${a.keyId}/revoke`, {}, a.session);
    expect((await create({ name: "after revoke" }, a.session)).status).toBe(201);
    expect((await create({ name: "full again" }, a.session)).status).toBe(409);
    h.clock.advance(2 * 86_400_000); // the key expiring tomorrow has expired
    expect((await create({ name: "after expiry" }, a.session)).status).toBe(201);
    h.clock.advance(-2 * 86_400_000);
    expect(soon.status).toBe(201);
  });
});

describe("GET /keys and GET /keys/{id}", () => {
  it("lists every key newest first, revoked included, in cursor pages", async () => {
    const a = await h.user();
    for (let i = 0; i < 4; i++) {
      await create({ name: `p${i}` }, a.session);
      h.clock.advance(1);
    }
    await post(`/keys/${a.keyId}/revoke`, {}, a.session);
    const first = await h.request("GET", "/keys?limit=3", { token: a.session });
    expect(first.body.data.map((k: { name: string }) => k.name)).toEqual(["p3", "p2", "p1"]);
    const second = await h.request("GET", `/keys?limit=3&cursor=${first.body.nextCursor}`, { token: a.session });
    expect(second.body.data.map((k: { name: string }) => k.name)).toEqual(["p0", "test"]);
    expect(second.body.data[1].status).toBe("revoked");
    expect(second.body.nextCursor).toBeNull();
  });

  it("answers 404 for an unknown key", async () => {
    const res = await h.request("GET", "/keys/01900000-0000-7000-8000-000000000000", { token: user.session });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });
});

describe("POST /keys/{id}/revoke", () => {
  it("revokes for good; a second revoke is 409", async () => {
    const k = (await create({ name: "to revoke" })).body;
    const res = await post(`/keys/${k.key.id}/revoke`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: k.key.id, status: "revoked", revokedAt: h.clock.now().toISOString() });
    expect((await h.request("GET", "/account", { token: k.secret })).status).toBe(401);
    h.clock.advance(86_400_000);
    expect((await h.request("GET", "/account", { token: k.secret })).status).toBe(401);
    const again = await post(`/keys/${k.key.id}/revoke`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.details.reason).toBe("already_revoked");
  });

  it("refuses a body with fields", async () => {
    const k = (await create({})).body;
    expect((await post(`/keys/${k.key.id}/revoke`, { now: true })).body.error.code).toBe("validation_failed");
  });
});

describe("POST /keys/{id}/rotate", () => {
  it("with grace 0 stops the old key at once and issues a copy", async () => {
    const old = (await create({ name: "rot", scopes: ["account:read", "wallet:read"], rateLimitPerMinute: 40 })).body;
    const res = await post(`/keys/${old.key.id}/rotate`, { graceSeconds: 0 });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^svc_live_/);
    expect(res.body.secret).not.toBe(old.secret);
    expect(res.body.key).toMatchObject({
      name: "rot",
      scopes: ["account:read", "wallet:read"],
      rateLimitPerMinute: 40,
      status: "active",
    });
    expect(res.body.previousKey).toMatchObject({ id: old.key.id, status: "revoked" });
    expect(res.headers.location).toBe(`/api/v1/keys/${res.body.key.id}`);
    expect((await h.request("GET", "/account", { token: old.secret })).status).toBe(401);
    expect((await h.request("GET", "/account", { token: res.body.secret })).status).toBe(200);
  });

  it("keeps the old key working through the grace period", async () => {
    const old = (await create({ name: "graceful" })).body;
    const res = await post(`/keys/${old.key.id}/rotate`, { graceSeconds: 3600 });
    expect(res.body.previousKey.status).toBe("active");
    expect(res.body.previousKey.revokedAt).toBe(new Date(h.clock.now().getTime() + 3600_000).toISOString());
    h.clock.advance(3599_000);
    expect((await h.request("GET", "/account", { token: old.secret })).status).toBe(200);
    h.clock.advance(2000);
    expect((await h.request("GET", "/account", { token: old.secret })).status).toBe(401);
    expect((await h.request("GET", "/account", { token: res.body.secret })).status).toBe(200);
  });

  it("defaults the grace to 0, bounds it to 0..86400 and refuses to rotate a revoked key", async () => {
    const old = (await create({})).body;
    expect(issueOf(await post(`/keys/${old.key.id}/rotate`, { graceSeconds: 86_401 }))).toMatchObject({
      path: "body.graceSeconds",
    });
    expect(issueOf(await post(`/keys/${old.key.id}/rotate`, { graceSeconds: -1 }))).toMatchObject({
      path: "body.graceSeconds",
    });
    const res = await post(`/keys/${old.key.id}/rotate`, {});
    expect(res.body.previousKey.status).toBe("revoked");
    const again = await post(`/keys/${old.key.id}/rotate`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.details.reason).toBe("key_not_active");
  });

  it("respects the 25-active-key cap: an old key in its grace period counts", async () => {
    const full = await h.user(); // one key already
    const keys = [full.keyId];
    for (let i = 0; i < 23; i++) keys.push((await h.key(full.id, ["account:read"])).id);
    const rotate = (id: string, graceSeconds: number) => post(`/keys/${id}/rotate`, { graceSeconds }, full.session);
    // 24 active: a rotation with grace leaves the old key working, so 25 are active.
    const first = await rotate(keys[0] as string, 3600);
    expect(first.status).toBe(201);
    // 25 active (one of them in grace): another rotation with grace would make 26.
    const over = await rotate(keys[1] as string, 60);
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({
      code: "conflict",
      details: { reason: "too_many_keys", max: 25, active: 25 },
    });
    expect((await h.request("GET", "/account", { token: full.key })).status).toBe(200);
    // A rotation that stops the old key at once replaces it: still 25.
    expect((await rotate(keys[1] as string, 0)).status).toBe(201);
    // Once the grace period ends the old key stops counting.
    h.clock.advance(3601_000);
    expect((await rotate(keys[2] as string, 60)).status).toBe(201);
  });
});
