import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTO_DEFAULT_MAX_SECONDS, FREE_TIER_MAX_SECONDS } from "../../src/domains/renders/quote.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { FIXED_VOICES, fixedCatalog } from "../support/catalogs.js";

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
beforeAll(async () => {
  // Fixed voices, whatever this machine has installed: the voice rules are tested the same everywhere.
  h = await Harness.start({ rateStore: "memory", catalog: fixedCatalog() });
  user = await h.user(); // Starter plan: 1800 s, no watermark
});
afterAll(() => h.close());

const quote = (body?: unknown, token = user.key) =>
  h.request("POST", "/renders/quote", { token, ...(body === undefined ? {} : { body }) });
const codeOf = async (body: unknown) => {
  const res = await quote(body);
  expect(res.status, JSON.stringify(body)).toBe(400);
  return res.body.error.code as string;
};

describe("POST /renders/quote: pricing", () => {
  it("answers exactly the 8 fields; with no body an Auto render at the default ceiling", async () => {
    const res = await quote();
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(Object.keys(res.body).sort()).toEqual(
      [
        "availableSeconds",
        "capped",
        "maxSeconds",
        "needed",
        "secondsToReserve",
        "sufficient",
        "targetSeconds",
        "watermark",
      ].sort(),
    );
    expect(res.body).toEqual({
      secondsToReserve: AUTO_DEFAULT_MAX_SECONDS,
      watermark: false,
      capped: false,
      targetSeconds: null,
      maxSeconds: AUTO_DEFAULT_MAX_SECONDS,
      sufficient: true,
      needed: null,
      availableSeconds: 1800,
    });
    expect((await quote({})).body).toEqual(res.body);
  });

  it("holds a fixed length, or an Auto ceiling when named", async () => {
    expect((await quote({ targetSeconds: 90 })).body).toMatchObject({
      secondsToReserve: 90,
      targetSeconds: 90,
      maxSeconds: null,
      capped: false,
      sufficient: true,
    });
    expect((await quote({ maxSeconds: 300 })).body).toMatchObject({
      secondsToReserve: 300,
      targetSeconds: null,
      maxSeconds: 300,
      capped: false,
    });
  });

  it("caps the length to fit a short balance while it stays 30 s or more", async () => {
    const topup = await h.user({ paid: false, topupSeconds: 100 });
    const res = await quote({ targetSeconds: 300 }, topup.key);
    expect(res.body).toEqual({
      secondsToReserve: 100,
      watermark: false,
      capped: true,
      targetSeconds: 100,
      maxSeconds: null,
      sufficient: true,
      needed: null,
      availableSeconds: 100,
    });
    expect((await quote({ maxSeconds: 100 }, topup.key)).body).toMatchObject({ capped: false, secondsToReserve: 100 });
    expect((await quote(undefined, topup.key)).body).toMatchObject({
      capped: true,
      secondsToReserve: 100,
      maxSeconds: 100,
    });
  });

  it("is insufficient when the balance is under the 30 s floor, and says what it needs", async () => {
    const poor = await h.user({ paid: false, topupSeconds: 20 });
    const res = await quote({ targetSeconds: 60 }, poor.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      secondsToReserve: 60,
      watermark: false,
      capped: false,
      targetSeconds: 60,
      maxSeconds: null,
      sufficient: false,
      needed: 40,
      availableSeconds: 20,
    });
    expect((await quote(undefined, poor.key)).body).toMatchObject({
      sufficient: false,
      needed: AUTO_DEFAULT_MAX_SECONDS - 20,
    });
  });

  it("holds nothing on the free tier: watermarked, capped at the free ceiling", async () => {
    const free = await h.user({ paid: false, freeSeconds: 300 });
    const res = await quote({ targetSeconds: 90 }, free.session);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      secondsToReserve: 0,
      watermark: true,
      capped: true,
      targetSeconds: FREE_TIER_MAX_SECONDS,
      maxSeconds: null,
      sufficient: true,
      needed: null,
      availableSeconds: 300,
    });
    expect((await quote({ targetSeconds: 45 }, free.session)).body).toMatchObject({
      secondsToReserve: 0,
      watermark: true,
      capped: false,
      targetSeconds: 45,
    });
    expect((await quote(undefined, free.session)).body).toMatchObject({
      capped: true,
      maxSeconds: FREE_TIER_MAX_SECONDS,
      targetSeconds: null,
    });
    // An unpaid account's API key is refused before the operation runs.
    expect((await quote({}, free.key)).body.error.code).toBe("paid_account_required");
  });

  it("creates and spends nothing", async () => {
    const snapshot = async () => ({
      wallet: await h.db.kysely.selectFrom("wallets").selectAll().where("account_id", "=", user.id).executeTakeFirst(),
      ledger: await h.db.kysely.selectFrom("ledger_entries").selectAll().where("account_id", "=", user.id).execute(),
      jobs: await h.db.kysely.selectFrom("jobs").selectAll().where("account_id", "=", user.id).execute(),
      templates: await h.db.kysely
        .selectFrom("render_templates")
        .selectAll()
        .where("account_id", "=", user.id)
        .execute(),
    });
    const before = await snapshot();
    for (const body of [{ targetSeconds: 600 }, { maxSeconds: 45 }, { templateId: "sys_quick_demo" }, {}]) {
      expect((await quote(body)).status).toBe(200);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("POST /renders/quote: templates", () => {
  it("merges a system template's options under the request's", async () => {
    expect((await quote({ templateId: "sys_quick_demo" })).body).toMatchObject({
      targetSeconds: 45,
      maxSeconds: null,
      secondsToReserve: 45,
    });
    // The request's length replaces the template's (fixed or Auto is one choice).
    expect((await quote({ templateId: "sys_quick_demo", targetSeconds: 200 })).body).toMatchObject({
      secondsToReserve: 200,
      targetSeconds: 200,
    });
    expect((await quote({ templateId: "sys_quick_demo", maxSeconds: 90 })).body).toMatchObject({
      secondsToReserve: 90,
      targetSeconds: null,
      maxSeconds: 90,
    });
    // The template's portrait phone capture holds; a request's landscape wins and then clashes with it.
    expect((await quote({ templateId: "sys_social_vertical" })).status).toBe(200);
    expect(await codeOf({ templateId: "sys_social_vertical", orientation: "landscape" })).toBe("capture_incompatible");
    expect(
      (await quote({ templateId: "sys_social_vertical", orientation: "landscape", capture: "desktop" })).status,
    ).toBe(200);
  });

  it("merges the account's saved template, and no one else's", async () => {
    const saved = await h.request("POST", "/templates", {
      token: user.key,
      idempotencyKey: idem(),
      body: { name: "long", options: { maxSeconds: 240, background: "ocean" } },
    });
    expect(saved.status).toBe(201);
    expect((await quote({ templateId: saved.body.id })).body).toMatchObject({ maxSeconds: 240, secondsToReserve: 240 });
    expect((await quote({ templateId: saved.body.id, targetSeconds: 30 })).body).toMatchObject({
      targetSeconds: 30,
      maxSeconds: null,
      secondsToReserve: 30,
    });
    expect((await quote({ templateId: saved.body.id, background: "nope" })).body.error.code).toBe("background_unknown");
    const stranger = await h.user();
    const res = await quote({ templateId: saved.body.id }, stranger.key);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("template_unknown");
  });
});

describe("POST /renders/quote: refusals", () => {
  it("refuses each unresolvable option with the spec's code", async () => {
    expect(await codeOf({ avatar: "presenter" })).toBe("validation_failed"); // avatar is not a quote field
    expect(await codeOf({ background: "plaid" })).toBe("background_unknown");
    expect(await codeOf({ captionStyle: "comic" })).toBe("caption_style_unknown");
    expect(await codeOf({ capture: "watch" })).toBe("capture_unknown");
    expect(await codeOf({ capture: "phone", orientation: "landscape" })).toBe("capture_incompatible");
    expect(await codeOf({ language: "zz-QQ" })).toBe("language_unknown");
    expect(await codeOf({ targetSeconds: 29 })).toBe("length_below_minimum");
    expect(await codeOf({ maxSeconds: 10 })).toBe("length_below_minimum");
    expect(await codeOf({ targetSeconds: 60, maxSeconds: 90 })).toBe("options_invalid");
    expect(await codeOf({ orientation: "diagonal" })).toBe("orientation_unknown");
    expect(await codeOf({ templateId: "sys_nothing" })).toBe("template_unknown");
    expect(await codeOf({ templateId: "0190a000-0000-7000-8000-000000000000" })).toBe("template_unknown");
    expect(await codeOf({ voiceId: "nobody:none" })).toBe("voice_unknown");
  });

  it("refuses a presenter through a template: avatar_unknown and avatar_unavailable", async () => {
    // Saved templates cannot hold an unresolvable avatar, so a stored row stands in for an older one.
    const { uuidv7 } = await import("../../src/ids.js");
    const at = h.clock.now().toISOString();
    const ids = { unknown: uuidv7(), unavailable: uuidv7() };
    await h.db.kysely
      .insertInto("render_templates")
      .values([
        {
          id: ids.unknown,
          account_id: user.id,
          name: "a",
          description: null,
          options: JSON.stringify({ avatar: "robot" }),
          idempotency_key: null,
          created_at: at,
          updated_at: at,
        },
        {
          id: ids.unavailable,
          account_id: user.id,
          name: "b",
          description: null,
          options: JSON.stringify({ avatar: "presenter" }),
          idempotency_key: null,
          created_at: at,
          updated_at: at,
        },
      ])
      .execute();
    expect(await codeOf({ templateId: ids.unknown })).toBe("avatar_unknown");
    expect(await codeOf({ templateId: ids.unavailable })).toBe("avatar_unavailable");
  });

  it("refuses a voice that does not speak the language (voice_language)", async () => {
    expect(await codeOf({ voiceId: FIXED_VOICES.french, language: "en-US" })).toBe("voice_language");
    expect(await codeOf({ voiceId: FIXED_VOICES.english, language: "fr" })).toBe("voice_language");
    expect((await quote({ voiceId: FIXED_VOICES.french, language: "fr-FR" })).status).toBe(200);
  });

  it("bounds every field and refuses unknown ones (validation_failed)", async () => {
    for (const body of [
      { background: "b".repeat(65) },
      { captionStyle: "c".repeat(65) },
      { capture: "c".repeat(65) },
      { language: "l".repeat(17) },
      { orientation: "o".repeat(65) },
      { templateId: "t".repeat(65) },
      { voiceId: "v".repeat(65) },
      { targetSeconds: 0 },
      { targetSeconds: 601 },
      { targetSeconds: 45.5 },
      { maxSeconds: 0 },
      { maxSeconds: 601 },
      { colour: "red" },
      { targetSeconds: "60" },
    ]) {
      expect(await codeOf(body)).toBe("validation_failed");
    }
  });

  it("needs renders:read", async () => {
    const k = await h.key(user.id, ["catalog:read"]);
    const res = await quote({}, k.secret);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden_scope");
    const reader = await h.key(user.id, ["renders:read"]);
    expect((await quote({}, reader.secret)).status).toBe(200);
  });
});
