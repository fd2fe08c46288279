import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepCredentials } from "../../src/domains/storyboards/credentials.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { FIXED_VOICES, fixedCatalog } from "../support/catalogs.js";
import { seedStoryboard, siteBeats } from "../support/seed-storyboard.js";
import { staticResolver } from "../support/static-resolver.js";

/**
 * POST /storyboards/{id}/renders and POST /renders up to the job's creation (no workers run here):
 * every refusal the spec lists, with nothing created or held, and the 202/200 bodies.
 */

const RESOLVER = staticResolver({
  "site.example": ["93.184.216.34"],
  "login.example": ["93.184.216.35"],
  "idp.example": ["93.184.216.36"],
  "private.example": ["10.0.0.5"],
});
const CREDS = { loginUrl: "https://login.example/signin", username: "demo", password: "s3cret-pass" };
const OTHER_ID = "01935f3e-0000-7000-8000-000000000000";

let h: Harness;
beforeAll(async () => {
  // Fixed voices, whatever this machine has installed: the voice rules are tested the same everywhere.
  h = await Harness.start({ resolver: RESOLVER, rateStore: "memory", workers: false, catalog: fixedCatalog() });
});
afterAll(() => h.close());

type User = Awaited<ReturnType<Harness["user"]>>;
const fromStoryboard = (u: User, id: string, body?: unknown, key: string | null = idem()) =>
  h.request("POST", `/storyboards/${id}/renders`, {
    token: u.key,
    ...(key ? { idempotencyKey: key } : {}),
    ...(body === undefined ? {} : { body }),
  });
const fromUrl = (u: User, body: unknown, key: string | null = idem()) =>
  h.request("POST", "/renders", { token: u.key, ...(key ? { idempotencyKey: key } : {}), body });
const renders = async (u: User) =>
  (await h.request("GET", "/renders?limit=100", { token: u.key })).body.data as unknown[];
const wallet = async (u: User) => (await h.request("GET", "/wallet", { token: u.key })).body;

async function expectNothing(u: User, reservedBefore = 0) {
  expect(await renders(u)).toEqual([]);
  expect((await wallet(u)).reservedSeconds).toBe(reservedBefore);
}

