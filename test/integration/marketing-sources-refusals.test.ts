import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "../../src/config.js";
import { sweepExpiredArtifacts } from "../../src/jobs/sweeper.js";
import type { Resolver } from "../../src/net/resolver.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { seedStoryboard } from "../support/seed-storyboard.js";
import { scriptedSources, seedRender, sourceFootprint } from "../support/source-jobs.js";

// Every refusal decision 0025 gives the six source operations, each answered before anything is
// created: no job, no source, no inspection row. Runs are scripted (no Chromium).

/** DNS a test can change: "DNS and the lists change" between a scan and its refresh. */
const dns: Record<string, string[]> = {
  "acme.example": ["93.184.216.34"],
  "capped.example": ["93.184.216.36"],
  "free.example": ["93.184.216.37"],
  "moving.example": ["93.184.216.38"],
  "private.example": ["10.0.0.5"],
};
const RESOLVER: Resolver = {
  async resolve(host) {
    const hit = dns[host.toLowerCase()];
    if (hit) return hit;
    if (/^[\d.]+$/.test(host)) return [host];
    // Every other test site is public, so each test scans hosts of its own (the cap counts per origin).
    if (host.endsWith(".example") && host !== "nowhere.example") return ["93.184.216.40"];
    throw Object.assign(new Error(`no such host: ${host}`), { code: "ENOTFOUND" });
  },
};
const CAP = 2;
const sources = scriptedSources();

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
beforeAll(async () => {
  h = await Harness.start({
    resolver: RESOLVER,
    jobDefinitions: sources.definitions,
    rateStore: "memory",
    clockStart: new Date("2026-11-25T22:00:00.000Z"),
    config: {
      sourceOriginDailyCap: CAP,
      rateLimits: { ...DEFAULT_RATE_LIMITS, perMinute: { ...DEFAULT_RATE_LIMITS.perMinute, expensive: 1000 } },
    },
  });
  user = await h.user({ topupSeconds: 100 }); // top-ups never lapse: tests move the clock by a month
});
afterAll(() => h.close());

const create = (body: unknown, token = user.key) =>
  h.request("POST", "/marketing/sources", { token, idempotencyKey: idem(), body });
const get = (id: string, token = user.key) => h.request("GET", `/marketing/sources/${id}`, { token });
const refresh = (id: string, body: unknown = {}, token = user.key) =>
  h.request("POST", `/marketing/sources/${id}/refresh`, { token, idempotencyKey: idem(), body });

/** Sends a refused request and checks the answer and that nothing was created. */
async function refused(
  send: () => Promise<{ status: number; body: any; headers: Record<string, unknown> }>,
  status: number,
  code: string,
  details?: Record<string, unknown>,
  accountId = user.id,
) {
  const before = await sourceFootprint(h, accountId);
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (details) expect(res.body.error.details).toMatchObject(details);
  expect(await sourceFootprint(h, accountId)).toEqual(before);
  return res;
}

let sites = 0;
/** A host no other test scans: the daily cap of 2 counts per origin. */
const site = (path = "/") => `https://site-${++sites}.example${path}`;

async function scanned(url = site(), outcome: "succeed" | "unreadable" = "succeed") {
  sources.next({ outcome });
  const res = await create({ url });
  expect(res.status).toBe(202);
  await h.drain();
  return res.body.id as string;
}

