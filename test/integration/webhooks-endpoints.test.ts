import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness, idem } from "../../src/testutil/harness.js";
import { EVENT_TYPES } from "../../src/webhooks/index.js";
import { staticResolver } from "../support/static-resolver.js";

// Endpoint management through HTTP. Workers are off: nothing is ever sent from this file, so the
// public addresses in the resolver table below are never connected to. Deliveries: webhooks-delivery.test.ts.

const PUBLIC = "93.184.216.34";
const RESOLVE: Record<string, string[]> = {
  "hooks.example.com": [PUBLIC],
  "api.example.org": [PUBLIC, "2606:2800:220:1:248:1893:25c8:1946"],
  "internal.example.com": ["10.1.2.3"],
  "loopback.example.com": ["127.0.0.1"],
  "metadata.example.com": ["169.254.169.254"],
  "partly.example.com": [PUBLIC, "192.168.1.10"],
  "cgnat.example.com": ["100.64.0.1"],
  "mapped.example.com": ["::ffff:10.0.0.1"],
  "ula.example.com": ["fd00::1"],
  "denied.example": [PUBLIC],
  "api.denied.example": [PUBLIC],
  "notdenied.example": [PUBLIC],
};

type User = Awaited<ReturnType<Harness["user"]>>;
let h: Harness;
let user: User;
beforeAll(async () => {
  h = await Harness.start({
    workers: false,
    rateStore: "memory",
    resolver: staticResolver(RESOLVE),
    config: { allowPrivateHosts: ["127.0.0.1"], webhookDenyHosts: ["denied.example"] },
  });
  user = await h.user();
});
afterAll(() => h.close());

const URL_OK = "https://hooks.example.com/x";
const post = (path: string, body: unknown, token = user.key, key = idem()) =>
  h.request("POST", path, { token, idempotencyKey: key, body });
const create = (body: Record<string, unknown> = {}, token = user.key) =>
  post("/webhooks", { url: URL_OK, events: ["render.succeeded"], ...body }, token);
const get = (id: string, token = user.key) => h.request("GET", `/webhooks/${id}`, { token });
const list = (token = user.key, query = "") => h.request("GET", `/webhooks${query}`, { token });
const patch = (id: string, body: unknown, token = user.key) =>
  h.request("PATCH", `/webhooks/${id}`, { token, idempotencyKey: idem(), body });
const del = (id: string, token = user.key) =>
  h.request("DELETE", `/webhooks/${id}`, { token, idempotencyKey: idem(), body: {} });
const sendTest = (id: string, token = user.key) => post(`/webhooks/${id}/test`, {}, token);
const deliveries = (id: string, token = user.key) => h.request("GET", `/webhooks/${id}/deliveries`, { token });
const endpointRows = (accountId: string) =>
  h.db.kysely.selectFrom("webhook_endpoints").selectAll().where("account_id", "=", accountId).orderBy("id").execute();
const deliveryRows = (endpointId: string) =>
  h.db.kysely.selectFrom("webhook_deliveries").selectAll().where("endpoint_id", "=", endpointId).execute();
const issueOf = (res: { body: any }) => res.body.error.details.issues[0];
const tick = () => h.clock.advance(1000);

/** A refused registration: status, code, details exactly, and no endpoint row added or changed. */
async function refusedCreate(u: User, url: string, status: number, code: string, details?: Record<string, unknown>) {
  const before = await endpointRows(u.id);
  const res = await create({ url }, u.key);
  expect({ url, status: res.status, code: res.body?.error?.code }).toEqual({ url, status, code });
  if (details) expect(res.body.error.details).toEqual(details);
  expect(await endpointRows(u.id)).toEqual(before);
  return res;
}

