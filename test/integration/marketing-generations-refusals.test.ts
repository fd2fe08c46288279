import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Harness, idem } from "../../src/testutil/harness.js";
import { capturedVersion, seedSource } from "../support/seed-source.js";
import { seedRender } from "../support/source-jobs.js";

// Every refusal of POST /marketing/generations and its preflight that a request or its source can cause,
// each sent, and nothing created by any of them. No worker runs: a started generation stays queued.
let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
let other: Awaited<ReturnType<Harness["user"]>>;
let sourceId: string;
const ALLOWANCE = 3;

beforeAll(async () => {
  // A fixed morning: the day's allowance is counted per UTC day, and each test moves the clock a minute on.
  h = await Harness.start({
    rateStore: "memory",
    workers: false,
    clockStart: new Date("2026-06-01T08:00:00Z"),
    config: { generationDailyAllowance: ALLOWANCE },
  });
  user = await h.user();
  other = await h.user();
  sourceId = (await seedSource(h, user.id, { versions: [await capturedVersion("saas")] })).sourceId;
});
afterAll(() => h?.close());
// Generating is the expensive rate class (20 a minute): each test starts in a fresh minute.
beforeEach(() => h.clock.advance(60_000));

const create = (body: unknown, token = user.key, idempotencyKey = idem()) =>
  h.request("POST", "/marketing/generations", { token, idempotencyKey, body });
const preflight = (body: unknown, token = user.key) =>
  h.request("POST", "/marketing/generations/preflight", { token, body });