describe("POST /marketing/sources: body and address", () => {
  const cases: [string, unknown, number, string, Record<string, unknown>?][] = [
    ["neither url nor renderId", {}, 400, "validation_failed", { issues: [{ path: "body", code: "exactly_one_of" }] }],
    [
      "both url and renderId",
      { url: "https://acme.example/", renderId: "01900000-0000-7000-8000-000000000000" },
      400,
      "validation_failed",
      { issues: [{ path: "body", code: "exactly_one_of" }] },
    ],
    ["an unknown field", { url: "https://acme.example/", pages: 3 }, 400, "validation_failed"],
    ["a url over 2048", { url: `https://acme.example/${"a".repeat(2048)}` }, 400, "validation_failed"],
    ["an empty url", { url: "" }, 400, "validation_failed"],
    ["a renderId that is not a uuid", { renderId: "render-1" }, 400, "validation_failed"],
    ["an unparseable url", { url: "not a url" }, 400, "url_malformed"],
    ["an ftp url", { url: "ftp://files.example/" }, 400, "url_invalid", { reason: "scheme" }],
    ["an unresolvable host", { url: "https://nowhere.example/" }, 400, "url_invalid", { reason: "unresolvable" }],
    ["a bare host", { url: "http://intranet/" }, 400, "url_invalid", { reason: "bare_host" }],
    ["credentials in the url", { url: "https://a:b@acme.example/" }, 400, "url_invalid", { reason: "credentials" }],
    ["a private literal", { url: "http://192.168.1.10/" }, 400, "url_private", { host: "192.168.1.10" }],
    [
      "a host resolving privately",
      { url: "https://private.example/" },
      400,
      "url_private",
      { host: "private.example" },
    ],
    ["loopback", { url: "http://127.0.0.1:9/" }, 400, "url_private", { reason: "loopback" }],
    ["a public platform", { url: "https://www.youtube.com/" }, 400, "site_not_allowed", { reason: "public_platform" }],
    [
      "a sensitive topic",
      { url: "https://best-casino.example/" },
      400,
      "site_not_allowed",
      { reason: "sensitive_topic" },
    ],
  ];
  for (const [name, body, status, code, details] of cases) {
    it(`refuses ${name}: ${status} ${code}`, async () => {
      await refused(() => create(body), status, code, details);
    });
  }
});

describe("POST /marketing/sources: renderId", () => {
  it("refuses an unknown render, another account's, and a storyboard id: 404 source_render_not_found unknown", async () => {
    const other = await h.user();
    const theirs = await seedRender(h, other.id);
    const storyboard = await seedStoryboard(h, user.id);
    for (const renderId of ["01900000-0000-7000-8000-000000000000", theirs, storyboard]) {
      await refused(() => create({ renderId }), 404, "source_render_not_found", { renderId, reason: "unknown" });
    }
  });

  it("refuses a failed or cancelled render: 404 source_render_not_found not_succeeded with its state", async () => {
    for (const state of ["failed", "cancelled"] as const) {
      const renderId = await seedRender(h, user.id, { state });
      await refused(() => create({ renderId }), 404, "source_render_not_found", {
        renderId,
        reason: "not_succeeded",
        state,
      });
    }
  });

  it("refuses a render whose files are past retention: 404 source_render_not_found expired", async () => {
    const renderId = await seedRender(h, user.id, { expired: true });
    await refused(() => create({ renderId }), 404, "source_render_not_found", { renderId, reason: "expired" });
  });

  it("refuses a render still queued or running: 409 not_finished with its state", async () => {
    for (const state of ["queued", "running"] as const) {
      const renderId = await seedRender(h, user.id, { state });
      await refused(() => create({ renderId }), 409, "not_finished", { state });
    }
  });
});

describe("POST /marketing/sources/{id}/refresh", () => {
  it("refuses an unknown id, a malformed id and a render id: 404 not_found", async () => {
    const renderId = await seedRender(h, user.id);
    for (const id of ["01900000-0000-7000-8000-000000000000", "not-an-id", renderId]) {
      await refused(() => refresh(id), 404, "not_found");
    }
  });

  it("refuses another address: 400 source_refresh_url_mismatch naming the source's own", async () => {
    const home = site("/home");
    const id = await scanned(`${home}#x`);
    await refused(() => refresh(id, { url: site("/other") }), 400, "source_refresh_url_mismatch", { url: home });
    await refused(() => refresh(id, { url: "not a url" }), 400, "source_refresh_url_mismatch");
    // The same address after normalisation is accepted.
    const ok = await refresh(id, { url: `${home.replace("https://site-", "HTTPS://SITE-")}#y` });
    expect(ok.status).toBe(202);
    await h.drain();
  });

  it("refuses a source whose first scan failed: 409 source_not_ready with its state", async () => {
    const id = await scanned(site(), "unreadable");
    await refused(() => refresh(id), 409, "source_not_ready", { state: "failed" });
  });

  it("checks the stored address again: a host now resolving privately is 400 url_private", async () => {
    const id = await scanned("https://moving.example/");
    dns["moving.example"] = ["10.1.2.3"];
    try {
      await refused(() => refresh(id), 400, "url_private", { host: "moving.example" });
    } finally {
      dns["moving.example"] = ["93.184.216.38"];
    }
  });

  it("refuses bad bodies: 400 validation_failed", async () => {
    const id = await scanned();
    for (const body of [{ expectedVersion: 0 }, { expectedVersion: "1" }, { other: true }, { url: "" }]) {
      await refused(() => refresh(id, body), 400, "validation_failed");
    }
  });
});