describe("POST /storyboards/{id}/renders: refusals (nothing created, nothing held)", () => {
  let u: User;
  let ready: string;
  beforeAll(async () => {
    u = await h.user();
    ready = await seedStoryboard(h, u.id);
  });

  const bodyCases: [string, unknown, number, string, Record<string, unknown>?][] = [
    ["61 beat edits", { beats: Array.from({ length: 61 }, (_, i) => ({ beatId: `b${i}` })) }, 400, "validation_failed"],
    ["narration over 2000", { beats: [{ beatId: "b1", narration: "a".repeat(2001) }] }, 400, "validation_failed"],
    ["empty beatId", { beats: [{ beatId: "" }] }, 400, "validation_failed"],
    ["beatId over 64", { beats: [{ beatId: "b".repeat(65) }] }, 400, "validation_failed"],
    ["unknown field", { beats: [], colour: "red" }, 400, "validation_failed"],
    ["unknown beat field", { beats: [{ beatId: "b1", title: "x" }] }, 400, "validation_failed"],
    [
      "credentials without username",
      { credentials: { loginUrl: CREDS.loginUrl, password: "x" } },
      400,
      "validation_failed",
    ],
    [
      "a beat edited twice",
      { beats: [{ beatId: "b1" }, { beatId: "b1", hidden: true }] },
      400,
      "body_invalid",
      { reason: "duplicate_beat" },
    ],
    [
      "an empty narration",
      { beats: [{ beatId: "b2", narration: "   " }] },
      400,
      "body_invalid",
      { reason: "empty_narration" },
    ],
    [
      "a beat not on the storyboard",
      { beats: [{ beatId: "b9", hidden: true }] },
      400,
      "unknown_beat",
      { beatId: "b9" },
    ],
    [
      "every beat hidden",
      { beats: ["b1", "b2", "b3", "b4", "b5"].map((beatId) => ({ beatId, hidden: true })) },
      400,
      "no_beats",
    ],
    ["credentials without loginUrl", { credentials: { username: "demo", password: "x" } }, 400, "login_url_required"],
    [
      "a private login page",
      { credentials: { ...CREDS, loginUrl: "https://private.example/login" } },
      400,
      "login_url_invalid",
    ],
    ["an unparseable login page", { credentials: { ...CREDS, loginUrl: "not a url" } }, 400, "login_url_invalid"],
    ["a login page on ftp", { credentials: { ...CREDS, loginUrl: "ftp://login.example/" } }, 400, "login_url_invalid"],
    [
      "six additional origins",
      { credentials: { ...CREDS, additionalLoginOrigins: [1, 2, 3, 4, 5, 6].map((i) => `https://idp${i}.example`) } },
      400,
      "login_origins_invalid",
      { reason: "too_many" },
    ],
    [
      "an origin with a path",
      { credentials: { ...CREDS, additionalLoginOrigins: ["https://idp.example/oauth"] } },
      400,
      "login_origins_invalid",
    ],
    [
      "an origin that does not resolve",
      { credentials: { ...CREDS, additionalLoginOrigins: ["https://nowhere.example"] } },
      400,
      "login_origins_invalid",
    ],
  ];
  for (const [name, body, status, code, details] of bodyCases) {
    it(`refuses ${name}: ${status} ${code}`, async () => {
      // Its own account: refusals made by the operation count against the charge class's 20 a minute.
      const own = await h.user();
      const res = await fromStoryboard(own, await seedStoryboard(h, own.id), body);
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      if (details) expect(res.body.error.details).toMatchObject(details);
      await expectNothing(own);
    });
  }

  it("refuses a storyboard still planning (409 conflict), failed or cancelled ones (storyboard_empty), an empty plan, and an expired one (410)", async () => {
    const running = await seedStoryboard(h, u.id, { state: "running" });
    const r1 = await fromStoryboard(u, running);
    expect([r1.status, r1.body.error.code, r1.body.error.details.state]).toEqual([409, "conflict", "running"]);
    for (const state of ["failed", "cancelled"] as const) {
      const id = await seedStoryboard(h, u.id, { state });
      const res = await fromStoryboard(u, id);
      expect([res.status, res.body.error.code]).toEqual([400, "storyboard_empty"]);
    }
    const empty = await seedStoryboard(h, u.id, { beats: [] });
    expect((await fromStoryboard(u, empty)).body.error.code).toBe("storyboard_empty");
    const expired = await seedStoryboard(h, u.id, { expired: true });
    const r2 = await fromStoryboard(u, expired);
    expect([r2.status, r2.body.error.code]).toEqual([410, "storyboard_expired"]);
    await expectNothing(u);
  });

  it("answers 404 for an unknown storyboard and for another account's", async () => {
    const other = await h.user();
    const theirs = await seedStoryboard(h, other.id);
    for (const id of [OTHER_ID, theirs]) {
      const res = await fromStoryboard(u, id);
      expect([res.status, res.body.error.code]).toEqual([404, "not_found"]);
    }
    await expectNothing(u);
  });

  it("refuses an unverified email (403 email_unverified) before the operation runs", async () => {
    const unverified = await h.user({ verified: false });
    const mine = await seedStoryboard(h, unverified.id);
    for (const id of [mine, OTHER_ID]) {
      const res = await fromStoryboard(unverified, id, { beats: [{ beatId: "nope" }] });
      expect([res.status, res.body.error.code]).toEqual([403, "email_unverified"]);
    }
    await expectNothing(unverified);
  });

  it("refuses without renders:write (403 forbidden_scope) and without an Idempotency-Key", async () => {
    const reader = await h.key(u.id, ["renders:read", "storyboards:read"]);
    const res = await h.request("POST", `/storyboards/${ready}/renders`, {
      token: reader.secret,
      idempotencyKey: idem(),
    });
    expect([res.status, res.body.error.code]).toEqual([403, "forbidden_scope"]);
    const none = await fromStoryboard(u, ready, {}, null);
    expect([none.status, none.body.error.code]).toEqual([400, "idempotency_key_required"]);
    await expectNothing(u);
  });

  it("refuses a storyboard planned signed in whose credentials are gone (credentials_required)", async () => {
    const signedIn = await seedStoryboard(h, u.id, { signedIn: true });
    const res = await fromStoryboard(u, signedIn);
    expect([res.status, res.body.error.code]).toEqual([400, "credentials_required"]);
    await expectNothing(u);
  });

  it("refuses options the catalogue no longer resolves (voice_unknown), with the storyboard's own values", async () => {
    const stale = await seedStoryboard(h, u.id, { options: { voiceId: "espeak-ng:retired" } });
    const res = await fromStoryboard(u, stale);
    expect([res.status, res.body.error.code]).toEqual([400, "voice_unknown"]);
    await expectNothing(u);
  });

  const optionCases: [string, Record<string, unknown>, string][] = [
    ["a background", { background: "plaid" }, "background_unknown"],
    ["a caption style", { captionStyle: "comic" }, "caption_style_unknown"],
    ["a capture", { capture: "tv" }, "capture_unknown"],
    ["phone capture in landscape", { capture: "phone", orientation: "landscape" }, "capture_incompatible"],
    ["a language", { language: "xx-XX" }, "language_unknown"],
    ["an orientation", { orientation: "diagonal" }, "orientation_unknown"],
    ["a length under 30 seconds", { targetSeconds: 20 }, "length_below_minimum"],
    ["a fixed length and an Auto ceiling together", { targetSeconds: 60, maxSeconds: 90 }, "options_invalid"],
  ];
  for (const [name, options, code] of optionCases) {
    it(`refuses inherited options the catalogue no longer resolves: ${name} (${code})`, async () => {
      const own = await h.user();
      const res = await fromStoryboard(own, await seedStoryboard(h, own.id, { options }));
      expect([res.status, res.body.error.code]).toEqual([400, code]);
      await expectNothing(own);
    });
  }

  it("refuses a voice that does not speak the storyboard's language (voice_language)", async () => {
    const own = await h.user();
    const id = await seedStoryboard(h, own.id, { options: { voiceId: FIXED_VOICES.french, language: "en-US" } });
    const res = await fromStoryboard(own, id);
    expect([res.status, res.body.error.code]).toEqual([400, "voice_language"]);
    await expectNothing(own);
  });

  it("answers the cross-cutting refusals: 401, 415, 413, 409 idempotency_conflict (nothing created)", async () => {
    const own = await h.user();
    const id = await seedStoryboard(h, own.id);
    const path = `/storyboards/${id}/renders`;
    const anon = await h.request("POST", path, { idempotencyKey: idem(), body: {} });
    expect([anon.status, anon.body.error.code]).toEqual([401, "unauthorized"]);
    const text = await h.app.inject({
      method: "POST",
      url: `/api/v1${path}`,
      headers: { authorization: `Bearer ${own.key}`, "idempotency-key": idem(), "content-type": "text/plain" },
      payload: "{}",
    });
    expect([text.statusCode, JSON.parse(text.body).error.code]).toEqual([415, "unsupported_media_type"]);
    const big = await fromStoryboard(own, id, {
      beats: [{ beatId: "b1", narration: "x".repeat(2000) }],
      pad: "y".repeat(300_000),
    });
    expect([big.status, big.body.error.code]).toEqual([413, "payload_too_large"]);
    const key = idem();
    expect((await fromStoryboard(own, id, { beats: [{ beatId: "b1", hidden: false }] }, key)).status).toBe(202);
    const conflict = await fromStoryboard(own, id, { beats: [{ beatId: "b2", hidden: true }] }, key);
    expect([conflict.status, conflict.body.error.code]).toEqual([409, "idempotency_conflict"]);
    expect(await renders(own)).toHaveLength(1);
  });

  it("answers 503 vault_unavailable when credentials cannot be sealed, and 503 wallet_unavailable when the database is busy", async () => {
    const own = await h.user();
    const id = await seedStoryboard(h, own.id);
    const vault = h.deps.vault;
    const seal = vault.seal;
    vault.seal = () => {
      throw new Error("key store offline");
    };
    try {
      const res = await fromStoryboard(own, id, { credentials: CREDS });
      expect([res.status, res.body.error.code, res.headers["retry-after"]]).toEqual([503, "vault_unavailable", "2"]);
    } finally {
      vault.seal = seal;
    }
    const db = h.deps.db.kysely;
    const transaction = db.transaction;
    (db as { transaction: unknown }).transaction = () => ({
      execute: async () => {
        throw Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
      },
    });
    try {
      const res = await fromStoryboard(own, id);
      expect([res.status, res.body.error.code, res.headers["retry-after"]]).toEqual([503, "wallet_unavailable", "2"]);
    } finally {
      (db as { transaction: unknown }).transaction = transaction;
    }
    await expectNothing(own);
    expect(
      await h.deps.db.kysely.selectFrom("walkthrough_credentials").selectAll().where("owner_id", "=", id).execute(),
    ).toEqual([]);
  });

  it("refuses a presenter switched off (avatar_unavailable) or unknown (avatar_unknown) in the storyboard's options", async () => {
    const u = await h.user();
    for (const [avatar, code] of [
      ["presenter", "avatar_unavailable"],
      ["robot", "avatar_unknown"],
    ] as const) {
      const id = await seedStoryboard(h, u.id, { options: { avatar } });
      const res = await fromStoryboard(u, id);
      expect([res.status, res.body.error.code]).toEqual([400, code]);
    }
    await expectNothing(u);
  });

  it("refuses a balance that cannot hold 30 seconds (402 insufficient_seconds with needed and available)", async () => {
    const poor = await h.user({ paid: false, topupSeconds: 10 });
    const id = await seedStoryboard(h, poor.id, { options: { targetSeconds: 60 } });
    const res = await fromStoryboard(poor, id);
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: "insufficient_seconds", details: { needed: 50, available: 10 } });
    await expectNothing(poor);
    expect((await wallet(poor)).availableSeconds).toBe(10);
  });

  it("refuses a fourth render in flight (409 too_many_in_flight with limit and inFlight)", async () => {
    const busy = await h.user();
    const id = await seedStoryboard(h, busy.id, { options: { targetSeconds: 30 } });
    for (let i = 0; i < 3; i++) expect((await fromStoryboard(busy, id)).status).toBe(202);
    const held = (await wallet(busy)).reservedSeconds;
    expect(held).toBe(90);
    const res = await fromStoryboard(busy, id);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "too_many_in_flight", details: { limit: 3, inFlight: 3 } });
    expect(await renders(busy)).toHaveLength(3);
    expect((await wallet(busy)).reservedSeconds).toBe(held);
  });
});