describe("POST /webhooks", () => {
  it("registers an endpoint: 201 with a one-time whsec_ secret, every field, Location", async () => {
    const key = idem();
    const res = await post(
      "/webhooks",
      { url: URL_OK, events: ["render.succeeded", "render.failed"], description: "prod receiver" },
      user.key,
      key,
    );
    expect(res.status).toBe(201);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const { secret, endpoint } = res.body;
    expect(Object.keys(res.body).sort()).toEqual(["endpoint", "secret"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const now = h.clock.now().toISOString();
    expect(endpoint).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: URL_OK,
      events: ["render.succeeded", "render.failed"],
      description: "prod receiver",
      status: "active",
      failureStreak: 0,
      disabledAt: null,
      disabledReason: null,
      lastDeliveryAt: null,
      createdAt: now,
      updatedAt: now,
    });
    expect(res.headers.location).toBe(`/api/v1/webhooks/${endpoint.id}`);

    // Shown once: never in a read, and not stored in the clear.
    const read = await get(endpoint.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(endpoint);
    expect(read.text).not.toContain(secret.slice(6));
    expect((await list()).text).not.toContain(secret.slice(6));
    const [row] = (await endpointRows(user.id)).filter((r) => r.id === endpoint.id);
    expect(row?.idempotency_key).toBe(key);
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
  });

  it("takes description as optional (null when left out)", async () => {
    const res = await create({ events: ["storyboard.failed"] });
    expect(res.status).toBe(201);
    expect(res.body.endpoint).toMatchObject({ description: null, events: ["storyboard.failed"] });
  });

  it("accepts every one of the 16 event names", async () => {
    expect(EVENT_TYPES).toHaveLength(16);
    const res = await create({ events: [...EVENT_TYPES] });
    expect(res.status).toBe(201);
    expect(res.body.endpoint.events).toEqual([...EVENT_TYPES]);
  });

  it("requires at least one event and refuses unknown names (validation_failed), creating nothing", async () => {
    const u = await h.user();
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ url: URL_OK }, { path: "body.events", code: "required" }],
      [
        { url: URL_OK, events: [] },
        { path: "body.events", code: "min_items" },
      ],
      [
        { url: URL_OK, events: ["render.started"] },
        { path: "body.events[0]", code: "enum" },
      ],
      [
        { url: URL_OK, events: ["render.succeeded", "render.running"] },
        { path: "body.events[1]", code: "enum" },
      ],
      [{ url: URL_OK, events: ["render.succeeded", "render.succeeded"] }, { code: "unique_items" }],
      [{ events: ["render.succeeded"] }, { path: "body.url", code: "required" }],
      [
        { url: URL_OK, events: ["render.succeeded"], secret: "whsec_mine" },
        { path: "body.secret", code: "unknown_field" },
      ],
    ];
    for (const [body, issue] of cases) {
      const res = await post("/webhooks", body, u.key);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(issueOf(res)).toMatchObject(issue);
    }
    expect(await endpointRows(u.id)).toEqual([]);
  });

  it("refuses malformed URLs with 400 webhook_url_invalid and details.reason", async () => {
    const u = await h.user();
    const cases: [string, string][] = [
      ["https://hooks/x", "bare_host"],
      ["http://intranet:8080/hook", "bare_host"],
      ["https://user:pass@hooks.example.com/x", "credentials"],
      ["https://user@hooks.example.com/x", "credentials"],
      ["https://hooks.example.com/x#frag", "fragment"],
      ["https://hooks.example.com/x#", "fragment"],
      ["ftp://hooks.example.com/x", "scheme"],
      ["javascript:alert(1)", "scheme"],
      ["not a url", "malformed"],
      [`https://hooks.example.com/${"a".repeat(2049 - 26)}`, "too_long"],
      // Percent-encoding makes it longer than 2048 on the wire although it was typed shorter.
      [`https://hooks.example.com/${"é".repeat(400)}`, "too_long"],
    ];
    for (const [url, reason] of cases) await refusedCreate(u, url, 400, "webhook_url_invalid", { reason });
    // The limit is inclusive: exactly 2048 characters is fine.
    const longest = `https://hooks.example.com/${"a".repeat(2048 - 26)}`;
    expect(longest).toHaveLength(2048);
    expect((await create({ url: longest }, u.key)).status).toBe(201);
  });

  it("refuses private, loopback, link-local, CGNAT and mapped addresses (names and literals): webhook_url_blocked", async () => {
    const u = await h.user();
    const cases: [string, string, string][] = [
      ["https://internal.example.com/x", "private", "internal.example.com"],
      ["https://loopback.example.com/x", "loopback", "loopback.example.com"],
      ["https://metadata.example.com/x", "link_local", "metadata.example.com"],
      ["https://partly.example.com/x", "private", "partly.example.com"], // one private answer of two
      ["https://cgnat.example.com/x", "carrier_grade_nat", "cgnat.example.com"],
      ["https://mapped.example.com/x", "ipv4_mapped_ipv6", "mapped.example.com"],
      ["https://ula.example.com/x", "private", "ula.example.com"],
      ["http://10.0.0.1/x", "private", "10.0.0.1"],
      ["http://192.168.0.10:8080/x", "private", "192.168.0.10"],
      ["http://127.0.0.2/x", "loopback", "127.0.0.2"], // only 127.0.0.1 is on the test allow-list
      ["http://[::1]/x", "loopback", "[::1]"],
      ["http://169.254.169.254/latest/meta-data", "link_local", "169.254.169.254"],
      ["http://[::ffff:7f00:1]/x", "ipv4_mapped_ipv6", "[::ffff:7f00:1]"],
    ];
    for (const [url, reason, host] of cases) await refusedCreate(u, url, 400, "webhook_url_blocked", { reason, host });
  });

  it("refuses a name that does not resolve: webhook_url_blocked", async () => {
    const u = await h.user();
    await refusedCreate(u, "https://nowhere.example.com/x", 400, "webhook_url_blocked", {
      reason: "unresolvable",
      host: "nowhere.example.com",
    });
  });

  it("refuses denylisted hosts and their subdomains: webhook_host_denied", async () => {
    const u = await h.user();
    await refusedCreate(u, "https://denied.example/x", 400, "webhook_host_denied", { host: "denied.example" });
    await refusedCreate(u, "https://api.denied.example/x", 400, "webhook_host_denied", { host: "api.denied.example" });
    const res = await refusedCreate(u, "https://API.Denied.Example./x", 400, "webhook_host_denied");
    expect(res.body.error.details.host).toMatch(/^api\.denied\.example\.?$/);
    // A name that merely ends in the same letters is not a subdomain.
    expect((await create({ url: "https://notdenied.example/x" }, u.key)).status).toBe(201);
  });

  it("in test mode takes http, any port and the allow-listed 127.0.0.1", async () => {
    const u = await h.user();
    for (const url of ["http://hooks.example.com:8080/x", "http://127.0.0.1:9/hook", "https://api.example.org/x"]) {
      const res = await create({ url }, u.key);
      expect(res.status).toBe(201);
      expect(res.body.endpoint.url).toBe(url);
    }
  });

  it("in production refuses http and non-default ports, and has no allow-list", async () => {
    const prod = await Harness.start({
      workers: false,
      rateStore: "memory",
      resolver: staticResolver({ "hooks.example.com": [PUBLIC] }),
      config: { env: "production", allowPrivateHosts: [], vaultKey: randomBytes(32).toString("base64") },
    });
    try {
      const u = await prod.user();
      const make = (url: string) =>
        prod.request("POST", "/webhooks", {
          token: u.key,
          idempotencyKey: idem(),
          body: { url, events: ["render.succeeded"] },
        });
      const rows = () =>
        prod.db.kysely.selectFrom("webhook_endpoints").select("id").where("account_id", "=", u.id).execute();
      const cases: [string, number, string, Record<string, unknown>][] = [
        ["http://hooks.example.com/x", 400, "webhook_url_invalid", { reason: "scheme" }],
        ["https://hooks.example.com:8443/x", 400, "webhook_url_invalid", { reason: "port" }],
        ["https://127.0.0.1/x", 400, "webhook_url_blocked", { reason: "loopback", host: "127.0.0.1" }],
      ];
      for (const [url, status, code, details] of cases) {
        const res = await make(url);
        expect({ url, status: res.status, code: res.body.error?.code }).toEqual({ url, status, code });
        expect(res.body.error.details).toEqual(details);
      }
      expect(await rows()).toEqual([]);
      const ok = await make("https://hooks.example.com:443/x"); // the default port, written out
      expect(ok.status).toBe(201);
      expect(ok.body.endpoint.url).toBe("https://hooks.example.com:443/x");
    } finally {
      await prod.close();
    }
  });

  it("replays a registration under the same Idempotency-Key without creating a second endpoint", async () => {
    const u = await h.user();
    const key = idem();
    const body = { url: URL_OK, events: ["render.failed"] };
    const first = await post("/webhooks", body, u.key, key);
    const again = await post("/webhooks", body, u.key, key);
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body.endpoint.id).toBe(first.body.endpoint.id);
    expect(await endpointRows(u.id)).toHaveLength(1);
  });

  it("needs the webhooks:manage scope", async () => {
    const u = await h.account();
    const { secret } = await h.key(u.id, ["account:read"]);
    const res = await create({}, secret);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden_scope");
    expect(res.body.error.details.missingScopes).toEqual(["webhooks:manage"]);
    expect(await endpointRows(u.id)).toEqual([]);
  });
});

