import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TSchema } from "@sinclair/typebox";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { ApiError } from "../../src/contract/errors.js";
import {
  buildCatalog,
  type Catalog,
  findLanguage,
  loadCatalog,
  type Voice,
} from "../../src/domains/catalog/catalog.js";
import { toLanguageTag } from "../../src/domains/catalog/language-tags.js";
import { catalogOperations } from "../../src/domains/catalog/operations.js";
import { decodeCatalogCursor, encodeCatalogCursor, pageCatalog } from "../../src/domains/catalog/paging.js";
import { type RenderOptionsInput, resolveRenderOptions } from "../../src/domains/catalog/resolve.js";
import {
  espeakVoices,
  festivalVoices,
  parseEspeakVoices,
  parseFestivalVoices,
  runQuietly,
} from "../../src/domains/catalog/voices.js";
import type { DomainServices } from "../../src/domains/services.js";
import { compileValidator } from "../../src/http/validation.js";
import { buildFontCatalogue } from "../../src/media/fonts/catalogue.js";
import type { OperationContext } from "../../src/operations/define.js";

// Captured from `espeak-ng --voices` (1.51, Debian 12), trimmed; the `--/F` row is made up to cover gender.
const ESPEAK_SAMPLE = `Pty Language       Age/Gender VoiceName          File                 Other Languages
 5  af              --/M      Afrikaans          gmw/af               
 5  bpy             --/M      Bishnupriya_Manipuri inc/bpy              
 5  chr-US-Qaaa-x-west --/M      Cherokee_          iro/chr              
 5  cmn             --/M      Chinese_(Mandarin,_latin_as_English) sit/cmn              (zh-cmn 5)(zh 5)
 5  en-029          --/M      English_(Caribbean) gmw/en-029           (en 10)
 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)
 5  en-gb-x-rp      --/M      English_(Received_Pronunciation) gmw/en-GB-x-rp       (en-gb 4)(en 5)
 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)
 5  es-419          --/M      Spanish_(Latin_America) roa/es-419           (es-mx 6)(es 6)
 5  fr-be           --/M      French_(Belgium)   roa/fr-BE            (fr 8)
 5  fr-fr           --/M      French_(France)    roa/fr               (fr 5)
 5  nb              --/F      Norwegian_Bokmål  gmq/nb               (no 5)
 5  piqd            --/M      Klingon            art/piqd             
 5  vi-vn-x-central --/M      Vietnamese_(Central) aav/vi-VN-x-central  
 5  yue             --/M      Chinese_(Cantonese) sit/yue              (zh-yue 5)(zh 8)
 5  yue             --/M      Chinese_(Cantonese,_latin_as_Jyutping) sit/yue-Latn-jyutping (zh-yue 5)(zh 8)
`;

const sampleVoices = (): Voice[] => espeakVoices(parseEspeakVoices(ESPEAK_SAMPLE));
const sampleCatalog = (): Catalog => buildCatalog(sampleVoices());

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("expected an ApiError");
}

