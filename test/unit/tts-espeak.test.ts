import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SynthesisFailedError, TtsUnavailableError } from "../../src/media/tts/engine.js";
import { EspeakEngine } from "../../src/media/tts/espeak.js";
import { parseWav } from "../../src/media/tts/wav.js";
import { longestInnerSilence, PRESENTER_LINES, wordCount } from "../support/presenter-lines.js";

const enUs = { id: "espeak-ng:en-us", engine: "espeak-ng", engineVoice: "en-us" };
const dir = mkdtempSync(join(tmpdir(), "cw-tts-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("EspeakEngine (real espeak-ng)", () => {
  const engine = new EspeakEngine();

  it("answers a WAV file whose header matches the reported duration and rate", async () => {
    const out = await engine.synthesize("Hello from the test suite.", enUs);
    expect(out.contentType).toBe("audio/wav");
    expect(out.buffer.toString("ascii", 0, 4)).toBe("RIFF");
    const info = parseWav(out.buffer);
    expect(info?.sampleRate).toBe(out.sampleRate);
    expect(out.sampleRate).toBeGreaterThan(0);
    expect(out.durationSeconds).toBeGreaterThan(0.5);
    expect(info?.durationSeconds).toBe(out.durationSeconds);
  });

  it("speaks at a presenter's pace (140–160 words per minute of speech), not espeak-ng's hurried default", async () => {
    let seconds = 0;
    let longestPause = 0;
    for (const line of PRESENTER_LINES) {
      const out = await engine.synthesize(line, enUs);
      seconds += out.durationSeconds; // the speech alone: the engine's trailing silence is cut
      longestPause = Math.max(longestPause, longestInnerSilence(out.buffer));
    }
    const wpm = (PRESENTER_LINES.map(wordCount).reduce((a, b) => a + b, 0) * 60) / seconds;
    expect(wpm).toBeGreaterThanOrEqual(140);
    expect(wpm).toBeLessThanOrEqual(160);
    expect(longestPause).toBeLessThanOrEqual(0.5);
  });

  it("speaks text that looks like an option instead of obeying it", async () => {
    const out = await engine.synthesize("--version -v de", enUs);
    expect(out.durationSeconds).toBeGreaterThan(0.3);
  });

  it("is deterministic: the same text gives the same bytes", async () => {
    const [a, b] = await Promise.all([engine.synthesize("Same again.", enUs), engine.synthesize("Same again.", enUs)]);
    expect(a.buffer.equals(b.buffer)).toBe(true);
  });

  it("fails with SynthesisFailedError when nothing in the text is speakable", async () => {
    await expect(engine.synthesize("   ", enUs)).rejects.toBeInstanceOf(SynthesisFailedError);
  });

  it("is unavailable when the binary is missing, the voice is not installed, or it hangs", async () => {
    await expect(new EspeakEngine("/nonexistent/espeak-ng").synthesize("Hi.", enUs)).rejects.toBeInstanceOf(
      TtsUnavailableError,
    );
    await expect(engine.synthesize("Hi.", { ...enUs, engineVoice: "xx-nope" })).rejects.toBeInstanceOf(
      TtsUnavailableError,
    );
    // Never exits by itself (reads its stdin, which stays open): only the engine's timeout ends it.
    const hang = join(dir, "hang.sh");
    writeFileSync(hang, "#!/bin/sh\nexec cat >/dev/null\n");
    chmodSync(hang, 0o755);
    const hung = await new EspeakEngine(hang, 200).synthesize("Hi.", enUs).catch((e: unknown) => e);
    expect(hung).toBeInstanceOf(TtsUnavailableError);
    expect((hung as Error).message).toBe("espeak-ng timed out after 200 ms");
    await expect(engine.synthesize("Hi.", { ...enUs, engine: "festival" })).rejects.toBeInstanceOf(TtsUnavailableError);
  });
});
