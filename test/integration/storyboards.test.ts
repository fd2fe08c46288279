import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepExpiredArtifacts } from "../../src/jobs/sweeper.js";
import { BrowserPool, locate } from "../../src/media/browser/index.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { type Site, startSite } from "../support/site-server.js";
import { staticResolver } from "../support/static-resolver.js";

const RESOLVER = staticResolver({ "private.example": ["10.0.0.5"] });
const CONFIG = { allowPrivateHosts: ["127.0.0.1"] };

interface Beat {
  id: string;
  title: string;
  action: string;
  target: { role?: string; name?: string; css?: string } | null;
  url: string;
  value?: string;
  narration: string;
  estimatedSeconds: number;
}

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
let site: Site;
beforeAll(async () => {
  site = await startSite();
  h = await Harness.start({ config: CONFIG, resolver: RESOLVER, rateStore: "memory" });
  user = await h.user({ topupSeconds: 100 }); // top-ups never lapse: a test moves the clock by a month
});
afterAll(async () => {
  await h.close();
  await site.close();
});

const create = (body: unknown, token = user.key, key: string | null = idem()) =>
  h.request("POST", "/storyboards", { token, ...(key ? { idempotencyKey: key } : {}), body });
const get = (id: string, token = user.key) => h.request("GET", `/storyboards/${id}`, { token });
const cancel = (id: string, token = user.key) =>
  h.request("POST", `/storyboards/${id}/cancel`, { token, idempotencyKey: idem(), body: {} });
const list = async (token = user.key) => (await h.request("GET", "/storyboards?limit=100", { token })).body;

async function planOf(envelope: { result: { artifacts: { type: string; url: string }[] } }) {
  const artifact = envelope.result.artifacts.find((a) => a.type === "storyboard");
  const res = await h.app.inject({ method: "GET", url: (artifact?.url ?? "").replace(h.deps.config.publicUrl, "") });
  expect(res.statusCode).toBe(200);
  return JSON.parse(res.body) as {
    url: string;
    hint: string | null;
    options: Record<string, unknown>;
    signedIn: boolean;
    narrationLanguage: string;
    beats: Beat[];
  };
}

describe("storyboards: refusals (nothing created)", () => {
  let refused: Awaited<ReturnType<Harness["user"]>>;
  beforeAll(async () => {
    refused = await h.user();
  });

  const cases: [string, unknown, number, string, Record<string, unknown>?][] = [
    ["unparseable url", { url: "not a url" }, 400, "url_malformed"],
    ["unresolvable host", { url: "http://nowhere.example/" }, 400, "url_invalid"],
    ["ftp scheme", { url: "ftp://files.example/" }, 400, "url_invalid"],
    // The allow-listed host: only the port is wrong.
    ["port 0", { url: "http://127.0.0.1:0/" }, 400, "url_invalid", { reason: "port" }],
    ["private literal", { url: "http://192.168.1.10/" }, 400, "url_private"],
    ["host resolving privately", { url: "https://private.example/app" }, 400, "url_private"],
    [
      "public platform",
      { url: "https://www.youtube.com/watch?v=1" },
      400,
      "site_not_allowed",
      { reason: "public_platform" },
    ],
    ["public platform apex", { url: "https://x.com/" }, 400, "site_not_allowed", { reason: "public_platform" }],
    ["sensitive domain", { url: "https://www.pornhub.com/" }, 400, "site_not_allowed", { reason: "sensitive_topic" }],
    [
      "sensitive keyword",
      { url: "https://best-casino.example/" },
      400,
      "site_not_allowed",
      { reason: "sensitive_topic" },
    ],
    ["empty hint", { url: "https://site.example/", hint: "   " }, 400, "hint_required"],
    ["short hint", { url: "https://site.example/", hint: " ab " }, 400, "hint_required"],
    ["long hint", { url: "https://site.example/", hint: "a".repeat(1001) }, 400, "hint_too_long"],
    ["credentials field", { url: "https://site.example/", credentials: { email: "a@b.c" } }, 400, "validation_failed"],
    ["unknown field", { url: "https://site.example/", foo: 1 }, 400, "validation_failed"],
    ["missing url", {}, 400, "validation_failed"],
    ["url too long", { url: `https://site.example/${"a".repeat(2048)}` }, 400, "validation_failed"],
    ["unknown capture", { url: "https://site.example/", capture: "tv" }, 400, "capture_unknown"],
    [
      "phone in landscape",
      { url: "https://site.example/", capture: "phone", orientation: "landscape" },
      400,
      "capture_incompatible",
    ],
    ["unknown template", { url: "https://site.example/", templateId: "nope" }, 400, "template_unknown"],
    ["too short", { url: "https://site.example/", targetSeconds: 10 }, 400, "length_below_minimum"],
  ];
  for (const [name, body, status, code, details] of cases) {
    it(`refuses ${name}: ${status} ${code}`, async () => {
      const res = await create(body, refused.key);
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      if (details) expect(res.body.error.details).toMatchObject(details);
      expect((await list(refused.key)).data).toEqual([]);
    });
  }

  it("refuses without an Idempotency-Key (400 idempotency_key_required)", async () => {
    const res = await create({ url: `${site.url}/` }, refused.key, null);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("idempotency_key_required");
    expect((await list(refused.key)).data).toEqual([]);
  });

  it("refuses a key without storyboards:write (403 forbidden_scope), and reading without storyboards:read", async () => {
    const reader = await h.key(refused.id, ["storyboards:read"]);
    const res = await create({ url: `${site.url}/` }, reader.secret);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden_scope");
    const writer = await h.key(refused.id, ["storyboards:write"]);
    expect((await h.request("GET", "/storyboards", { token: writer.secret })).body.error.code).toBe("forbidden_scope");
    expect((await list(refused.key)).data).toEqual([]);
  });

  it("answers 404 for an unknown storyboard", async () => {
    const id = "01935f3e-0000-7000-8000-000000000000";
    expect((await get(id, refused.key)).body.error.code).toBe("not_found");
    expect((await cancel(id, refused.key)).body.error.code).toBe("not_found");
  });
});

