import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createAccount } from "../../src/domains/account/create-account.js";
import { createKey } from "../../src/domains/keys/create-key.js";
import { Harness } from "../../src/testutil/harness.js";

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await Harness.start({ rateStore: "memory" });
  const u = await h.account();
  key = (await h.key(u.id, ["catalog:read"])).secret;
});
afterAll(() => h.close());

describe("catalogue over HTTP", () => {
  it("lists plans, voices and marketing templates as pages defaulting to 100 rows", async () => {
    for (const path of ["/catalog/plans", "/catalog/voices", "/catalog/marketing/templates"]) {
      const res = await h.request("GET", path, { token: key });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.data)).toBe(true);
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body.data.length).toBeLessThanOrEqual(100);
    }
    const plans = await h.request("GET", "/catalog/plans", { token: key });
    expect(plans.body.data.map((p: { id: string }) => p.id)).toEqual(["starter", "pro", "business"]);
  });

  it("lists the installed espeak-ng and festival voices with id, name, language, gender and engine", async () => {
    const res = await h.request("GET", "/catalog/voices?language=en-US", { token: key });
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const v of res.body.data) {
      expect(v).toMatchObject({
        id: expect.stringMatching(/^(espeak-ng|festival):/),
        name: expect.any(String),
        engine: expect.stringMatching(/^(espeak-ng|festival)$/),
      });
      expect(v.id.startsWith(`${v.engine}:`)).toBe(true);
      expect(["female", "male", "neutral"]).toContain(v.gender);
    }
    expect(res.body.data.some((v: { id: string }) => v.id === "espeak-ng:en-us")).toBe(true);
    // The natural voice (festvox-us-slt-hts, installed by the setup script) is the product's default.
    expect(res.body.data.find((v: { id: string }) => v.id === "festival:cmu_us_slt_arctic_hts")).toMatchObject({
      engine: "festival",
      gender: "female",
      isDefault: true,
    });
  });

  it("walks the voices in pages", async () => {
    const first = await h.request("GET", "/catalog/voices?limit=10", { token: key });
    const second = await h.request("GET", `/catalog/voices?limit=10&cursor=${first.body.nextCursor}`, { token: key });
    expect(second.body.data).toHaveLength(10);
    expect(second.body.data[0].id > first.body.data[9].id).toBe(true);
    const bad = await h.request("GET", "/catalog/voices?cursor=zzz", { token: key });
    expect(bad.body.error.code).toBe("invalid_cursor");
  });

  it("answers the render options as one object of named lists", async () => {
    const res = await h.request("GET", "/catalog/render-options", { token: key });
    expect(Object.keys(res.body).sort()).toEqual([
      "avatars",
      "backgrounds",
      "captionStyles",
      "captures",
      "fonts",
      "languages",
      "orientations",
    ]);
    const orientations = Object.fromEntries(res.body.orientations.map((o: any) => [o.id, [o.width, o.height]]));
    expect(orientations).toEqual({ landscape: [1920, 1080], portrait: [1080, 1920], square: [1080, 1080] });
    expect(res.body.captures.map((c: { id: string }) => c.id).sort()).toEqual(["desktop", "phone"]);
  });

  it("needs catalog:read", async () => {
    const u = await h.account();
    const k = await h.key(u.id, ["account:read"]);
    expect((await h.request("GET", "/catalog/plans", { token: k.secret })).body.error.code).toBe("forbidden_scope");
  });
});

describe("voices follow the configured engine programs", () => {
  // The app as `clipwright serve` builds it: configuration from the environment, voices detected by the
  // app itself at the programs synthesis runs (CLIPWRIGHT_ESPEAK_BINARY, CLIPWRIGHT_TEXT2WAVE_BINARY).
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Every page of GET /catalog/voices of a fresh app built from these environment variables. */
  async function voicesListed(env: Record<string, string>): Promise<string[]> {
    const dataDir = mkdtempSync(join(tmpdir(), "cw-voices-"));
    dirs.push(dataDir);
    const { app, deps } = await buildApp({
      config: loadConfig({ CLIPWRIGHT_ENV: "test", CLIPWRIGHT_DATA_DIR: dataDir, ...env }),
    });
    try {
      const account = await createAccount(deps, {
        email: "v@example.com",
        password: "correct horse battery",
        verified: true,
        planId: "starter",
      });
      const { secret } = await createKey(deps, account.id, { name: "voices", scopes: ["catalog:read"] });
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await app.inject({
          method: "GET",
          url: `/api/v1/catalog/voices${cursor ? `?cursor=${cursor}` : ""}`,
          headers: { authorization: `Bearer ${secret}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        const page: { data: { id: string }[]; nextCursor: string | null } = res.json();
        ids.push(...page.data.map((v) => v.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    } finally {
      await app.close();
    }
  }

  it("lists no festival voice when text2wave is not at the configured path", async () => {
    const ids = await voicesListed({ CLIPWRIGHT_TEXT2WAVE_BINARY: "/nonexistent/text2wave" });
    expect(ids).toContain("espeak-ng:en-us");
    expect(ids.filter((id) => id.startsWith("festival:"))).toEqual([]);
  });

  it("lists no voice at all when neither engine is at its configured path", async () => {
    const ids = await voicesListed({
      CLIPWRIGHT_ESPEAK_BINARY: "/nonexistent/espeak-ng",
      CLIPWRIGHT_TEXT2WAVE_BINARY: "/nonexistent/text2wave",
    });
    expect(ids).toEqual([]);
  });
});
