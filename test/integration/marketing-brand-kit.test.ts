import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Harness, idem } from "../../src/testutil/harness.js";
import { pngOf, seedSource } from "../support/seed-source.js";
import { staticResolver } from "../support/static-resolver.js";

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
let font: string;
let otherFont: string;
let voice: string;

beforeAll(async () => {
  // The call to action's address passes the URL guard, DNS included: the kits' hosts resolve publicly.
  h = await Harness.start({
    rateStore: "memory",
    workers: false,
    resolver: staticResolver({
      "acme.example": ["93.184.216.34"],
      "a.example": ["93.184.216.34"],
      "intranet.acme.example": ["10.0.0.5"],
    }),
  });
  user = await h.user();
  const fonts = h.deps.fonts.fonts;
  font = (fonts.find((f) => f.isDefault) ?? fonts[0])?.id as string;
  otherFont = (fonts.find((f) => !f.isDefault) ?? fonts[0])?.id as string;
  voice = h.deps.catalog.voices[0]?.id as string;
});
afterAll(() => h.close());

const get = (token = user.key) => h.request("GET", "/marketing/brand-kit", { token });
const put = (body: unknown, token = user.key) =>
  h.request("PUT", "/marketing/brand-kit", { token, idempotencyKey: idem(), body });

const EMPTY = {
  colors: null,
  fonts: null,
  logo: null,
  voiceId: null,
  musicMood: null,
  captionStyle: null,
  callToAction: null,
  createdAt: null,
  updatedAt: null,
};

const fullKit = () => ({
  colors: { background: "#FFF", text: "#0F172A", primary: "#4f46e5", primaryText: "#ffffff", accent: "#F59E0B" },
  fonts: { heading: otherFont, body: font },
  voiceId: voice,
  musicMood: "upbeat",
  captionStyle: "bold",
  callToAction: { text: "Start free", url: "https://acme.example/signup" },
});

const logoKey = (accountId: string, sha256: string) => `brand/${accountId}/logo-${sha256}.png`;

/** A refusal must leave the kit exactly as it was. */
async function refusedUnchanged(body: unknown, status: number, code: string, token = user.key) {
  const before = await get(token);
  const res = await put(body, token);
  expect(res.status, res.text).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect((await get(token)).body).toEqual(before.body);
  return res.body.error;
}