describe("storyboards: queued cancel (no workers)", () => {
  let q: Harness;
  beforeAll(async () => {
    q = await Harness.start({ config: CONFIG, resolver: RESOLVER, rateStore: "memory", workers: false });
  });
  afterAll(() => q.close());

  it("creates a queued storyboard job (202, Location, 18 fields, nothing held) and cancels it off the queue", async () => {
    const u = await q.user();
    const key = idem();
    const res = await q.request("POST", "/storyboards", {
      token: u.key,
      idempotencyKey: key,
      body: { url: "http://127.0.0.1:9/", hint: "  show pricing  " },
    });
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/api/v1/storyboards/${res.body.id}`);
    expect(Object.keys(res.body)).toHaveLength(18);
    expect(res.body).toMatchObject({
      kind: "walkthrough.storyboard",
      state: "queued",
      cost: { secondsReserved: 0, secondsCharged: null, watermark: false },
      idempotencyKey: key,
      cancellable: true,
    });
    const again = await q.request("GET", `/storyboards/${res.body.id}`, { token: u.key });
    expect(again.body.state).toBe("queued");

    const other = await q.user();
    const foreign = await q.request("POST", `/storyboards/${res.body.id}/cancel`, {
      token: other.key,
      idempotencyKey: idem(),
      body: {},
    });
    expect(foreign.status).toBe(404);

    const cancelled = await q.request("POST", `/storyboards/${res.body.id}/cancel`, {
      token: u.key,
      idempotencyKey: idem(),
      body: {},
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.headers["cache-control"]).toBe("private, no-store");
    expect(cancelled.body.removedFromQueue).toBe(true);
    expect(cancelled.body.resource).toMatchObject({ id: res.body.id, state: "cancelled", cancellable: false });
    const twice = await q.request("POST", `/storyboards/${res.body.id}/cancel`, {
      token: u.key,
      idempotencyKey: idem(),
      body: {},
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("already_settled");
  });
});

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("storyboards: planning the fixture site", () => {
  let plain: { id: string; body: any };
  let beats: Beat[];

  it("plans the site: 202 + Location, drains to succeeded with a plan artifact and a screenshot per beat", async () => {
    const res = await create({ url: `${site.url}/` });
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/api/v1/storyboards/${res.body.id}`);
    await h.drain();
    const done = await get(res.body.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      state: "succeeded",
      error: null,
      cost: { secondsReserved: 0, secondsCharged: 0 },
    });
    expect(Object.keys(done.body)).toHaveLength(18);
    plain = { id: res.body.id, body: done.body };
    const plan = await planOf(done.body);
    beats = plan.beats;
    expect(plan.url).toBe(`${site.url}/`);
    expect(plan.options).toMatchObject({ capture: "desktop", orientation: "landscape" });
    expect(plan).toMatchObject({ signedIn: false, narrationLanguage: "en" });
    expect(beats.length).toBeGreaterThanOrEqual(4);
    expect(beats.length).toBeLessThanOrEqual(8);
    expect(beats.map((b) => b.id)).toEqual(beats.map((_, i) => `b${i + 1}`));
    expect(beats[0]).toMatchObject({ action: "navigate", target: null });
    expect(beats[0]?.narration).toMatch(/^Welcome to Acme Analytics\./);
    for (const b of beats) {
      expect(["navigate", "click", "type", "scroll", "hover"]).toContain(b.action);
      expect(b.estimatedSeconds).toBeGreaterThanOrEqual(3);
      expect(b.narration).toMatch(/[.!?]$/);
    }
    const actions = new Set(beats.map((b) => b.action));
    for (const a of ["click", "hover", "scroll"]) expect(actions).toContain(a);
    const total = Math.round(beats.reduce((s, b) => s + b.estimatedSeconds, 0) * 10) / 10;
    expect(done.body.result.durationSeconds).toBe(total);

    const shots = done.body.result.artifacts.filter((a: { type: string }) => a.type === "screenshot");
    expect(shots).toHaveLength(beats.length);
    const hashes = shots.map((a: { sha256: string }) => a.sha256);
    expect(new Set(hashes).size).toBe(hashes.length);
    const png = await h.app.inject({ method: "GET", url: shots[0].url.replace(h.deps.config.publicUrl, "") });
    expect(png.rawPayload.subarray(1, 4).toString()).toBe("PNG");
  });

  it("names targets that exist on the fixture (role and name, on the page the beat starts from)", async () => {
    const pool = new BrowserPool();
    try {
      const session = await pool.newSession({
        width: 1440,
        height: 900,
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
      });
      for (const [i, b] of beats.entries()) {
        if (i === 0) continue;
        expect(b.target?.role).toBeTruthy();
        expect(b.target?.name).toBeTruthy();
        await session.page.goto((beats[i - 1] as Beat).url, { waitUntil: "load" });
        expect(await locate(session.page, b.target ?? {}).count(), `${b.id} ${JSON.stringify(b.target)}`).toBe(1);
      }
      const clicks = beats.filter((b) => b.action === "click").map((b) => b.target?.name);
      expect(clicks).toEqual(expect.arrayContaining(["Features", "Pricing"]));
    } finally {
      await pool.close();
    }
  });

  it("a pricing hint puts the pricing beat first after the start", async () => {
    const res = await create({ url: `${site.url}/`, hint: "  Focus on pricing and plans  " });
    expect(res.status).toBe(202);
    await h.drain();
    const done = await get(res.body.id);
    expect(done.body.state).toBe("succeeded");
    const plan = await planOf(done.body);
    expect(plan.hint).toBe("Focus on pricing and plans");
    expect(plan.beats[0]?.action).toBe("navigate");
    expect(plan.beats[1]).toMatchObject({ action: "click", target: { role: "link", name: "Pricing" } });
    expect(plan.beats[1]?.url).toBe(`${site.url}/pricing`);
  });

  it("fails with url_invalid when the site cannot be opened", async () => {
    const res = await create({ url: "http://127.0.0.1:9/" });
    await h.drain();
    const done = await get(res.body.id);
    expect(done.body.state).toBe("failed");
    expect(done.body.error).toMatchObject({ code: "url_invalid", retryable: false, terminal: true });
  });

  it("cancel of a settled storyboard is 409 already_settled; another account gets 404", async () => {
    const res = await cancel(plain.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("already_settled");
    const other = await h.user();
    expect((await get(plain.id, other.key)).status).toBe(404);
    expect((await cancel(plain.id, other.key)).status).toBe(404);
    expect((await list(other.key)).data).toEqual([]);
  });

  it("lists newest first", async () => {
    const page = await list();
    const ids = page.data.map((e: { id: string }) => e.id);
    expect(ids.length).toBe(3);
    expect(ids[ids.length - 1]).toBe(plain.id);
    const created = page.data.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(page.data.every((e: { kind: string }) => e.kind === "walkthrough.storyboard")).toBe(true);
  });

  it("a succeeded storyboard past retention answers 410 storyboard_expired", async () => {
    h.clock.advance(31 * 86_400_000);
    await sweepExpiredArtifacts(h.deps);
    const res = await get(plain.id);
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe("storyboard_expired");
  });
});