describe("POST /storyboards/{id}/renders: accepted", () => {
  it("queues a render (202, Location, 18-field envelope) holding the Auto ceiling; lengthFit null without a named length", async () => {
    const u = await h.user();
    const id = await seedStoryboard(h, u.id);
    const key = idem();
    const res = await fromStoryboard(u, id, undefined, key);
    expect(res.status).toBe(202);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers.location).toBe(`/api/v1/renders/${res.body.resource.id}`);
    expect(res.body).toMatchObject({ created: true, credentialSource: null, lengthFit: null });
    expect(Object.keys(res.body.resource)).toHaveLength(18);
    expect(res.body.resource).toMatchObject({
      kind: "walkthrough.render",
      state: "queued",
      cancellable: true,
      idempotencyKey: key,
      cost: { secondsReserved: 120, secondsCharged: null, watermark: false },
    });
    expect((await wallet(u)).reservedSeconds).toBe(120);

    const again = await fromStoryboard(u, id, undefined, key);
    expect(again.status).toBe(202);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers.location).toBe(res.headers.location);
    expect(again.body.resource.id).toBe(res.body.resource.id);
    expect((await wallet(u)).reservedSeconds).toBe(120);

    const dl = await h.request("GET", `/renders/${res.body.resource.id}/download`, { token: u.key });
    expect([dl.status, dl.body.error.code, dl.body.error.details.state]).toEqual([409, "not_ready", "queued"]);
  });

  it("fits the beats to a named length (lengthFit, all 11 fields) after edits, cutting from the end", async () => {
    const u = await h.user();
    const beats = siteBeats("https://site.example").map((b) => ({ ...b, estimatedSeconds: 12 }));
    const id = await seedStoryboard(h, u.id, { beats, options: { targetSeconds: 30 } });
    const res = await fromStoryboard(u, id, {
      beats: [
        { beatId: "b2", hidden: true },
        { beatId: "b3", narration: "Pricing fits every team, from a free plan to enterprise." },
        { beatId: "b4", narration: null },
      ],
    });
    expect(res.status).toBe(202);
    // Shown: b1 (12 s), b3 (its new, shorter line: 4.0 s at 2.5 words a second), b4 (12 s), b5 (12 s): three fit in 30.
    expect(res.body.lengthFit).toEqual({
      adjusted: true,
      beatBudget: 3,
      beatsDropped: 1,
      beatsKept: 3,
      beatsPlanned: 4,
      cappedFromSeconds: null,
      maxSeconds: null,
      note: "1 step was left out to fit 30 seconds; 3 of 4 are shown.",
      plannedSeconds: 28,
      seconds: 30,
      targetSeconds: 30,
    });
    expect(res.body.resource.cost.secondsReserved).toBe(30);
    const stored = await h.deps.db.kysely
      .selectFrom("jobs")
      .select("input")
      .where("id", "=", res.body.resource.id)
      .executeTakeFirstOrThrow();
    const input = JSON.parse(stored.input);
    // b2 is performed off camera (it leads to the page b3 starts on); b5 is not replayed at all.
    expect(input.beats.map((b: { id: string; hidden: boolean }) => [b.id, b.hidden])).toEqual([
      ["b1", false],
      ["b2", true],
      ["b3", false],
      ["b4", false],
    ]);
    expect(input.beats[2].narration).toBe("Pricing fits every team, from a free plan to enterprise.");
  });

  it("holds nothing, caps at 60 seconds and watermarks on the free tier", async () => {
    const free = await h.user({ paid: false });
    const id = await seedStoryboard(h, free.id, { options: { targetSeconds: 90 } });
    // API keys need a paid account; the free tier renders from the dashboard (a session).
    const res = await fromStoryboard({ ...free, key: free.session }, id);
    expect(res.status).toBe(202);
    expect(res.body.resource.cost).toEqual({ secondsReserved: 0, secondsCharged: null, watermark: true });
    expect(res.body.lengthFit).toMatchObject({ seconds: 60, targetSeconds: 60, cappedFromSeconds: null });
  });

  it("uses credentials sent with the request (sealed, never stored in the clear) or the storyboard's stored ones", async () => {
    const u = await h.user();
    const id = await seedStoryboard(h, u.id, { signedIn: true });
    const res = await fromStoryboard(u, id, {
      credentials: { ...CREDS, additionalLoginOrigins: ["https://idp.example"] },
    });
    expect(res.status).toBe(202);
    expect(res.body.credentialSource).toBe("request");
    const row = await h.deps.db.kysely
      .selectFrom("walkthrough_credentials")
      .selectAll()
      .where("owner_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.sealed).not.toContain(CREDS.password);
    expect(JSON.parse(h.deps.vault.open(row.sealed))).toEqual({
      loginUrl: CREDS.loginUrl,
      username: "demo",
      password: CREDS.password,
      additionalLoginOrigins: ["https://idp.example"],
    });
    const jobs = await h.deps.db.kysely.selectFrom("jobs").select("input").where("account_id", "=", u.id).execute();
    for (const j of jobs) expect(j.input).not.toContain(CREDS.password);

    const next = await fromStoryboard(u, id);
    expect([next.status, next.body.credentialSource]).toEqual([202, "storyboard"]);

    // Two hours after last use they are gone: the sweeper deletes them and a new render needs them again.
    await h.request("POST", `/renders/${res.body.resource.id}/cancel`, {
      token: u.key,
      idempotencyKey: idem(),
      body: {},
    });
    await h.request("POST", `/renders/${next.body.resource.id}/cancel`, {
      token: u.key,
      idempotencyKey: idem(),
      body: {},
    });
    h.clock.advance(2 * 3600_000);
    expect(await sweepCredentials(h.deps)).toBeGreaterThanOrEqual(1);
    expect(
      await h.deps.db.kysely.selectFrom("walkthrough_credentials").selectAll().where("owner_id", "=", id).execute(),
    ).toEqual([]);
    const after = await fromStoryboard(u, id);
    expect([after.status, after.body.error?.code]).toEqual([400, "credentials_required"]);
  });

  it("cancels a queued render off the queue, releasing what it held; a second cancel is 409 already_settled", async () => {
    const u = await h.user();
    const id = await seedStoryboard(h, u.id, { options: { targetSeconds: 45 } });
    const res = await fromStoryboard(u, id);
    expect((await wallet(u)).reservedSeconds).toBe(45);
    const cancel = () =>
      h.request("POST", `/renders/${res.body.resource.id}/cancel`, { token: u.key, idempotencyKey: idem(), body: {} });
    const first = await cancel();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ removedFromQueue: true, resource: { state: "cancelled", cancellable: false } });
    expect((await wallet(u)).reservedSeconds).toBe(0);
    const second = await cancel();
    expect([second.status, second.body.error.code]).toEqual([409, "already_settled"]);
    const dl = await h.request("GET", `/renders/${res.body.resource.id}/download`, { token: u.key });
    expect([dl.status, dl.body.error.code]).toEqual([409, "not_ready"]);
  });
});

