import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SynthesisFailedError, TtsUnavailableError } from "../../src/media/tts/engine.js";
import { FestivalEngine } from "../../src/media/tts/festival.js";
import { parseWav } from "../../src/media/tts/wav.js";
import { longestInnerSilence, PRESENTER_LINES, wordCount } from "../support/presenter-lines.js";

const slt = { id: "festival:cmu_us_slt_arctic_hts", engine: "festival", engineVoice: "cmu_us_slt_arctic_hts" };
const dir = mkdtempSync(join(tmpdir(), "cw-festival-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("FestivalEngine (real festival, the HTS voice festvox-us-slt-hts)", () => {
  const engine = new FestivalEngine();

  it("answers a 48 kHz PCM WAV whose header matches the reported duration", async () => {
    const out = await engine.synthesize("Hello from the test suite.", slt);
    const info = parseWav(out.buffer);
    expect(out.contentType).toBe("audio/wav");
    expect(info).toMatchObject({ sampleRate: 48_000, channels: 1, bitsPerSample: 16, truncated: false });
    expect(out.sampleRate).toBe(48_000);
    expect(info?.durationSeconds).toBe(out.durationSeconds);
    expect(out.durationSeconds).toBeGreaterThan(0.8);
    expect(info?.peak).toBeGreaterThan(0.05);
  });

  it("speaks at a presenter's pace: 140–160 words per minute of speech over presenter lines, pauses under half a second", {
    timeout: 120_000,
  }, async () => {
    let seconds = 0;
    let longestPause = 0;
    for (const out of await engine.synthesizeMany(PRESENTER_LINES, slt)) {
      if (out instanceof SynthesisFailedError) throw out;
      seconds += out.durationSeconds; // the speech alone: the engine's edge silence is cut
      longestPause = Math.max(longestPause, longestInnerSilence(out.buffer));
    }
    const wpm = (PRESENTER_LINES.map(wordCount).reduce((a, b) => a + b, 0) * 60) / seconds;
    expect(wpm).toBeGreaterThanOrEqual(140);
    expect(wpm).toBeLessThanOrEqual(160);
    expect(longestPause).toBeGreaterThan(0.1); // it does pause at commas and full stops…
    expect(longestPause).toBeLessThanOrEqual(0.5); // …briefly
  });

  it("cuts the voice's silence before and after the speech to a short margin", async () => {
    const out = await engine.synthesize("Hello from the test suite.", slt);
    const { dataBytes } = parseWav(out.buffer) ?? { dataBytes: 0 };
    const start = out.buffer.length - dataBytes;
    const loud = (i: number) => Math.abs(out.buffer.readInt16LE(start + i * 2)) >= 328;
    const samples = dataBytes / 2;
    let first = 0;
    while (!loud(first)) first++;
    let last = samples - 1;
    while (!loud(last)) last--;
    expect(first / out.sampleRate).toBeLessThanOrEqual(0.06);
    expect((samples - 1 - last) / out.sampleRate).toBeLessThanOrEqual(0.06);
  });

  it("speaks Scheme in the text as words: nothing in it is evaluated", { timeout: 120_000 }, async () => {
    const marker = join(dir, "pwned");
    const texts = [
      `(system "touch ${marker}")`,
      `Hello"); (system "touch ${marker}") ;(`,
      `"; (system "touch ${marker}")\n(system "touch ${marker}")`,
      `\u0000(system "touch ${marker}")\r(exit)`,
    ];
    for (const text of texts) {
      const out = await engine.synthesize(text, slt);
      expect(out.durationSeconds).toBeGreaterThan(1); // the words were spoken
    }
    expect(existsSync(marker)).toBe(false);
  });

  it("speaks many lines in one run exactly as it speaks each alone, Scheme in them as words, order kept", {
    timeout: 120_000,
  }, async () => {
    const marker = join(dir, "pwned-batch");
    const texts = [
      "Hello from the test suite.",
      `Hello"); (system "touch ${marker}") (quit) ;(`,
      "...",
      "The dashboard opens on four figures.",
    ];
    const many = await engine.synthesizeMany(texts, slt);
    expect(many).toHaveLength(4);
    const [first, scheme, nothing, last] = many;
    expect(nothing).toBeInstanceOf(SynthesisFailedError);
    const alone = await engine.synthesize(texts[0] as string, slt);
    if (first instanceof SynthesisFailedError || !first) throw new Error("the first line gave no speech");
    expect(parseWav(first.buffer)).toMatchObject({ sampleRate: 48_000, channels: 1, truncated: false });
    expect(Math.abs(first.durationSeconds - alone.durationSeconds)).toBeLessThan(0.05);
    expect(scheme).not.toBeInstanceOf(SynthesisFailedError);
    expect((scheme as { durationSeconds: number }).durationSeconds).toBeGreaterThan(1); // spoken, and the run went on
    expect((last as { durationSeconds: number }).durationSeconds).toBeGreaterThan(1);
    expect(existsSync(marker)).toBe(false);
    await expect(engine.synthesizeMany(["Hi."], { ...slt, engineVoice: "no_such_voice" })).rejects.toBeInstanceOf(
      TtsUnavailableError,
    );
  });

  it("never builds Scheme from a voice name that is not a plain name", async () => {
    const marker = join(dir, "pwned-voice");
    const hostile = { ...slt, engineVoice: `cmu_us_slt_arctic_hts) (system "touch ${marker}"` };
    await expect(engine.synthesize("Hi.", hostile)).rejects.toBeInstanceOf(TtsUnavailableError);
    expect(existsSync(marker)).toBe(false);
  });

  it("fails with SynthesisFailedError when nothing in the text is speakable", async () => {
    await expect(engine.synthesize("   ", slt)).rejects.toBeInstanceOf(SynthesisFailedError);
    await expect(engine.synthesize("...", slt)).rejects.toBeInstanceOf(SynthesisFailedError);
  });

  it("is unavailable when the program is missing, the voice is not installed, or the voice is another engine's", async () => {
    await expect(new FestivalEngine("/nonexistent/text2wave").synthesize("Hi.", slt)).rejects.toThrow(
      "festival not installed",
    );
    await expect(engine.synthesize("Hi.", { ...slt, engineVoice: "no_such_voice" })).rejects.toBeInstanceOf(
      TtsUnavailableError,
    );
    await expect(engine.synthesize("Hi.", { ...slt, engine: "espeak-ng" })).rejects.toBeInstanceOf(TtsUnavailableError);
  });
});
