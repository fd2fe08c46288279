import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantFree, grantPlan, topUp } from "../../src/domains/wallet/grants.js";
import { Harness } from "../../src/testutil/harness.js";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory", clockStart: new Date("2026-05-01T10:00:00.000Z") });
});
afterAll(() => h.close());

describe("GET /account", () => {
  it("answers every field of the spec's Account table", async () => {
    const u = await h.user();
    const res = await h.request("GET", "/account", { token: u.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      account: {
        id: u.id,
        email: u.email,
        name: expect.any(String),
        emailVerified: true,
        role: "owner",
        createdAt: "2026-05-01T10:00:00.000Z",
        deletionStatus: "active",
      },
      wallet: {
        planSeconds: 1800,
        paygSeconds: 0,
        freeSeconds: 0,
        reservedSeconds: 0,
        availableSeconds: 1800,
        planId: "starter",
        planExpiresAt: "2026-05-31T10:00:00.000Z",
        planActive: true,
      },
      credential: {
        kind: "api_key",
        apiKeyId: u.keyId,
        scopes: expect.arrayContaining(["account:read", "marketing:export"]),
      },
    });
    expect(res.body.credential.scopes).toHaveLength(12);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("reports the scopes the credential actually holds", async () => {
    const u = await h.account();
    const k = await h.key(u.id, ["account:read", "usage:read"]);
    const res = await h.request("GET", "/account", { token: k.secret });
    expect(res.body.credential.scopes).toEqual(["account:read", "usage:read"]);
  });
});

describe("wallet and ledger", () => {
  it("records every movement in the ledger, newest first, and the deltas sum to the balances", async () => {
    const u = await h.account({ paid: false, freeSeconds: 60 });
    const k = await h.key(u.id);
    await topUp(h.deps, u.id, 600);
    h.clock.advance(1000);
    await grantPlan(h.deps, u.id, "pro");
    h.clock.advance(1000);
    await grantFree(h.deps, u.id, 30);
    const wallet = await h.request("GET", "/wallet", { token: k.secret });
    expect(wallet.body).toEqual({
      planSeconds: 7200,
      paygSeconds: 600,
      freeSeconds: 90,
      reservedSeconds: 0,
      availableSeconds: 7890,
      planId: "pro",
      planExpiresAt: "2026-05-31T10:00:01.000Z",
      planActive: true,
      paid: true,
    });
    const ledger = await h.request("GET", "/wallet/ledger", { token: k.secret });
    expect(ledger.body.data.map((e: { type: string }) => e.type)).toEqual([
      "free_grant",
      "plan_grant",
      "topup",
      "free_grant",
    ]);
    expect(ledger.body.data[1]).toMatchObject({
      type: "plan_grant",
      deltas: { planSeconds: 7200, paygSeconds: 0, freeSeconds: 0, reservedSeconds: 0 },
      availableDelta: 7200,
      availableAfter: 7860,
      planId: "pro",
      jobId: null,
    });
    const sum = (f: string) => ledger.body.data.reduce((n: number, e: any) => n + e.deltas[f], 0);
    expect([sum("planSeconds"), sum("paygSeconds"), sum("freeSeconds"), sum("reservedSeconds")]).toEqual([
      7200, 600, 90, 0,
    ]);
    expect(ledger.body.data[0].availableAfter).toBe(wallet.body.availableSeconds);
  });

  it("lapses a plan's unused seconds when its period ends, once, with a ledger entry", async () => {
    const u = await h.account({ planId: "starter", topupSeconds: 100 });
    const k = await h.key(u.id);
    h.clock.advance(30 * 86_400_000 + 1);
    const [a, b] = await Promise.all([
      h.request("GET", "/wallet", { token: k.secret }),
      h.request("GET", "/account", { token: k.secret }),
    ]);
    expect(a.body).toMatchObject({
      planSeconds: 0,
      paygSeconds: 100,
      availableSeconds: 100,
      planActive: false,
      paid: true,
    });
    expect(b.body.wallet.planSeconds).toBe(0);
    const ledger = await h.request("GET", "/wallet/ledger", { token: k.secret });
    const lapses = ledger.body.data.filter((e: { type: string }) => e.type === "plan_lapse");
    expect(lapses).toHaveLength(1);
    expect(lapses[0].deltas.planSeconds).toBe(-1800);
    h.clock.advance(-(30 * 86_400_000 + 1));
  });

  it("replaces a live plan's remaining seconds with a new period's", async () => {
    const u = await h.account({ planId: "starter" });
    await grantPlan(h.deps, u.id, "pro");
    const k = await h.key(u.id);
    const w = await h.request("GET", "/wallet", { token: k.secret });
    expect(w.body).toMatchObject({ planSeconds: 7200, planId: "pro" });
  });
});

describe("GET /usage", () => {
  it("counts this credential's requests per day, operation and class", async () => {
    const u = await h.account();
    const a = await h.key(u.id);
    const b = await h.key(u.id);
    for (let i = 0; i < 3; i++) await h.request("GET", "/account", { token: a.secret });
    await h.request("GET", "/wallet", { token: a.secret });
    await h.request("GET", "/account", { token: b.secret });
    await h.request("GET", "/wallet/ledger?limit=0", { token: a.secret }); // refused: not counted
    const res = await h.request("GET", "/usage", { token: a.secret });
    expect(res.body.credential).toEqual({ kind: "api_key", apiKeyId: a.id });
    expect(res.body.total).toBe(5); // 3 account + 1 wallet + this usage call
    expect(res.body.byClass).toEqual({ read: 5, write: 0, expensive: 0, charge: 0 });
    expect(res.body.days).toHaveLength(1);
    expect(res.body.days[0].date).toBe(h.clock.now().toISOString().slice(0, 10));
    expect(res.body.days[0].operations).toEqual([
      { operationId: "account.get", rateClass: "read", count: 3 },
      { operationId: "usage.get", rateClass: "read", count: 1 },
      { operationId: "wallet.get", rateClass: "read", count: 1 },
    ]);
  });

  it("adds each flush's counts to those already stored", async () => {
    const u = await h.account();
    const k = await h.key(u.id);
    await h.request("GET", "/account", { token: k.secret });
    await h.request("GET", "/wallet", { token: k.secret });
    await h.request("GET", "/usage", { token: k.secret }); // flushes the three counters in one statement
    await h.request("GET", "/account", { token: k.secret });
    await h.request("GET", "/account", { token: k.secret });
    const res = await h.request("GET", "/usage", { token: k.secret });
    expect(res.body.days[0].operations).toEqual([
      { operationId: "account.get", rateClass: "read", count: 3 },
      { operationId: "usage.get", rateClass: "read", count: 2 },
      { operationId: "wallet.get", rateClass: "read", count: 1 },
    ]);
  });

  it("splits by UTC day and honours from/to, newest day first", async () => {
    const u = await h.account();
    const k = await h.key(u.id);
    await h.request("GET", "/account", { token: k.secret });
    h.clock.advance(86_400_000);
    await h.request("GET", "/account", { token: k.secret });
    const res = await h.request("GET", "/usage", { token: k.secret });
    expect(res.body.days.map((d: { date: string; total: number }) => [d.date, d.total])).toEqual([
      ["2026-05-02", 2],
      ["2026-05-01", 1],
    ]);
    const one = await h.request("GET", "/usage?from=2026-05-01&to=2026-05-01", { token: k.secret });
    expect(one.body).toMatchObject({ from: "2026-05-01", to: "2026-05-01", total: 1 });
    h.clock.advance(-86_400_000);
  });

  it("refuses bad ranges", async () => {
    const u = await h.user();
    const bad = async (q: string) => (await h.request("GET", `/usage?${q}`, { token: u.key })).body.error;
    expect((await bad("from=2026-05-02&to=2026-05-01")).code).toBe("validation_failed");
    expect((await bad("from=2026-01-01&to=2026-05-01")).details.issues[0]).toMatchObject({
      path: "query.from",
      code: "range",
    });
    expect((await bad("from=yesterday")).details.issues[0]).toMatchObject({ path: "query.from", code: "format" });
  });
});
