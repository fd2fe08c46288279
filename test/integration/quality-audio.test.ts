import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureLoudness } from "../../src/media/ffmpeg/loudness.js";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";
import { measureAudio } from "../../src/media/quality/audio-figures.js";

/**
 * The quality report's audio figures on a track whose speech and pauses are known: a tone stands for
 * speech 0–2 s, 2.5–4 s and 6–8 s of a 9 s AAC track (AAC as a render muxes it), so the silences are a
 * 0.5 s pause inside speech, a 2 s gap and a 1 s tail.
 */
describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("quality report: audio figures (ffmpeg)", () => {
  let dir: string;
  let track: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cw-quality-audio-"));
    track = join(dir, "speech.m4a");
    const speaking = "(between(t,0,2)+between(t,2.5,4)+between(t,6,8))";
    await runFfmpeg([
      "-f",
      "lavfi",
      "-i",
      `aevalsrc='0.25*sin(2*PI*440*t)*gt(${speaking},0)':d=9:s=48000`,
      "-c:a",
      "aac",
      "-b:a",
      "128k",
      "-y",
      track,
    ]);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("measures speech strictly, speaking with its short pauses, the longest silence and the loudness in one pass", async () => {
    const figures = await measureAudio(track, 9);
    // Speech 5.5 s of 9; speaking adds the 0.5 s pause between speech (not the gap, not the tail).
    expect(figures.speechSeconds).toBeGreaterThan(5.4);
    expect(figures.speechSeconds).toBeLessThan(5.6);
    expect(figures.speechShare).toBeCloseTo(figures.speechSeconds / 9, 9);
    expect(figures.speakingSeconds - figures.speechSeconds).toBeGreaterThan(0.4);
    expect(figures.speakingSeconds - figures.speechSeconds).toBeLessThan(0.6);
    expect(figures.longestSilence.start).toBeGreaterThan(3.9);
    expect(figures.longestSilence.start).toBeLessThan(4.1);
    expect(figures.longestSilence.seconds).toBeGreaterThan(1.9);
    expect(figures.longestSilence.seconds).toBeLessThan(2.1);
    // The same loudness as ebur128 run alone (the render's loudness step measures that way).
    const alone = await measureLoudness(track);
    expect(figures.integratedLufs).toBeCloseTo(alone.integrated, 1);
    expect(figures.truePeakDbtp).toBeCloseTo(alone.truePeak, 1);
    expect(figures.integratedLufs).toBeLessThan(-5);
    expect(figures.integratedLufs).toBeGreaterThan(-20);
  });
});