describe("espeak-ng voice table", () => {
  it("parses every row, whatever the column drift of long names", () => {
    const rows = parseEspeakVoices(ESPEAK_SAMPLE);
    expect(rows).toHaveLength(16);
    expect(rows[1]).toEqual({
      priority: 5,
      code: "bpy",
      gender: "male",
      name: "Bishnupriya Manipuri",
      file: "inc/bpy",
      others: [],
    });
    expect(rows.find((r) => r.code === "cmn")?.others).toEqual([
      { code: "zh-cmn", priority: 5 },
      { code: "zh", priority: 5 },
    ]);
    expect(rows.find((r) => r.code === "nb")?.gender).toBe("female");
  });

  it("ignores headers, blank lines and noise", () => {
    expect(parseEspeakVoices("Pty Language Age/Gender VoiceName File Other Languages\n\nwarning: something\n")).toEqual(
      [],
    );
  });

  it("makes one voice per language with stable ids and BCP 47 languages", () => {
    const voices = sampleVoices();
    const ids = voices.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("espeak-ng:en-us");
    expect(ids.filter((id) => id === "espeak-ng:yue")).toHaveLength(1); // listed twice, kept once
    expect(ids).not.toContain("espeak-ng:piqd"); // no well-formed BCP 47 reading
    const byId = new Map(voices.map((v) => [v.id, v]));
    expect(byId.get("espeak-ng:en-us")).toMatchObject({
      name: "English (America)",
      language: "en-US",
      languages: ["en-US", "en"],
      engine: "espeak-ng",
      engineVoice: "en-us",
    });
    expect(byId.get("espeak-ng:en-gb-x-rp")).toMatchObject({ language: "en-GB", languages: ["en-GB", "en"] });
    expect(byId.get("espeak-ng:chr-us-qaaa-x-west")).toMatchObject({ name: "Cherokee", language: "chr-US" });
    expect(byId.get("espeak-ng:cmn")?.languages).toEqual(["cmn", "zh"]); // deprecated zh-cmn is dropped
    expect(byId.get("espeak-ng:es-419")?.languages).toEqual(["es-419", "es-MX", "es"]);
    expect(byId.get("espeak-ng:vi-vn-x-central")?.language).toBe("vi-VN");
  });

  it("reads engine codes as well-formed tags", () => {
    expect(toLanguageTag("en-gb-x-gbclan")).toBe("en-GB");
    expect(toLanguageTag("fa-latn")).toBe("fa-Latn");
    expect(toLanguageTag("es-419")).toBe("es-419");
    expect(toLanguageTag("cmn-latn-pinyin")).toBe("cmn-Latn-pinyin");
    expect(toLanguageTag("chr-US-Qaaa-x-west")).toBe("chr-US");
    expect(toLanguageTag("piqd")).toBeNull();
  });
});

describe("festival voices", () => {
  it("parses (voice.list) and keeps the voices whose language is known", () => {
    const names = parseFestivalVoices("(kal_diphone cmu_us_slt_arctic_hts rab_diphone mystery_voice)\n");
    expect(names).toEqual(["kal_diphone", "cmu_us_slt_arctic_hts", "rab_diphone", "mystery_voice"]);
    const voices = festivalVoices(names);
    expect(voices.map((v) => [v.id, v.language, v.gender])).toEqual([
      ["festival:kal_diphone", "en-US", "male"],
      ["festival:cmu_us_slt_arctic_hts", "en-US", "female"],
      ["festival:rab_diphone", "en-GB", "male"],
    ]);
  });

  it("reads nothing from output without a list", () => {
    expect(parseFestivalVoices("")).toEqual([]);
  });
});

describe("buildCatalog", () => {
  it("derives languages from the voices, each with its best voice", () => {
    const catalog = sampleCatalog();
    const langs = catalog.renderOptions.languages;
    expect(langs.map((l) => l.id)).toContain("en");
    expect(catalog.voices.every((v) => v.languages.every((tag) => findLanguage(catalog, tag)))).toBe(true);
    expect(findLanguage(catalog, "en")).toMatchObject({
      name: "English",
      defaultVoiceId: "espeak-ng:en-us",
      voiceCount: 4,
    });
    expect(findLanguage(catalog, "en-GB")?.defaultVoiceId).toBe("espeak-ng:en-gb"); // engine priority 2 beats 5
    expect(findLanguage(catalog, "fr")?.defaultVoiceId).toBe("espeak-ng:fr-fr"); // (fr 5) beats (fr 8)
    expect(findLanguage(catalog, "zh")?.defaultVoiceId).toBe("espeak-ng:cmn"); // (zh 5) beats (zh 8)
    expect(findLanguage(catalog, "EN-us")?.id).toBe("en-US");
    expect(langs.filter((l) => l.isDefault).map((l) => l.id)).toEqual(["en-US"]);
  });

  it("defaults to American English, landscape, desktop, classic captions, the midnight backdrop, no presenter", () => {
    expect(sampleCatalog().defaults).toEqual({
      avatar: "none",
      background: "midnight",
      captionStyle: "classic",
      capture: "desktop",
      orientation: "landscape",
      voiceId: "espeak-ng:en-us",
      language: "en-US",
    });
  });

  it("prefers festival's natural English voice when it is installed, for English only", () => {
    const catalog = buildCatalog([...sampleCatalog().voices, ...festivalVoices(["cmu_us_slt_arctic_hts"])]);
    expect(catalog.defaults).toMatchObject({ voiceId: "festival:cmu_us_slt_arctic_hts", language: "en-US" });
    expect(findLanguage(catalog, "en")?.defaultVoiceId).toBe("festival:cmu_us_slt_arctic_hts");
    expect(findLanguage(catalog, "en-US")?.defaultVoiceId).toBe("festival:cmu_us_slt_arctic_hts");
    expect(findLanguage(catalog, "fr")?.defaultVoiceId).toMatch(/^espeak-ng:fr/);
  });

  it("has no voices, languages or default voice without a speech engine", () => {
    const catalog = buildCatalog([]);
    expect(catalog.voices).toEqual([]);
    expect(catalog.renderOptions.languages).toEqual([]);
    expect(catalog.defaults.voiceId).toBeNull();
    expect(catalog.renderOptions.orientations.map((o) => [o.id, o.width, o.height])).toEqual([
      ["landscape", 1920, 1080],
      ["portrait", 1080, 1920],
      ["square", 1080, 1080],
    ]);
  });

  it("marks exactly one default in every option list", () => {
    for (const list of Object.values(sampleCatalog().renderOptions)) {
      expect(list.filter((e) => e.isDefault)).toHaveLength(1);
    }
  });
});

