import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SynthesisFailedError, TtsUnavailableError } from "../../src/media/tts/engine.js";
import { FestivalEngine } from "../../src/media/tts/festival.js";
import { parseWav } from "../../src/media/tts/wav.js";

const slt = { id: "festival:cmu_us_slt_arctic_hts", engine: "festival", engineVoice: "cmu_us_slt_arctic_hts" };
const dir = mkdtempSync(join(tmpdir(), "cw-festival-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Narration lines of the kind the planner writes: long and short words, lists, a name, a number.
const LINES = [
  "The dashboard opens on four figures: monthly earnings, annual earnings, tasks and pending requests.",
  "Next, the charts page plots revenue for each month of the year.",
  "Type London into the search box, and the table narrows to the offices there.",
  "Settings are split into three tabs: profile, notifications and billing.",
  "Welcome to SB Admin 2, a free dashboard template built on Bootstrap.",
];
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

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

  it("speaks at a presenter's pace: 140–160 words per minute over typical narration lines", async () => {
    let seconds = 0;
    for (const line of LINES) seconds += (await engine.synthesize(line, slt)).durationSeconds;
    const wpm = (LINES.map(words).reduce((a, b) => a + b, 0) * 60) / seconds;
    expect(wpm).toBeGreaterThanOrEqual(140);
    expect(wpm).toBeLessThanOrEqual(160);
  });

  it("speaks Scheme in the text as words: nothing in it is evaluated", async () => {
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