describe("GET /marketing/sources/{id}", () => {
  it("answers 404 not_found for unknown and malformed ids", async () => {
    for (const id of ["01900000-0000-7000-8000-000000000000", "x"]) {
      const res = await get(id);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });

  it("refuses a malformed version and ?version= on an operation id: 400 validation_failed at query.version", async () => {
    const id = await scanned();
    const op = await refresh(id);
    await h.drain();
    for (const target of [`${id}?version=0`, `${id}?version=first`, `${id}?version=-1`, `${op.body.id}?version=1`]) {
      const res = await get(target);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.details.issues[0].path).toBe("query.version");
    }
  });

  it("answers latest before any version 409 source_not_ready, and a number 404 source_version_not_found", async () => {
    const id = await scanned(site(), "unreadable");
    const latest = await get(`${id}?version=latest`);
    expect(latest.status).toBe(409);
    expect(latest.body.error).toMatchObject({ code: "source_not_ready", details: { state: "failed" } });
    const one = await get(`${id}?version=1`);
    expect(one.status).toBe(404);
    expect(one.body.error).toMatchObject({
      code: "source_version_not_found",
      details: { version: 1, latestVersion: null },
    });
  });
});

describe("cancel and delete", () => {
  it("answer 404 not_found for unknown ids", async () => {
    const unknown = "01900000-0000-7000-8000-000000000000";
    const c = await h.request("POST", `/marketing/sources/${unknown}/cancel`, {
      token: user.key,
      idempotencyKey: idem(),
      body: {},
    });
    expect(c.status).toBe(404);
    const d = await h.request("DELETE", `/marketing/sources/${unknown}`, { token: user.key, idempotencyKey: idem() });
    expect(d.status).toBe(404);
  });

  it("cancel with nothing in flight is 409 already_settled with the last inspection's state", async () => {
    const id = await scanned();
    const res = await h.request("POST", `/marketing/sources/${id}/cancel`, {
      token: user.key,
      idempotencyKey: idem(),
      body: {},
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "already_settled", details: { state: "succeeded" } });
  });
});

describe("retention", () => {
  it("an expired source reads 200 with artifactsExpired and refuses a refresh with 410 source_expired", async () => {
    const id = await scanned();
    h.clock.advance(31 * 86_400_000);
    await sweepExpiredArtifacts(h.deps);
    const read = await get(id);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ state: "succeeded", artifactsExpired: true });
    expect((await get(`${id}?version=1`)).body.artifactsExpired).toBe(true);
    await refused(() => refresh(id), 410, "source_expired", { sourceId: id });
  });
});

describe("origin_daily_cap", () => {
  it("counts every scan and refresh of one origin per account and UTC day; 429 with Retry-After to the next midnight", async () => {
    h.clock.set("2026-12-30T23:00:00.000Z");
    const u = await h.user({ topupSeconds: 100 });
    const mk = (url: string) => create({ url }, u.key);
    // Render sources visit no site: never counted.
    const renderId = await seedRender(h, u.id, { url: "https://capped.example/" });
    const fromRender = await create({ renderId }, u.key);
    expect(fromRender.status, JSON.stringify(fromRender.body)).toBe(202);
    await h.drain();
    // A failed scan counts too: it visited the site.
    sources.next({ outcome: "unreadable" });
    expect((await mk("https://capped.example/a")).status).toBe(202);
    await h.drain();
    const second = await mk("https://capped.example/b");
    expect(second.status).toBe(202);
    await h.drain();
    const res = await refused(
      () => mk("https://capped.example/c"),
      429,
      "origin_daily_cap",
      { origin: "https://capped.example", limit: CAP, resetAt: "2026-12-31T00:00:00.000Z" },
      u.id,
    );
    expect(res.headers["retry-after"]).toBe("3600");
    await refused(() => refresh(second.body.id, {}, u.key), 429, "origin_daily_cap", undefined, u.id);
    // Another origin (scheme, host and port), another account: their own counts.
    expect((await mk("https://free.example/")).status).toBe(202);
    expect((await mk("http://capped.example/")).status).toBe(202);
    expect((await create({ url: "https://capped.example/" })).status).toBe(202);
    await h.drain();
    // The next UTC day starts a new count.
    h.clock.set("2026-12-31T00:00:01.000Z");
    expect((await mk("https://capped.example/d")).status).toBe(202);
    await h.drain();
  });
});
