import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RateLimits } from "../../src/config.js";
import { Harness, idem } from "../../src/testutil/harness.js";

// Small limits so windows fill in a few requests; the clock moves instead of the test sleeping.
const limits: RateLimits = {
  perMinute: { read: 5, write: 3, expensive: 2, charge: 2 },
  account: 8,
  unauthenticated: 60,
};
let h: Harness;
beforeEach(async () => {
  h = await Harness.start({
    config: { rateLimits: limits },
    rateStore: "memory",
    clockStart: new Date("2026-03-10T12:00:00.000Z"),
  });
});
afterEach(() => h.close());

const read = (token: string, path = "/account") => h.request("GET", path, { token });
const statuses = async (n: number, f: () => Promise<{ status: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await f()).status);
  return out;
};

describe("rate limits", () => {
  it("limits each credential per class per minute, with the spec's headers and details", async () => {
    const u = await h.user();
    const first = await read(u.key);
    expect(first.headers).toMatchObject({
      "ratelimit-limit": "5",
      "ratelimit-remaining": "4",
      "ratelimit-reset": "60",
    });
    expect(await statuses(4, () => read(u.key))).toEqual([200, 200, 200, 200]);
    h.clock.advance(20_500);
    const refused = await read(u.key);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(refused.body.error.details).toEqual({
      class: "read",
      scope: "minute",
      limit: 5,
      remaining: 0,
      resetAt: "2026-03-10T12:01:00.000Z",
    });
    expect(refused.headers).toMatchObject({
      "ratelimit-limit": "5",
      "ratelimit-remaining": "0",
      "ratelimit-reset": "40",
      "retry-after": "40",
    });
    // Another class of the same key has its own window.
    expect((await h.request("GET", "/keys", { token: u.session })).status).toBe(200);
  });

  it("anchors the window at its first request: fixed, not sliding", async () => {
    const u = await h.user();
    await read(u.key);
    h.clock.advance(59_000);
    expect(await statuses(4, () => read(u.key))).toEqual([200, 200, 200, 200]);
    expect((await read(u.key)).status).toBe(429);
    h.clock.advance(1000); // 60 s after the first request: a new window, whole again
    const reopened = await read(u.key);
    expect(reopened.status).toBe(200);
    expect(reopened.headers["ratelimit-remaining"]).toBe("4");
  });

  it("keeps credentials apart but shares one bucket among all of an account's sessions", async () => {
    const u = await h.user();
    const k2 = await h.key(u.id);
    expect(await statuses(5, () => read(u.key))).toEqual([200, 200, 200, 200, 200]);
    expect((await read(k2.secret)).status).toBe(200);
    h.clock.advance(60_000); // let the account window (8) reopen
    const s2 = await h.session(u.email, u.password);
    expect(await statuses(2, () => read(u.session))).toEqual([200, 200]);
    expect(await statuses(3, () => read(s2))).toEqual([200, 200, 200]);
    expect((await read(u.session)).status).toBe(429);
  });

  it("lowers a class limit with the key's rateLimitPerMinute, never raises it", async () => {
    const u = await h.account();
    const low = await h.key(u.id, ["account:read"], { rateLimitPerMinute: 2 });
    expect(await statuses(3, () => read(low.secret))).toEqual([200, 200, 429]);
    const high = await h.key(u.id, ["account:read"], { rateLimitPerMinute: 600 });
    const res = await read(high.secret);
    expect(res.headers["ratelimit-limit"]).toBe("5");
    expect(await statuses(5, () => read(high.secret))).toEqual([200, 200, 200, 200, 429]);
  });

  it("applies the account ceiling across keys and classes; its 429 describes the account window", async () => {
    const u = await h.account();
    const a = await h.key(u.id);
    const b = await h.key(u.id);
    expect(await statuses(5, () => read(a.secret))).toEqual([200, 200, 200, 200, 200]);
    expect(await statuses(3, () => read(b.secret, "/wallet"))).toEqual([200, 200, 200]);
    const refused = await read(b.secret);
    expect(refused.status).toBe(429);
    expect(refused.body.error.details).toMatchObject({ class: "read", scope: "account", limit: 8, remaining: 0 });
    expect(refused.headers["ratelimit-limit"]).toBe("8");
    expect(refused.headers["ratelimit-remaining"]).toBe("0");
    // The refused request was taken back from b's class window: b has spent 3 of its 5.
    h.clock.advance(60_000);
    const after = await read(b.secret);
    expect(after.headers["ratelimit-remaining"]).toBe("4");
  });

  it("caps a key per UTC day, and the cap reopens at midnight UTC", async () => {
    const u = await h.account();
    const k = await h.key(u.id, ["account:read"], { rateLimitPerDay: 3 });
    expect(await statuses(3, () => read(k.secret))).toEqual([200, 200, 200]);
    h.clock.advance(60_000);
    const refused = await read(k.secret);
    expect(refused.status).toBe(429);
    expect(refused.body.error.details).toMatchObject({
      class: "read",
      scope: "day",
      limit: 3,
      resetAt: "2026-03-11T00:00:00.000Z",
    });
    h.clock.set("2026-03-10T23:59:59.000Z");
    expect((await read(k.secret)).status).toBe(429);
    h.clock.set("2026-03-11T00:00:00.500Z");
    expect((await read(k.secret)).status).toBe(200);
  });

  it("does not count refusals for scope, account state or validation, yet answers them with headers", async () => {
    const u = await h.user();
    const narrow = await h.key(u.id, ["wallet:read"]);
    for (let i = 0; i < 10; i++) {
      const res = await read(narrow.secret); // 403 forbidden_scope
      expect(res.status).toBe(403);
      expect(res.headers["ratelimit-remaining"]).toBe("5");
    }
    for (let i = 0; i < 10; i++) {
      const res = await h.request("GET", "/wallet/ledger?limit=0", { token: narrow.secret }); // 400
      expect(res.status).toBe(400);
      expect(res.headers["ratelimit-limit"]).toBe("5");
    }
    for (let i = 0; i < 10; i++) {
      const res = await h.request("POST", "/keys", { token: u.session, idempotencyKey: idem(), body: { name: 5 } });
      expect(res.status).toBe(400);
    }
    expect(await statuses(5, () => read(narrow.secret, "/wallet"))).toEqual([200, 200, 200, 200, 200]);
    const write = await h.request("POST", "/keys", {
      token: u.session,
      idempotencyKey: idem(),
      body: { name: "ok", scopes: ["account:read"] },
    });
    expect(write.headers["ratelimit-remaining"]).toBe("2");
  });

  it("counts a request refused by the limit nowhere else (a 429 is not usage)", async () => {
    const u = await h.user();
    expect(await statuses(6, () => read(u.key))).toEqual([200, 200, 200, 200, 200, 429]);
    h.clock.advance(60_000);
    const usage = await h.request("GET", "/usage", { token: u.key });
    expect(usage.body.days[0].operations).toEqual(
      expect.arrayContaining([{ operationId: "account.get", rateClass: "read", count: 5 }]),
    );
  });
});