describe("loadCatalog on this machine", () => {
  // The programs as configured by default: what the app detects with, and what synthesis runs.
  const configured = loadConfig({ CLIPWRIGHT_ENV: "test" });
  // espeak-ng is one of the service's required engines (as in tts-espeak.test.ts): no skip when it is missing.
  it("lists the installed espeak-ng voices", async () => {
    const catalog = await loadCatalog(configured);
    expect(catalog.voices.length).toBeGreaterThan(0);
    const ids = catalog.voices.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    const languages = new Set(catalog.renderOptions.languages.map((l) => l.id));
    for (const v of catalog.voices) {
      expect(languages.has(v.language), v.id).toBe(true);
      expect(v.language.length).toBeLessThanOrEqual(16); // the quote's `language` bound
    }
    // festival and its HTS voice are installed by scripts/setup.mjs like espeak-ng: the natural voice is the default.
    expect(catalog.defaults.voiceId).toBe("festival:cmu_us_slt_arctic_hts");
  });

  it("lists festival's natural US English voice, the default for English; espeak-ng keeps the other languages", async () => {
    const catalog = await loadCatalog(configured);
    expect(catalog.voices.find((v) => v.id === "festival:cmu_us_slt_arctic_hts")).toMatchObject({
      language: "en-US",
      languages: ["en-US", "en"],
      gender: "female",
      engine: "festival",
      engineVoice: "cmu_us_slt_arctic_hts",
    });
    expect(catalog.defaults).toMatchObject({ voiceId: "festival:cmu_us_slt_arctic_hts", language: "en-US" });
    expect(findLanguage(catalog, "en")?.defaultVoiceId).toBe("festival:cmu_us_slt_arctic_hts");
    expect(findLanguage(catalog, "en-US")?.defaultVoiceId).toBe("festival:cmu_us_slt_arctic_hts");
    expect(findLanguage(catalog, "en-GB")?.defaultVoiceId).toMatch(/^espeak-ng:/);
    expect(findLanguage(catalog, "fr")?.defaultVoiceId).toMatch(/^espeak-ng:/);
  });

  it("falls back to espeak-ng's English when festival's text2wave is missing", async () => {
    const catalog = await loadCatalog({ ...configured, text2waveBinary: "/nonexistent/text2wave" });
    expect(catalog.voices.some((v) => v.engine === "festival")).toBe(false);
    expect(catalog.defaults.voiceId).toBe("espeak-ng:en-us");
    expect(findLanguage(catalog, "en")?.defaultVoiceId).toBe("espeak-ng:en-us");
  });

  it("asks an engine that was slow to start once more, so a loaded machine does not lose festival's voices", async () => {
    // A text2wave that hangs on its first run (as a cold start under load can) and answers on the second.
    const dir = mkdtempSync(join(tmpdir(), "cw-slow-tts-"));
    const program = join(dir, "text2wave");
    const voiceList = "(cmu_us_slt_arctic_hts kal_diphone)";
    writeFileSync(
      program,
      `#!/bin/sh\nif [ ! -e "${dir}/started" ]; then touch "${dir}/started"; exec sleep 30; fi\necho "${voiceList}"\n`,
    );
    chmodSync(program, 0o755);
    try {
      expect(await runQuietly(program, [], 500)).toBe(`${voiceList}\n`);
      // A missing program is not waited for twice, and a failing one is simply missing.
      expect(await runQuietly(join(dir, "absent"), [], 500)).toBeNull();
      expect(await runQuietly("false", [], 500)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers an empty voice list when no engine is installed", async () => {
    const catalog = await loadCatalog({
      espeakBinary: "/nonexistent/espeak-ng",
      text2waveBinary: "/nonexistent/text2wave",
    });
    expect(catalog.voices).toEqual([]);
    expect(catalog.plans.length).toBeGreaterThan(0);
  });
});

describe("catalogue cursors", () => {
  const rows = Array.from({ length: 250 }, (_, i) => ({ id: `v${String(i).padStart(3, "0")}` }));

  it("walks a list in pages of 100 by default", () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = pageCatalog(rows, { cursor }, "voices");
      seen.push(...page.data.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(rows.map((r) => r.id));
  });

  it("answers a null cursor when the last page is exactly full", () => {
    const first = pageCatalog(rows.slice(0, 20), { limit: 10 }, "plans");
    expect(first.nextCursor).not.toBeNull();
    const second = pageCatalog(rows.slice(0, 20), { limit: 10, cursor: first.nextCursor ?? undefined }, "plans");
    expect(second.data.map((r) => r.id)).toEqual(rows.slice(10, 20).map((r) => r.id));
    expect(second.nextCursor).toBeNull();
    expect(pageCatalog([], {}, "plans")).toEqual({ data: [], nextCursor: null });
  });

  it("round-trips ids with any characters", () => {
    expect(decodeCatalogCursor(encodeCatalogCursor("voices", "espeak-ng:en-us"), "voices")).toBe("espeak-ng:en-us");
  });

  it.each([
    ["not base64url", "!!!", "malformed"],
    ["base64url of no list", Buffer.from("hello").toString("base64url"), "malformed"],
    ["another list's cursor", encodeCatalogCursor("plans", "v001"), "other_list"],
    ["an id no longer listed", encodeCatalogCursor("voices", "gone"), "stale"],
  ])("refuses %s with invalid_cursor", (_, cursor, reason) => {
    const err = refusal(() => pageCatalog(rows, { cursor }, "voices"));
    expect(err.code).toBe("invalid_cursor");
    expect(err.status).toBe(400);
    expect(err.details).toEqual({ reason });
  });
});

describe("catalogue operations", () => {
  const catalog = sampleCatalog();
  const fonts = buildFontCatalogue([
    {
      family: "Liberation Sans",
      style: "Regular",
      weight: { min: 400, max: 400 },
      upright: true,
      width: 100,
      spacing: null,
    },
  ]);
  const op = (id: string) => {
    const impl = catalogOperations.find((o) => o.id === id);
    if (!impl) throw new Error(id);
    return impl;
  };
  const ajv = addFormats.default(new Ajv({ strict: true, allErrors: true }));
  const call = async (id: string, query: Record<string, unknown> = {}) => {
    const impl = op(id);
    const issues = impl.query ? compileValidator("query", impl.query)(query) : [];
    expect(issues).toEqual([]);
    const ctx = {
      query,
      params: {},
      body: {},
      deps: { catalog, fonts } as unknown as DomainServices,
    } as unknown as OperationContext<never, never, never, DomainServices>;
    const result = await impl.handler(ctx);
    const validate = ajv.compile(impl.responses[200] as TSchema);
    expect(validate(result.body), JSON.stringify(validate.errors)).toBe(true);
    return result.body as { data: { id: string }[]; nextCursor: string | null } & Record<string, unknown>;
  };

  it("implements the four catalogue rows", () => {
    expect(catalogOperations.map((o) => o.id).sort()).toEqual([
      "catalog.getRenderOptions",
      "catalog.listMarketingTemplates",
      "catalog.listPlans",
      "catalog.listVoices",
    ]);
  });

  it("lists plans, templates and voices as pages matching their schemas", async () => {
    expect((await call("catalog.listPlans")).data.map((p) => p.id)).toEqual(["starter", "pro", "business"]);
    const templates = await call("catalog.listMarketingTemplates");
    expect(templates.data.length).toBeGreaterThanOrEqual(4);
    const voices = await call("catalog.listVoices");
    expect(voices.data).toHaveLength(catalog.voices.length);
    expect(voices.data[0]).not.toHaveProperty("engineVoice");
  });

  it("pages with the query's limit and cursor", async () => {
    const first = await call("catalog.listVoices", { limit: "5" });
    expect(first.data).toHaveLength(5);
    const second = await call("catalog.listVoices", { limit: "5", cursor: first.nextCursor });
    expect(second.data[0]?.id).toBe(catalog.voices[5]?.id);
  });

  it("filters voices by language, case-insensitively; an unknown language is an empty page", async () => {
    const english = await call("catalog.listVoices", { language: "EN" });
    expect(english.data.map((v) => v.id)).toEqual([
      "espeak-ng:en-029",
      "espeak-ng:en-gb",
      "espeak-ng:en-gb-x-rp",
      "espeak-ng:en-us",
    ]);
    expect((await call("catalog.listVoices", { language: "en-GB" })).data).toHaveLength(2);
    expect(await call("catalog.listVoices", { language: "xx" })).toEqual({ data: [], nextCursor: null });
  });

  it.each([
    [{ language: "e" }],
    [{ language: "en_US" }],
    [{ language: "en-US-abcdefghijk" }],
    [{ limit: "101" }],
    [{ limit: "0" }],
    [{ cursor: "" }],
    [{ other: "1" }],
  ])("refuses the voices query %j", (query) => {
    expect(compileValidator("query", op("catalog.listVoices").query as TSchema)(query)).not.toEqual([]);
  });

  it("answers render options as one object of seven lists, fonts from the installed catalogue", async () => {
    const body = await call("catalog.getRenderOptions");
    expect(Object.keys(body).sort()).toEqual([
      "avatars",
      "backgrounds",
      "captionStyles",
      "captures",
      "fonts",
      "languages",
      "orientations",
    ]);
    expect(body.fonts).toEqual([
      { id: "liberation-sans", family: "Liberation Sans", category: "sans-serif", weights: [400], isDefault: true },
    ]);
  });
});

describe("resolveRenderOptions", () => {
  const catalog = sampleCatalog();
  const resolve = (input: RenderOptionsInput) => resolveRenderOptions(catalog, input);

  it("fills in every default", () => {
    const r = resolve({});
    expect({
      avatar: r.avatar.id,
      background: r.background.id,
      captionStyle: r.captionStyle.id,
      capture: r.capture.id,
      orientation: r.orientation.id,
      language: r.language,
      voice: r.voice?.id,
      templateId: r.templateId,
      targetSeconds: r.targetSeconds,
      maxSeconds: r.maxSeconds,
    }).toEqual({
      avatar: "none",
      background: "midnight",
      captionStyle: "classic",
      capture: "desktop",
      orientation: "landscape",
      language: "en-US",
      voice: "espeak-ng:en-us",
      templateId: null,
      targetSeconds: null,
      maxSeconds: null,
    });
    expect(resolve({ background: null, voiceId: null }).background.id).toBe("midnight");
  });

  it("takes the language from a named voice and the voice from a named language", () => {
    expect(resolve({ voiceId: "espeak-ng:fr-be" }).language).toBe("fr-BE");
    const french = resolve({ language: "FR" });
    expect([french.language, french.voice?.id]).toEqual(["fr", "espeak-ng:fr-fr"]);
    expect(resolve({ voiceId: "espeak-ng:en-gb", language: "en" }).voice?.id).toBe("espeak-ng:en-gb");
  });

  it("accepts every capture with a compatible orientation", () => {
    expect(resolve({ capture: "phone", orientation: "portrait" }).capture.viewport).toEqual({
      width: 390,
      height: 844,
    });
    expect(resolve({ capture: "phone", orientation: "square" }).orientation.id).toBe("square");
    expect(
      resolve({ capture: "desktop", orientation: "portrait", background: "ocean", captionStyle: "karaoke" }).background
        .colors,
    ).toHaveLength(2);
  });

  it("accepts lengths from the 30-second floor and a known template", () => {
    const r = resolveRenderOptions(
      catalog,
      { targetSeconds: 30, templateId: "t1" },
      { templateExists: (id) => id === "t1" },
    );
    expect([r.targetSeconds, r.templateId]).toEqual([30, "t1"]);
    expect(resolve({ maxSeconds: 600 }).maxSeconds).toBe(600);
  });

  it.each<[string, RenderOptionsInput, Record<string, unknown>]>([
    [
      "orientation_unknown",
      { orientation: "diagonal" },
      { field: "orientation", allowed: ["landscape", "portrait", "square"] },
    ],
    ["capture_unknown", { capture: "tablet" }, { field: "capture", allowed: ["desktop", "phone"] }],
    ["background_unknown", { background: "plaid" }, { field: "background" }],
    ["background_unknown", { background: "" }, { field: "background" }],
    [
      "caption_style_unknown",
      { captionStyle: "Classic" },
      { field: "captionStyle", allowed: ["none", "classic", "bold", "karaoke"] },
    ],
    ["avatar_unknown", { avatar: "alice" }, { field: "avatar", allowed: ["none", "presenter"] }],
    ["language_unknown", { language: "xx" }, { field: "language" }],
    ["language_unknown", { language: "tlh" }, { field: "language" }],
    ["voice_unknown", { voiceId: "espeak-ng:xx" }, { field: "voiceId" }],
    ["voice_unknown", { voiceId: "ESPEAK-NG:EN-US" }, { field: "voiceId" }],
    ["avatar_unavailable", { avatar: "presenter" }, { field: "avatar", avatar: "presenter" }],
    [
      "capture_incompatible",
      { capture: "phone" },
      { capture: "phone", orientation: "landscape", compatibleOrientations: ["portrait", "square"] },
    ],
    [
      "capture_incompatible",
      { capture: "phone", orientation: "landscape" },
      { capture: "phone", orientation: "landscape" },
    ],
    [
      "voice_language",
      { voiceId: "espeak-ng:en-us", language: "fr" },
      { voiceId: "espeak-ng:en-us", language: "fr", voiceLanguages: ["en-US", "en"] },
    ],
    [
      "voice_language",
      { voiceId: "espeak-ng:en-gb", language: "en-US" },
      { voiceId: "espeak-ng:en-gb", language: "en-US" },
    ],
    ["length_below_minimum", { targetSeconds: 29 }, { field: "targetSeconds", minimum: 30 }],
    ["length_below_minimum", { maxSeconds: 10 }, { field: "maxSeconds", minimum: 30 }],
    [
      "options_invalid",
      { targetSeconds: 60, maxSeconds: 120 },
      { reason: "target_and_max_seconds", fields: ["targetSeconds", "maxSeconds"] },
    ],
  ])("refuses with %s: %j", (code, input, details) => {
    const err = refusal(() => resolve(input));
    expect(err.code).toBe(code);
    expect(err.status).toBe(400);
    expect(err.details).toMatchObject(details);
  });

  it("refuses a template the caller does not know, and passes one through when it cannot check", () => {
    const err = refusal(() => resolveRenderOptions(catalog, { templateId: "nope" }, { templateExists: () => false }));
    expect([err.code, err.status, err.details]).toEqual(["template_unknown", 400, { field: "templateId" }]);
    expect(resolve({ templateId: "unchecked" }).templateId).toBe("unchecked");
  });

  it("checks each field before combinations", () => {
    expect(refusal(() => resolve({ capture: "phone", orientation: "landscape", background: "plaid" })).code).toBe(
      "background_unknown",
    );
    expect(refusal(() => resolve({ voiceId: "espeak-ng:en-us", language: "xx" })).code).toBe("language_unknown");
  });

  it("resolves without a voice when no engine is installed, and refuses any named voice or language", () => {
    const empty = buildCatalog([]);
    const r = resolveRenderOptions(empty, {});
    expect([r.voice, r.language]).toEqual([null, null]);
    expect(refusal(() => resolveRenderOptions(empty, { voiceId: "espeak-ng:en-us" })).code).toBe("voice_unknown");
    expect(refusal(() => resolveRenderOptions(empty, { language: "en" })).code).toBe("language_unknown");
  });
});