describe("POST /renders: refusals (nothing created, nothing held) and acceptance", () => {
  let u: User;
  beforeAll(async () => {
    u = await h.user();
  });
  const cases: [string, unknown, number, string][] = [
    ["missing url", {}, 400, "validation_failed"],
    ["unknown field", { url: "https://site.example/", beats: [] }, 400, "validation_failed"],
    ["unparseable url", { url: "not a url" }, 400, "url_malformed"],
    ["unresolvable host", { url: "https://nowhere.example/" }, 400, "url_invalid"],
    ["private host", { url: "https://private.example/" }, 400, "url_private"],
    ["public platform", { url: "https://www.facebook.com/" }, 400, "site_not_allowed"],
    ["empty hint", { url: "https://site.example/", hint: " " }, 400, "hint_required"],
    ["long hint", { url: "https://site.example/", hint: "x".repeat(1001) }, 400, "hint_too_long"],
    [
      "phone in landscape",
      { url: "https://site.example/", capture: "phone", orientation: "landscape" },
      400,
      "capture_incompatible",
    ],
    ["unknown orientation", { url: "https://site.example/", orientation: "diagonal" }, 400, "orientation_unknown"],
    ["unknown background", { url: "https://site.example/", background: "plaid" }, 400, "background_unknown"],
    ["unknown caption style", { url: "https://site.example/", captionStyle: "comic" }, 400, "caption_style_unknown"],
    ["unknown language", { url: "https://site.example/", language: "xx-XX" }, 400, "language_unknown"],
    ["unknown voice", { url: "https://site.example/", voiceId: "nobody" }, 400, "voice_unknown"],
    [
      "an avatar field (not an option of this body)",
      { url: "https://site.example/", avatar: "presenter" },
      400,
      "validation_failed",
    ],
    ["too short", { url: "https://site.example/", targetSeconds: 29 }, 400, "length_below_minimum"],
    [
      "fixed and Auto together",
      { url: "https://site.example/", targetSeconds: 60, maxSeconds: 90 },
      400,
      "options_invalid",
    ],
    ["unknown template", { url: "https://site.example/", templateId: "tpl_nope" }, 400, "template_unknown"],
    [
      "credentials without loginUrl",
      { url: "https://site.example/", credentials: { username: "a", password: "b" } },
      400,
      "login_url_required",
    ],
    [
      "private login page",
      { url: "https://site.example/", credentials: { ...CREDS, loginUrl: "https://private.example/" } },
      400,
      "login_url_invalid",
    ],
  ];
  for (const [name, body, status, code] of cases) {
    it(`refuses ${name}: ${status} ${code}`, async () => {
      const res = await fromUrl(u, body);
      expect([res.status, res.body.error.code]).toEqual([status, code]);
      await expectNothing(u);
    });
  }

  it("refuses a balance that cannot hold 30 seconds (402)", async () => {
    const poor = await h.user({ paid: false, topupSeconds: 5 });
    const res = await fromUrl(poor, { url: "https://site.example/", targetSeconds: 40 });
    expect(res.status).toBe(402);
    expect(res.body.error.details).toEqual({ needed: 35, available: 5 });
    await expectNothing(poor);
  });

  it("queues a plan-and-render job (202) with credentials sealed under its own id", async () => {
    const res = await fromUrl(u, {
      url: "https://site.example/",
      orientation: "portrait",
      maxSeconds: 45,
      credentials: CREDS,
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ created: true, credentialSource: "request", lengthFit: null });
    expect(res.body.resource.cost.secondsReserved).toBe(45);
    const row = await h.deps.db.kysely
      .selectFrom("walkthrough_credentials")
      .selectAll()
      .where("owner_id", "=", res.body.resource.id)
      .executeTakeFirst();
    expect(row).toBeDefined();
    const got = await h.request("GET", `/renders/${res.body.resource.id}`, { token: u.key });
    expect(got.body).toEqual(res.body.resource);
    const listed = await h.request("GET", "/renders", { token: u.key });
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([res.body.resource.id]);
  });
});