describe("the 10-active cap", () => {
  it("refuses the 11th active endpoint, counts only active ones, and checks re-enabling against it", async () => {
    const u = await h.user();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++)
      ids.push((await create({ url: `https://hooks.example.com/${i}` }, u.key)).body.endpoint.id);
    const full = await refusedCreate(u, "https://hooks.example.com/11", 409, "too_many_endpoints", {
      max: 10,
      active: 10,
    });
    expect(full.body.error.requestId).toEqual(expect.any(String));

    // A disabled endpoint does not count: one more fits.
    const first = ids[0] as string;
    expect((await patch(first, { status: "disabled" }, u.key)).body.status).toBe("disabled");
    const eleventh = await create({ url: "https://hooks.example.com/11" }, u.key);
    expect(eleventh.status).toBe(201);
    expect((await endpointRows(u.id)).filter((r) => r.status === "active")).toHaveLength(10);

    // Re-enabling would make 11: refused, nothing changes.
    const before = await get(first, u.key);
    const again = await patch(first, { status: "active", description: "back" }, u.key);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "too_many_endpoints", details: { max: 10, active: 10 } });
    expect(await get(first, u.key)).toMatchObject({ body: before.body });

    // Once a slot is free, it can come back.
    expect((await del(eleventh.body.endpoint.id, u.key)).status).toBe(200);
    const back = await patch(first, { status: "active" }, u.key);
    expect(back.status).toBe(200);
    expect(back.body.status).toBe("active");
  });
});