async function generations(accountId: string): Promise<number> {
  const r = await h.deps.db.kysely
    .selectFrom("marketing_generations")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The refusal, with its code and details, and nothing created. */
async function refused(body: unknown, status: number, code: string, details?: Record<string, unknown>) {
  const before = await generations(user.id);
  const res = await create(body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (details) expect(res.body.error.details).toMatchObject(details);
  expect(await generations(user.id)).toBe(before);
  return res;
}

const base = () => ({ sourceId, templateId: "feature-highlight" });

describe("POST /marketing/generations: what the template and catalogue offer", () => {
  it("refuses an unknown template, naming the known ones", async () => {
    await refused({ ...base(), templateId: "viral-dance" }, 400, "unknown_template", {
      templateId: "viral-dance",
      known: expect.arrayContaining(["feature-highlight", "product-launch"]),
    });
  });
  it("refuses a length the template is not offered in", async () => {
    await refused({ ...base(), seconds: 20 }, 400, "unsupported_duration", { seconds: 20, offered: [15, 30, 45] });
  });
  it("refuses an orientation the catalogue does not know, and one the template is not laid out for", async () => {
    await refused({ ...base(), orientation: "diagonal" }, 400, "orientation_unknown");
    await refused({ ...base(), templateId: "explainer", orientation: "portrait" }, 400, "orientation_unknown", {
      offered: ["landscape", "square"],
    });
  });
  it("refuses an audio mode that is not one of the four", async () => {
    await refused({ ...base(), audioMode: "karaoke" }, 400, "unsupported_audio_mode");
  });
  it("refuses a speed the template does not offer", async () => {
    await refused({ ...base(), speed: 1.5 }, 400, "campaign_speed_not_offered", { speed: 1.5 });
    await refused({ ...base(), templateId: "social-teaser", speed: 0.9 }, 400, "campaign_speed_not_offered");
  });
  it("refuses a voice the catalogue lacks, and one that does not speak the site's language", async () => {
    await refused({ ...base(), voiceId: "espeak-ng:klingon" }, 400, "voice_unknown");
    const foreign = h.deps.catalog.voices.find((v) => !v.languages.some((l) => l.toLowerCase().startsWith("en")));
    expect(foreign, "an installed voice that speaks no English").toBeDefined();
    await refused({ ...base(), voiceId: foreign?.id }, 400, "voice_language", { voiceId: foreign?.id, language: "en" });
  });
  it("refuses unknown fields and values out of range as validation_failed", async () => {
    await refused({ ...base(), style: "bold" }, 400, "validation_failed");
    await refused({ ...base(), brand: "theirs" }, 400, "validation_failed");
    await refused({ ...base(), focus: "x".repeat(201) }, 400, "validation_failed");
  });
});

describe("POST /marketing/generations: the source", () => {
  it("refuses an unknown source and another account's alike", async () => {
    await refused({ ...base(), sourceId: "01900000-0000-7000-8000-000000000000" }, 404, "source_not_found");
    const theirs = (await seedSource(h, other.id)).sourceId;
    await refused({ ...base(), sourceId: theirs }, 404, "source_not_found");
  });
  it("refuses a source still scanning, a version beyond the latest, an expired version, a deleted source", async () => {
    const scanning = (await seedSource(h, user.id, { state: "running" })).sourceId;
    await refused({ ...base(), sourceId: scanning }, 409, "source_not_ready");
    await refused({ ...base(), sourceVersion: 2 }, 404, "source_version_not_found", { latestVersion: 1 });
    const twice = (await seedSource(h, user.id, { versions: [{ expired: true }, {}] })).sourceId;
    await refused({ ...base(), sourceId: twice, sourceVersion: 1 }, 410, "source_version_expired", {
      retainedVersions: [2],
    });
    const deleted = (await seedSource(h, user.id, { deleted: true })).sourceId;
    await refused({ ...base(), sourceId: deleted }, 410, "source_deleted");
  });
});

describe("POST /marketing/generations: what is missing", () => {
  it("refuses a brand kit that does not exist; preflight lists it under style", async () => {
    await refused({ ...base(), brand: "kit" }, 400, "brand_kit_required");
    const res = await preflight({ ...base(), brand: "kit" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ready).toBe(false);
    expect(res.body.missing).toContainEqual(
      expect.objectContaining({ field: "brand", section: "style", code: "brand_kit_required" }),
    );
  });
  it("refuses a source with nothing to show", async () => {
    const bare = (await seedSource(h, user.id)).sourceId;
    await refused({ ...base(), sourceId: bare }, 400, "campaign_visuals_insufficient", { field: "visuals" });
    const res = await preflight({ ...base(), sourceId: bare });
    expect(res.body.missing).toContainEqual(
      expect.objectContaining({ section: "story", code: "campaign_visuals_insufficient" }),
    );
  });
  it("refuses a template that requires footage when there is none", async () => {
    await refused({ ...base(), templateId: "demo-tour" }, 400, "missing_required_footage");
  });
  it("refuses a demo range that cannot be shown, with its reason", async () => {
    const demo = (renderId: string, fromSeconds = 0, toSeconds = 5) => ({ renderId, fromSeconds, toSeconds });
    const unknown = "01900000-0000-7000-8000-000000000000";
    await refused({ ...base(), demo: demo(unknown) }, 400, "website_demo_invalid", { reason: "render_not_found" });
    const render = await seedRender(h, user.id);
    await refused({ ...base(), templateId: "social-teaser", demo: demo(render) }, 400, "website_demo_invalid", {
      reason: "template_takes_no_footage",
    });
    await refused({ ...base(), demo: demo(render, 4, 3) }, 400, "website_demo_invalid", { reason: "range_invalid" });
    await refused({ ...base(), demo: demo(render, 1, 2) }, 400, "website_demo_invalid", { reason: "range_too_short" });
    await refused({ ...base(), demo: demo(render, 0, 9999) }, 400, "website_demo_invalid", { reason: "range_outside" });
  });
});

describe("POST /marketing/generations: idempotency and the day's allowance", () => {
  it("answers a replayed key after its claim with the same generation; another body is a conflict", async () => {
    const key = idem();
    const first = await create(base(), user.key, key);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.headers.location).toBe(`/api/v1/marketing/generations/${first.body.id}`);
    await h.deps.db.kysely.deleteFrom("idempotency_claims").execute();
    const again = await create(base(), user.key, key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const before = await generations(user.id);
    await h.deps.db.kysely.deleteFrom("idempotency_claims").execute();
    const conflict = await create({ ...base(), seconds: 15 }, user.key, key);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({
      code: "generation_idempotency_conflict",
      details: { generationId: first.body.id },
    });
    expect(await generations(user.id)).toBe(before);
  });
  it("refuses past the day's allowance until the next UTC midnight", async () => {
    while ((await generations(user.id)) < ALLOWANCE) {
      const res = await create(base());
      expect(res.status, JSON.stringify(res.body)).toBe(202);
    }
    const res = await refused(base(), 429, "budget_exhausted", { allowance: ALLOWANCE, used: ALLOWANCE });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });
});