describe("an expired idempotency claim whose work exists", () => {
  // The spec: once the claim has expired but the record is known, the answer is 200 with that work,
  // whatever has changed since (nothing is checked again first).
  const DAY_AND_A_BIT = 25 * 3600_000;

  it("POST /storyboards/{id}/renders answers 200 with the render even after the storyboard expired", async () => {
    const u = await h.user();
    const id = await seedStoryboard(h, u.id, { options: { targetSeconds: 45 } });
    const key = idem();
    const first = await fromStoryboard(u, id, undefined, key);
    expect(first.status).toBe(202);
    h.clock.advance(DAY_AND_A_BIT);
    await h.deps.db.kysely.updateTable("jobs").set({ artifacts_expired: 1 }).where("id", "=", id).execute();
    expect((await fromStoryboard(u, id)).body.error.code).toBe("storyboard_expired");
    const again = await fromStoryboard(u, id, undefined, key);
    expect(again.status).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.headers.location).toBe(`/api/v1/renders/${first.body.resource.id}`);
    expect(again.body).toMatchObject({
      created: false,
      credentialSource: null,
      lengthFit: null,
      resource: { id: first.body.resource.id, state: "queued" },
    });
  });

  it("POST /renders answers 200 with the render even when the balance could no longer hold it", async () => {
    const poor = await h.user({ paid: false, topupSeconds: 40 });
    const key = idem();
    const body = { url: "https://site.example/", targetSeconds: 40, credentials: CREDS };
    const first = await fromUrl(poor, body, key);
    expect(first.status).toBe(202);
    h.clock.advance(DAY_AND_A_BIT);
    expect((await fromUrl(poor, body)).body.error.code).toBe("insufficient_seconds");
    const again = await fromUrl(poor, body, key);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      created: false,
      credentialSource: "request",
      lengthFit: null,
      resource: { id: first.body.resource.id },
    });
    expect(await renders(poor)).toHaveLength(1);
  });

  it("POST /storyboards answers 200 with the storyboard even after the template it named was deleted", async () => {
    const u = await h.user();
    const auth = { token: u.key };
    const template = await h.request("POST", "/templates", {
      ...auth,
      idempotencyKey: idem(),
      body: { name: "gone soon", options: {} },
    });
    const body = { url: "https://site.example/", templateId: template.body.id };
    const key = idem();
    const first = await h.request("POST", "/storyboards", { ...auth, idempotencyKey: key, body });
    expect(first.status).toBe(202);
    await h.request("DELETE", `/templates/${template.body.id}`, { ...auth, idempotencyKey: idem(), body: {} });
    h.clock.advance(DAY_AND_A_BIT);
    const fresh = await h.request("POST", "/storyboards", { ...auth, idempotencyKey: idem(), body });
    expect(fresh.body.error.code).toBe("template_unknown");
    const again = await h.request("POST", "/storyboards", { ...auth, idempotencyKey: key, body });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.location).toBe(`/api/v1/storyboards/${first.body.id}`);
  });
});