describe("GET /webhooks and GET /webhooks/{id}", () => {
  it("lists every endpoint newest first, disabled ones included, a page at a time", async () => {
    const u = await h.user();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      tick();
      made.push((await create({ url: `https://hooks.example.com/l${i}` }, u.key)).body.endpoint.id);
    }
    await patch(made[1] as string, { status: "disabled" }, u.key);
    const newestFirst = [...made].reverse();

    const all = await list(u.key);
    expect(all.status).toBe(200);
    expect(all.body.nextCursor).toBeNull();
    expect(all.body.data.map((e: { id: string }) => e.id)).toEqual(newestFirst);
    expect(all.body.data[3]).toMatchObject({ id: made[1], status: "disabled" });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = `?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await list(u.key, q);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((e: { id: string }) => e.id));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst);

    expect((await list(u.key, "?limit=0")).body.error.code).toBe("validation_failed");
    expect((await list(u.key, "?limit=101")).body.error.code).toBe("validation_failed");
    expect((await list(u.key, "?cursor=nonsense")).body.error.code).toBe("invalid_cursor");
  });

  it("answers 404 for an unknown id and for another account's endpoint, on every operation", async () => {
    const owner = await h.user();
    const other = await h.user();
    const id = (await create({}, owner.key)).body.endpoint.id as string;
    const before = await endpointRows(owner.id);
    const answers = [
      await get(id, other.key),
      await patch(id, { description: "mine now" }, other.key),
      await patch(id, { status: "disabled" }, other.key),
      await del(id, other.key),
      await sendTest(id, other.key),
      await deliveries(id, other.key),
      await get("0190a5b4-0000-7000-8000-000000000000", owner.key),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await list(other.key)).body.data).toEqual([]);
    expect(await endpointRows(owner.id)).toEqual(before);
    expect(await deliveryRows(id)).toEqual([]);
  });
});

describe("PATCH /webhooks/{id}", () => {
  it("checks a new url like a registration, changing nothing when refused", async () => {
    const u = await h.user();
    const id = (await create({}, u.key)).body.endpoint.id as string;
    const before = await endpointRows(u.id);
    const cases: [string, string, Record<string, unknown>][] = [
      ["https://hooks/x", "webhook_url_invalid", { reason: "bare_host" }],
      ["https://internal.example.com/x", "webhook_url_blocked", { reason: "private", host: "internal.example.com" }],
      ["https://nowhere.example.com/x", "webhook_url_blocked", { reason: "unresolvable", host: "nowhere.example.com" }],
      ["https://api.denied.example/x", "webhook_host_denied", { host: "api.denied.example" }],
      ["https://hooks.example.com/x#f", "webhook_url_invalid", { reason: "fragment" }],
    ];
    for (const [url, code, details] of cases) {
      const res = await patch(id, { url, description: "changed" }, u.key);
      expect({ url, status: res.status, code: res.body.error?.code }).toEqual({ url, status: 400, code });
      expect(res.body.error.details).toEqual(details);
    }
    expect(await endpointRows(u.id)).toEqual(before);

    tick();
    const res = await patch(id, { url: "https://api.example.org/hooks" }, u.key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ url: "https://api.example.org/hooks", updatedAt: h.clock.now().toISOString() });
    expect(res.body.createdAt).toBe(before[0]?.created_at);
    expect((await get(id, u.key)).body).toEqual(res.body);
  });

  it("changes events and description (null clears it); refuses an empty or invalid change", async () => {
    const u = await h.user();
    const id = (await create({ description: "first" }, u.key)).body.endpoint.id as string;
    const res = await patch(id, { events: ["storyboard.succeeded", "webhook.test"], description: null }, u.key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ events: ["storyboard.succeeded", "webhook.test"], description: null });
    const before = await endpointRows(u.id);
    for (const body of [{}, { events: [] }, { events: ["nope"] }, { status: "paused" }, { secret: "x" }]) {
      const bad = await patch(id, body, u.key);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("validation_failed");
    }
    expect(await endpointRows(u.id)).toEqual(before);
  });

  it("disabling settles the pending deliveries as failed; a disabled endpoint refuses tests (409)", async () => {
    const u = await h.user();
    const id = (await create({}, u.key)).body.endpoint.id as string;
    const sent = await sendTest(id, u.key); // workers are off: it stays pending
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ deliveryId: expect.any(String), eventId: expect.any(String) });
    const pending = (await deliveries(id, u.key)).body.data;
    expect(pending).toEqual([
      expect.objectContaining({ id: sent.body.deliveryId, eventId: sent.body.eventId, status: "pending", attempt: 1 }),
    ]);

    tick();
    const res = await patch(id, { status: "disabled" }, u.key);
    expect(res.status).toBe(200);
    const now = h.clock.now().toISOString();
    expect(res.body).toMatchObject({ status: "disabled", disabledAt: now, updatedAt: now });
    const log = (await deliveries(id, u.key)).body.data;
    expect(log).toEqual([
      expect.objectContaining({ id: sent.body.deliveryId, status: "failed", nextAttemptAt: null, deliveredAt: null }),
    ]);
    expect(log[0].lastError).toEqual(expect.any(String));

    const events = () => h.db.kysely.selectFrom("webhook_events").select("id").where("account_id", "=", u.id).execute();
    const eventsBefore = await events();
    const refused = await sendTest(id, u.key);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("webhook_endpoint_disabled");
    expect(await events()).toEqual(eventsBefore);
    expect(await deliveryRows(id)).toHaveLength(1);
  });

  it("re-enabling resets failureStreak, disabledAt and disabledReason", async () => {
    const u = await h.user();
    const id = (await create({}, u.key)).body.endpoint.id as string;
    // As the dispatcher leaves an endpoint it auto-disabled (webhooks-delivery.test.ts gets there for real).
    await h.db.kysely
      .updateTable("webhook_endpoints")
      .set({
        status: "disabled",
        failure_streak: 20,
        disabled_at: h.clock.now().toISOString(),
        disabled_reason: "consecutive_failures",
      })
      .where("id", "=", id)
      .execute();
    expect((await get(id, u.key)).body).toMatchObject({ status: "disabled", failureStreak: 20 });
    tick();
    const res = await patch(id, { status: "active" }, u.key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "active", failureStreak: 0, disabledAt: null, disabledReason: null });
    // Setting the status it already has changes nothing else.
    const same = await patch(id, { status: "active" }, u.key);
    expect(same.body).toMatchObject({ status: "active", failureStreak: 0 });
  });
});

describe("DELETE /webhooks/{id}", () => {
  it("removes the endpoint and its pending deliveries; it is gone afterwards", async () => {
    const u = await h.user();
    const keep = (await create({}, u.key)).body.endpoint.id as string;
    const id = (await create({}, u.key)).body.endpoint.id as string;
    await sendTest(id, u.key);
    await sendTest(id, u.key);
    await sendTest(keep, u.key);
    expect(await deliveryRows(id)).toHaveLength(2);

    const res = await del(id, u.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, deleted: true });
    expect(await deliveryRows(id)).toEqual([]);
    expect(await deliveryRows(keep)).toHaveLength(1);
    expect((await get(id, u.key)).status).toBe(404);
    expect((await deliveries(id, u.key)).status).toBe(404);
    expect((await del(id, u.key)).status).toBe(404);
    expect((await list(u.key)).body.data.map((e: { id: string }) => e.id)).toEqual([keep]);
  });
});
