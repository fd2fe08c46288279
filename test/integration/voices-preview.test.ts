import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EspeakEngine } from "../../src/media/tts/espeak.js";
import { parseWav } from "../../src/media/tts/wav.js";
import { Harness } from "../../src/testutil/harness.js";
import { fixedCatalog } from "../support/catalogs.js";

const START = new Date("2026-03-10T22:00:00.000Z");
const preview = (h: Harness, token: string, body: unknown) => h.request("POST", "/voices/preview", { token, body });

/** GET of a signed file URL through the app; the body as bytes. */
async function fetchFile(h: Harness, url: string) {
  const u = new URL(url);
  const res = await h.app.inject({ method: "GET", url: `${u.pathname}${u.search}` });
  return { status: res.statusCode, type: res.headers["content-type"], bytes: res.rawPayload };
}

describe("POST /voices/preview", () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await Harness.start({ rateStore: "memory", clockStart: START });
    const u = await h.account();
    token = (await h.key(u.id, ["catalog:read"])).secret;
  });
  afterAll(() => h.close());
  afterEach(() => vi.restoreAllMocks());

  it("speaks with festival's natural English voice (festival engine behind the same route)", async () => {
    const res = await preview(h, token, {
      voiceId: "festival:cmu_us_slt_arctic_hts",
      text: "Welcome to the dashboard (it is new).",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ voiceId: "festival:cmu_us_slt_arctic_hts", language: "en-US" });
    const file = await fetchFile(h, res.body.audio.url);
    expect(parseWav(file.bytes)).toMatchObject({ sampleRate: 48_000, channels: 1 });
    expect(res.body.audio.durationSeconds).toBeGreaterThan(1);
  });

  it("speaks the text with espeak-ng and serves a WAV file by signed URL", async () => {
    const res = await preview(h, token, { voiceId: "espeak-ng:en-us", text: "Welcome to the dashboard." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      voiceId: "espeak-ng:en-us",
      language: "en-US",
      text: "Welcome to the dashboard.",
      audio: { type: "audio", contentType: "audio/wav", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    const { audio } = res.body;
    expect(audio.durationSeconds).toBeGreaterThan(0.5);
    expect(Date.parse(audio.expiresAt)).toBeGreaterThan(h.clock.now().getTime());

    const file = await fetchFile(h, audio.url);
    expect(file.status).toBe(200);
    expect(file.type).toBe("audio/wav");
    expect(file.bytes.length).toBe(audio.bytes);
    expect(file.bytes.toString("ascii", 0, 4)).toBe("RIFF");
    expect(file.bytes.toString("ascii", 8, 12)).toBe("WAVE");
    const info = parseWav(file.bytes);
    expect(info?.durationSeconds).toBeCloseTo(audio.durationSeconds, 2);

    // ffprobe agrees on the duration.
    const dir = mkdtempSync(join(tmpdir(), "cw-preview-"));
    try {
      writeFileSync(join(dir, "p.wav"), file.bytes);
      const probed = execFileSync(
        "ffprobe",
        ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", join(dir, "p.wav")],
        { encoding: "utf8" },
      );
      expect(Number(probed.trim())).toBeGreaterThan(0.5);
      expect(Math.abs(Number(probed.trim()) - audio.durationSeconds)).toBeLessThan(0.01);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reuses the file of an identical request without synthesizing again", async () => {
    const spy = vi.spyOn(EspeakEngine.prototype, "synthesize");
    const body = { voiceId: "espeak-ng:en-us", text: `Reuse check ${Date.now()}.` };
    const first = await preview(h, token, body);
    expect(first.status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    const second = await preview(h, token, body);
    expect(second.status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(second.body.audio.sha256).toBe(first.body.audio.sha256);
    expect(second.body.audio.bytes).toBe(first.body.audio.bytes);
    expect(second.body.audio.durationSeconds).toBe(first.body.audio.durationSeconds);
    expect(new URL(second.body.audio.url).pathname).toBe(new URL(first.body.audio.url).pathname);
    // A different text is a different file.
    const other = await preview(h, token, { ...body, text: `${body.text} Again.` });
    expect(spy).toHaveBeenCalledTimes(2);
    expect(other.body.audio.sha256).not.toBe(first.body.audio.sha256);
  });

  it("defaults the text to a sentence in the chosen language, English otherwise", async () => {
    const de = await preview(h, token, { voiceId: "espeak-ng:de" });
    expect(de.status).toBe(200);
    expect(de.body.language).toBe("de");
    expect(de.body.text).toMatch(/^Hallo!/);
    const fr = await preview(h, token, { voiceId: "espeak-ng:fr-fr", language: "FR" });
    expect(fr.status).toBe(200);
    expect(fr.body.language).toBe("fr");
    expect(fr.body.text).toMatch(/^Bonjour/);
    const fi = await preview(h, token, { voiceId: "espeak-ng:fi" });
    expect(fi.status).toBe(200);
    expect(fi.body.text).toMatch(/^Hello!/);
  });

  it("refuses an unknown voice and a language the voice does not speak", async () => {
    const unknown = await preview(h, token, { voiceId: "espeak-ng:xx-nope" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("voice_unknown");
    const lang = await preview(h, token, { voiceId: "espeak-ng:en-us", language: "de" });
    expect(lang.status).toBe(400);
    expect(lang.body.error.code).toBe("voice_language");
    expect(lang.body.error.details.voiceLanguages).toContain("en-US");
  });

  it("validates the body: text length, voiceId, unknown fields", async () => {
    const cases: unknown[] = [
      { voiceId: "espeak-ng:en-us", text: "x".repeat(201) },
      { voiceId: "espeak-ng:en-us", text: "" },
      { voiceId: "v".repeat(65) },
      { text: "hello" },
      { voiceId: "espeak-ng:en-us", speed: 2 },
      { voiceId: "espeak-ng:en-us", language: "x".repeat(17) },
    ];
    for (const body of cases) {
      const res = await preview(h, token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    const max = await preview(h, token, { voiceId: "espeak-ng:en-us", text: "a ".repeat(100) });
    expect(max.status).toBe(200);
  });

  it("answers 422 preview_failed when the text gives no speech", async () => {
    const res = await preview(h, token, { voiceId: "espeak-ng:en-us", text: "   " });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("preview_failed");
  });

  it("needs catalog:read", async () => {
    const u = await h.account();
    const k = await h.key(u.id, ["account:read"]);
    const res = await preview(h, k.secret, { voiceId: "espeak-ng:en-us" });
    expect(res.body.error.code).toBe("forbidden_scope");
  });
});

describe("voice preview daily caps", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start({
      rateStore: "memory",
      clockStart: START,
      config: { voicePreviewDaily: { perCaller: 2, global: 3 } },
    });
  });
  afterAll(() => h.close());

  it("caps each caller and the product per UTC day, reopening at midnight", async () => {
    const a = await h.user();
    const b = await h.user();
    const body = { voiceId: "espeak-ng:en-us", text: "Cap check." };
    expect((await preview(h, a.key, body)).status).toBe(200);
    // Reused file, still counted.
    expect((await preview(h, a.key, body)).status).toBe(200);
    const perCaller = await preview(h, a.key, body);
    expect(perCaller.status).toBe(429);
    expect(perCaller.body.error.code).toBe("rate_limited");
    expect(perCaller.body.error.details).toEqual({
      class: "expensive",
      scope: "day",
      limit: 2,
      remaining: 0,
      resetAt: "2026-03-11T00:00:00.000Z",
    });
    expect(perCaller.headers["retry-after"]).toBe(String(2 * 3600));
    expect(perCaller.headers["ratelimit-limit"]).toBe("2");
    expect(perCaller.headers["ratelimit-remaining"]).toBe("0");

    // A's session is another caller (one bucket per account), but the product-wide cap is 3.
    expect((await preview(h, a.session, body)).status).toBe(200);
    const global = await preview(h, b.key, body);
    expect(global.status).toBe(429);
    expect(global.body.error.details).toEqual({
      class: "expensive",
      scope: "global",
      limit: 3,
      remaining: 0,
      resetAt: "2026-03-11T00:00:00.000Z",
    });
    expect(global.headers["retry-after"]).toBe(String(2 * 3600));

    // Refusals before counting spend nothing: an unknown voice is still voice_unknown, not 429... and
    // a refused request did not use B's own allowance.
    expect((await preview(h, b.key, { voiceId: "espeak-ng:xx-nope" })).body.error.code).toBe("voice_unknown");

    h.clock.set("2026-03-11T00:00:00.000Z");
    expect((await preview(h, b.key, body)).status).toBe(200);
    expect((await preview(h, b.key, body)).status).toBe(200);
    expect((await preview(h, b.key, body)).body.error.details.scope).toBe("day");
    expect((await preview(h, a.key, body)).status).toBe(200);
  });
});

describe("voice preview without the engine", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start({
      rateStore: "memory",
      clockStart: START,
      // The catalogue lists espeak-ng's voices (read while it was installed, say) but the program the
      // preview runs is gone: detection at this path would list no espeak-ng voice at all.
      catalog: fixedCatalog(),
      config: { espeakBinary: "/nonexistent/espeak-ng", voicePreviewDaily: { perCaller: 1, global: 100 } },
    });
  });
  afterAll(() => h.close());

  it("answers 503 tts_unavailable and does not count the failure", async () => {
    const u = await h.user();
    for (let i = 0; i < 2; i++) {
      const res = await preview(h, u.key, { voiceId: "espeak-ng:en-us", text: "Is anyone there?" });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe("tts_unavailable");
    }
  });
});