describe("GET /marketing/brand-kit", () => {
  it("answers every field null before the first PUT", async () => {
    const fresh = await h.user();
    const res = await get(fresh.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(EMPTY);
  });

  it("needs marketing:read, and PUT marketing:write", async () => {
    const a = await h.account();
    const k = await h.key(a.id, ["marketing:read"]);
    expect((await get(k.secret)).status).toBe(200);
    const res = await put({}, k.secret);
    expect(res.body.error.code).toBe("forbidden_scope");
  });
});

describe("PUT /marketing/brand-kit", () => {
  it("stores the kit, answers it, and GET reads it back (colours as lowercase #rrggbb)", async () => {
    const u = await h.user();
    const res = await put(fullKit(), u.key);
    expect(res.status, res.text).toBe(200);
    const at = h.clock.now().toISOString();
    expect(res.body).toEqual({
      colors: { background: "#ffffff", text: "#0f172a", primary: "#4f46e5", primaryText: "#ffffff", accent: "#f59e0b" },
      fonts: { heading: otherFont, body: font },
      logo: null,
      voiceId: voice,
      musicMood: "upbeat",
      captionStyle: "bold",
      callToAction: { text: "Start free", url: "https://acme.example/signup" },
      createdAt: at,
      updatedAt: at,
    });
    expect((await get(u.key)).body).toEqual(res.body);
  });

  it("replaces the whole kit: omitted fields are cleared, createdAt stays", async () => {
    const u = await h.user();
    const first = await put(fullKit(), u.key);
    h.clock.advance(60_000);
    const second = await put({ musicMood: "calm", colors: null }, u.key);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      ...EMPTY,
      musicMood: "calm",
      createdAt: first.body.createdAt,
      updatedAt: h.clock.now().toISOString(),
    });
    const emptied = await put({}, u.key);
    expect(emptied.body).toEqual({ ...EMPTY, createdAt: first.body.createdAt, updatedAt: h.clock.now().toISOString() });
    expect((await get(u.key)).body).toEqual(emptied.body);
  });

  it("accepts a text colour just above 4.5:1 and primaryText left out", async () => {
    const res = await put({ colors: { background: "#ffffff", text: "#767676", primary: "#111827" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.colors).toEqual({
      background: "#ffffff",
      text: "#767676",
      primary: "#111827",
      primaryText: null,
      accent: null,
    });
  });

  it("refuses what the schema refuses with validation_failed, changing nothing", async () => {
    await put(fullKit());
    const cases: unknown[] = [
      { colour: "red" },
      { colors: { background: 1, text: "#000", primary: "#000" } },
      { colors: { background: "#fff", text: "#000", primary: "#000", shade: "#111" } },
      { fonts: { heading: font } },
      { callToAction: { text: "x".repeat(41), url: "https://a.example/" } },
      { callToAction: { text: "", url: "https://a.example/" } },
      { callToAction: { text: "Go", url: `https://a.example/${"p".repeat(2048)}` } },
      { logo: { sourceId: "x", assetId: "logo-1", file: {} } },
      { logo: { sourceId: "x", version: 0, assetId: "logo-1" } },
      { musicMood: 3 },
      { createdAt: "2026-01-01T00:00:00Z" },
    ];
    for (const body of cases) await refusedUnchanged(body, 400, "validation_failed");
  });

  it("lists every content problem in one invalid_brand_kit, changing nothing", async () => {
    await put(fullKit());
    const error = await refusedUnchanged(
      {
        colors: { background: "#fff", text: "#777", primary: "blue", primaryText: "#fff", accent: "#12" },
        fonts: { heading: "no-such-font", body: font },
        voiceId: "nobody:nothing",
        musicMood: "sad",
        captionStyle: "wavy",
        callToAction: { text: "Go", url: "ftp://acme.example/" },
      },
      400,
      "invalid_brand_kit",
    );
    const issues = error.details.issues as { path: string; code: string; message: string }[];
    expect(issues.map((i) => [i.path, i.code]).sort()).toEqual(
      [
        ["body.callToAction.url", "url_invalid"],
        ["body.captionStyle", "caption_style_unknown"],
        ["body.colors.accent", "colour_invalid"],
        ["body.colors.primary", "colour_invalid"],
        ["body.colors.text", "contrast_too_low"],
        ["body.fonts.heading", "font_unknown"],
        ["body.musicMood", "music_mood_unknown"],
        ["body.voiceId", "voice_unknown"],
      ].sort(),
    );
    // #777 on white measures 4.478:1, shown rounded down so it never reads as reaching the minimum.
    expect(issues.find((i) => i.code === "contrast_too_low")?.message).toBe(
      "has a contrast of 4.47:1 against background; at least 4.5:1 is required",
    );
    for (const i of issues) expect(i.message).not.toContain("nobody");
  });

  it("requires background, text and primary with colors, and checks primaryText on primary", async () => {
    const missing = await refusedUnchanged({ colors: { accent: "#000000" } }, 400, "invalid_brand_kit");
    expect(missing.details.issues.map((i: { path: string; code: string }) => [i.path, i.code])).toEqual([
      ["body.colors.background", "required"],
      ["body.colors.text", "required"],
      ["body.colors.primary", "required"],
    ]);
    const low = await refusedUnchanged(
      { colors: { background: "#000", text: "#fff", primary: "#ffff00", primaryText: "#ffffff" } },
      400,
      "invalid_brand_kit",
    );
    expect(low.details.issues).toEqual([
      {
        path: "body.colors.primaryText",
        code: "contrast_too_low",
        message: "has a contrast of 1.07:1 against primary; at least 4.5:1 is required",
      },
    ]);
    const blank = await refusedUnchanged(
      { callToAction: { text: "   ", url: "https://acme.example/" } },
      400,
      "invalid_brand_kit",
    );
    expect(blank.details.issues).toEqual([
      { path: "body.callToAction.text", code: "text_blank", message: "must contain visible characters" },
    ]);
  });

  it("checks the call to action's address with the API's URL rules, though it is only stored", async () => {
    await put(fullKit());
    const cta = (url: string) => ({ callToAction: { text: "Start free", url } });
    const cases: [string, string][] = [
      ["javascript:alert(document.cookie)", "must be an http or https address"],
      ["http://192.168.1.10/signup", "resolves to a private or reserved address (private)"],
      ["http://127.0.0.1/signup", "resolves to a private or reserved address (loopback)"],
      ["https://intranet.acme.example/signup", "resolves to a private or reserved address (private)"],
      ["https://[::ffff:10.0.0.5]/signup", "resolves to a private or reserved address (ipv4_mapped_ipv6)"],
      ["https://user:secret@acme.example/signup", "must not carry a username or password"],
      ["https://acme.example:0/signup", "names a port that cannot be used"],
      ["https://intranet/signup", "must name a host with a dot in it"],
      ["https://nowhere.example/signup", "has a host name that does not resolve"],
      [" https://acme.example/signup", "must not start or end with white space"],
    ];
    for (const [url, message] of cases) {
      const error = await refusedUnchanged(cta(url), 400, "invalid_brand_kit");
      expect(error.details.issues, url).toEqual([{ path: "body.callToAction.url", code: "url_invalid", message }]);
      expect(JSON.stringify(error)).not.toContain("secret");
    }
    // Whatever the guard takes is stored as sent: a port, a query, a fragment.
    const fine = "https://acme.example:8443/signup?plan=pro#start";
    const res = await put(cta(fine));
    expect(res.status, res.text).toBe(200);
    expect(res.body.callToAction).toEqual({ text: "Start free", url: fine });
  });

  it("answers content problems before looking at the logo's source", async () => {
    const error = await refusedUnchanged(
      { musicMood: "sad", logo: { sourceId: "0190f0b8-0000-7000-8000-000000000000", assetId: "logo-1" } },
      400,
      "invalid_brand_kit",
    );
    expect(error.details.issues).toHaveLength(1);
  });
});

describe("the brand kit's logo", () => {
  it("copies the logo into brand storage, deletes a replaced copy, and keeps a shared one", async () => {
    const u = await h.user();
    const red = await pngOf("#dc2626");
    const blue = await pngOf("#2563eb");
    const a = await seedSource(h, u.id, {
      versions: [{ assets: [{ id: "logo-1", type: "logo", contentType: "image/png", data: red }] }],
    });
    const b = await seedSource(h, u.id, {
      versions: [{}, { assets: [{ id: "image-2", type: "image", contentType: "image/png", data: blue }] }],
    });

    const first = await put({ logo: { sourceId: a.sourceId, version: 1, assetId: "logo-1" } }, u.key);
    expect(first.status, first.text).toBe(200);
    const redSha = a.versions[0]?.sha256["logo-1"] as string;
    expect(first.body.logo).toEqual({
      sourceId: a.sourceId,
      version: 1,
      assetId: "logo-1",
      file: {
        url: expect.stringContaining(`/files/${logoKey(u.id, redSha)}?`),
        expiresAt: expect.any(String),
        bytes: red.length,
        sha256: redSha,
        contentType: "image/png",
        width: 40,
        height: 10,
        aspectRatio: 4,
      },
    });
    expect(await h.deps.storage.get(logoKey(u.id, redSha))).toEqual(red);
    const served = await h.app.inject({
      method: "GET",
      url: new URL(first.body.logo.file.url).pathname + new URL(first.body.logo.file.url).search,
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(red);

    // Any image asset may be the logo; version left out means the latest.
    const second = await put({ logo: { sourceId: b.sourceId, assetId: "image-2" } }, u.key);
    expect(second.status, second.text).toBe(200);
    const blueSha = b.versions[1]?.sha256["image-2"] as string;
    expect(second.body.logo).toMatchObject({ sourceId: b.sourceId, version: 2, assetId: "image-2" });
    expect(await h.deps.storage.exists(logoKey(u.id, redSha))).toBe(false);
    expect(await h.deps.storage.exists(logoKey(u.id, blueSha))).toBe(true);

    // The same bytes from another source are the same copy: replacing one by the other keeps the file.
    const c = await seedSource(h, u.id, {
      versions: [{ assets: [{ id: "logo-1", type: "logo", contentType: "image/png", data: blue }] }],
    });
    const third = await put({ logo: { sourceId: c.sourceId, assetId: "logo-1" } }, u.key);
    expect(third.body.logo).toMatchObject({ sourceId: c.sourceId, version: 1, file: { sha256: blueSha } });
    expect(await h.deps.storage.get(logoKey(u.id, blueSha))).toEqual(blue);

    const cleared = await put({}, u.key);
    expect(cleared.body.logo).toBeNull();
    expect(await h.deps.storage.exists(logoKey(u.id, blueSha))).toBe(false);
  });

  it("keeps the copy of the same logo without reading its source again (deleted, files gone)", async () => {
    const u = await h.user();
    const src = await seedSource(h, u.id);
    const logo = { sourceId: src.sourceId, version: 1, assetId: "logo-1" };
    const first = await put({ logo }, u.key);
    expect(first.status, first.text).toBe(200);
    await h.deps.db.kysely
      .updateTable("marketing_sources")
      .set({ deleted_at: h.clock.now().toISOString(), url: null, origin: null })
      .where("id", "=", src.sourceId)
      .execute();
    await h.deps.storage.delete(`sources/${src.sourceId}/v1/source.json`);
    await h.deps.storage.delete(`sources/${src.sourceId}/v1/logo-1`);
    h.clock.advance(1000);
    const again = await put({ logo, musicMood: "calm" }, u.key);
    expect(again.status, again.text).toBe(200);
    const withoutUrl = (logo: { file: Record<string, unknown> }) => ({
      ...logo,
      file: { ...logo.file, url: undefined, expiresAt: undefined },
    });
    expect(withoutUrl(again.body.logo)).toEqual(withoutUrl(first.body.logo));
    expect(await h.deps.storage.exists(logoKey(u.id, first.body.logo.file.sha256))).toBe(true);
    // Leaving the version out asks for "the latest", which needs the source: now deleted.
    await refusedUnchanged({ logo: { sourceId: src.sourceId, assetId: "logo-1" } }, 410, "source_deleted", u.key);
  });

  it("refuses a logo the source cannot give, in the decision's order, changing nothing", async () => {
    await put(fullKit());
    const other = await h.user();
    const foreign = await seedSource(h, other.id);
    const refresh = await seedSource(h, user.id, { versions: [{}, {}] });
    const deleted = await seedSource(h, user.id, { deleted: true });
    const running = await seedSource(h, user.id, { state: "running" });
    const failed = await seedSource(h, user.id, { state: "failed" });
    const expired = await seedSource(h, user.id, { versions: [{ expired: true }] });
    const partly = await seedSource(h, user.id, { versions: [{ expired: true }, {}] });
    const odd = await seedSource(h, user.id, {
      versions: [
        {
          assets: [
            { id: "logo-1", type: "logo", contentType: "image/png" },
            { id: "captions-1", type: "captions", contentType: "text/vtt", data: Buffer.from("WEBVTT\n") },
            { id: "image-1", type: "image", contentType: "image/svg+xml", data: Buffer.from("<svg/>") },
            { id: "image-2", type: "image", contentType: "image/png", skipped: "too_large" },
            { id: "image-3", type: "image", contentType: "image/png", data: await pngOf("#333333"), fileMissing: true },
            { id: "image-4", type: "image", contentType: "image/png", data: await pngOf("#444444"), tampered: true },
          ],
        },
      ],
    });
    const logo = (sourceId: string, assetId = "logo-1", version?: number) => ({
      logo: { sourceId, assetId, ...(version ? { version } : {}) },
    });

    const unknown = "0190f0b8-0000-7000-8000-000000000000";
    expect((await refusedUnchanged(logo(unknown), 404, "source_not_found")).details).toEqual({ sourceId: unknown });
    expect((await refusedUnchanged(logo("not-an-id"), 404, "source_not_found")).details).toEqual({
      sourceId: "not-an-id",
    });
    await refusedUnchanged(logo(foreign.sourceId), 404, "source_not_found");
    // A refresh's id names a refresh, not a source.
    await refusedUnchanged(logo(refresh.versions[1]?.jobId as string), 404, "source_not_found");
    expect((await refusedUnchanged(logo(deleted.sourceId), 410, "source_deleted")).details).toEqual({
      sourceId: deleted.sourceId,
    });
    expect((await refusedUnchanged(logo(running.sourceId), 409, "source_not_ready")).details).toEqual({
      state: "running",
    });
    expect((await refusedUnchanged(logo(failed.sourceId), 409, "source_not_ready")).details).toEqual({
      state: "failed",
    });
    expect((await refusedUnchanged(logo(expired.sourceId), 410, "source_expired")).details).toEqual({
      sourceId: expired.sourceId,
    });
    expect(
      (await refusedUnchanged(logo(refresh.sourceId, "logo-1", 3), 404, "source_version_not_found")).details,
    ).toEqual({
      version: 3,
      latestVersion: 2,
    });
    expect((await refusedUnchanged(logo(partly.sourceId, "logo-1", 1), 410, "source_version_expired")).details).toEqual(
      {
        version: 1,
        retainedVersions: [2],
      },
    );
    expect((await refusedUnchanged(logo(odd.sourceId, "logo-9"), 400, "brand_logo_source_mismatch")).details).toEqual({
      sourceId: odd.sourceId,
      version: 1,
      assetId: "logo-9",
    });
    for (const assetId of ["captions-1", "image-1"]) {
      const error = await refusedUnchanged(logo(odd.sourceId, assetId), 400, "invalid_brand_kit");
      expect(error.details.issues).toEqual([
        { path: "body.logo.assetId", code: "not_an_image", message: expect.any(String) },
      ]);
    }
    const notRetained = async (assetId: string) =>
      (await refusedUnchanged(logo(odd.sourceId, assetId), 400, "brand_logo_not_retained")).details;
    expect(await notRetained("image-2")).toEqual({
      sourceId: odd.sourceId,
      version: 1,
      assetId: "image-2",
      reason: "too_large",
    });
    expect(await notRetained("image-3")).toMatchObject({ reason: "file_missing" });
    expect(await notRetained("image-4")).toMatchObject({ reason: "sha256_mismatch" });

    // The partly expired source still gives its retained version.
    const ok = await put(logo(partly.sourceId));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.logo).toMatchObject({ sourceId: partly.sourceId, version: 2 });
  });

  it("answers a manifest that is gone or fails its schema as brand_logo_not_retained manifest_unreadable, logging the latter", async () => {
    await put(fullKit());
    const gone = await seedSource(h, user.id);
    await h.deps.storage.delete(`sources/${gone.sourceId}/v1/source.json`);
    // Only `assets` is kept: enough for a reader that looked at nothing else, not the published schema.
    const partial = await seedSource(h, user.id);
    const key = `sources/${partial.sourceId}/v1/source.json`;
    const { assets } = JSON.parse((await h.deps.storage.get(key)).toString("utf8"));
    await h.deps.storage.put(key, Buffer.from(JSON.stringify({ assets })));
    const errors = vi.spyOn(h.deps.log, "error");
    try {
      for (const src of [gone, partial]) {
        const refused = await refusedUnchanged(
          { logo: { sourceId: src.sourceId, assetId: "logo-1" } },
          400,
          "brand_logo_not_retained",
        );
        expect(refused.details).toEqual({
          sourceId: src.sourceId,
          version: 1,
          assetId: "logo-1",
          reason: "manifest_unreadable",
        });
      }
      expect(errors.mock.calls).toEqual([
        [
          expect.objectContaining({ sourceId: partial.sourceId, version: 1, issues: expect.any(Array) }),
          "a source version's manifest fails its schema",
        ],
      ]);
    } finally {
      errors.mockRestore();
    }
  });

  it("leaves exactly the winning logo's copy when two PUTs race", async () => {
    const u = await h.user();
    const sources = [];
    for (const colour of ["#15803d", "#9333ea", "#0891b2"]) {
      const data = await pngOf(colour);
      sources.push(
        await seedSource(h, u.id, {
          versions: [{ assets: [{ id: "logo-1", type: "logo", contentType: "image/png", data }] }],
        }),
      );
    }
    const [first, ...racing] = sources as [(typeof sources)[0], ...typeof sources];
    await put({ logo: { sourceId: first.sourceId, assetId: "logo-1" } }, u.key);
    const answers = await Promise.all(
      racing.map((s) => put({ logo: { sourceId: s.sourceId, assetId: "logo-1" } }, u.key)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const kit = (await get(u.key)).body;
    const shas = sources.map((s) => s.versions[0]?.sha256["logo-1"] as string);
    const kept = await Promise.all(shas.map((sha) => h.deps.storage.exists(logoKey(u.id, sha))));
    expect(kept).toEqual(shas.map((sha) => sha === kit.logo.file.sha256));
    expect(kit.logo.file.sha256).not.toBe(shas[0]);
  });

  it("keeps accounts apart", async () => {
    const a = await h.user();
    const b = await h.user();
    const src = await seedSource(h, a.id);
    const res = await put({ ...fullKit(), logo: { sourceId: src.sourceId, assetId: "logo-1" } }, a.key);
    expect(res.status, res.text).toBe(200);
    expect((await get(b.key)).body).toEqual(EMPTY);
    await refusedUnchanged({ logo: { sourceId: src.sourceId, assetId: "logo-1" } }, 404, "source_not_found", b.key);
    expect((await get(a.key)).body).toEqual(res.body);
  });
});

describe("GET /catalog/render-options fonts", () => {
  it("lists the installed font catalogue, one default, and a kit may name any of them", async () => {
    const res = await h.request("GET", "/catalog/render-options", { token: user.key });
    expect(res.status).toBe(200);
    expect(res.body.fonts).toEqual(
      h.deps.fonts.fonts.map((f) => ({
        id: f.id,
        family: f.family,
        category: f.category,
        weights: f.weights,
        isDefault: f.isDefault,
      })),
    );
    expect(res.body.fonts.length).toBeGreaterThan(0);
    expect(res.body.fonts.filter((f: { isDefault: boolean }) => f.isDefault)).toHaveLength(1);
    const last = res.body.fonts.at(-1).id;
    const kit = await put({ fonts: { heading: last, body: res.body.fonts[0].id } });
    expect(kit.status, kit.text).toBe(200);
    expect(kit.body.fonts).toEqual({ heading: last, body: res.body.fonts[0].id });
  });
});
