import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concatAudio } from "../../src/media/ffmpeg/encode.js";
import { measureLoudness, normalizeLoudness } from "../../src/media/ffmpeg/loudness.js";
import { muxTracks, narrationTrack } from "../../src/media/ffmpeg/mux.js";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { EspeakEngine } from "../../src/media/tts/espeak.js";
import { FestivalEngine } from "../../src/media/tts/festival.js";
import { streamedVideo } from "../support/streamed-video.js";

// The web's norm for narration: -16 LUFS integrated (±1), true peak at most -1 dBTP.
const inTarget = (l: { integrated: number; truePeak: number }) => {
  expect(l.integrated).toBeGreaterThanOrEqual(-17);
  expect(l.integrated).toBeLessThanOrEqual(-15);
  expect(l.truePeak).toBeLessThanOrEqual(-1);
};

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("narration loudness (ffmpeg ebur128)", () => {
  let dir: string;
  let placed: string;
  const TOTAL = 16;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cw-loudness-"));
    // Real narration as a render places it: festival's English lines and an espeak-ng line, with gaps.
    const festival = new FestivalEngine();
    const espeak = new EspeakEngine();
    const slt = { id: "festival:cmu_us_slt_arctic_hts", engine: "festival", engineVoice: "cmu_us_slt_arctic_hts" };
    const lines = [
      await festival.synthesize("The dashboard opens on four figures: earnings, tasks and requests.", slt),
      await espeak.synthesize("Le tableau de bord affiche quatre chiffres.", {
        id: "espeak-ng:fr-fr",
        engine: "espeak-ng",
        engineVoice: "fr-fr",
      }),
      await festival.synthesize("Type London into the search box, and the table narrows to the offices there.", slt),
    ];
    const segments = [];
    for (const [i, line] of lines.entries()) {
      const path = join(dir, `line-${i}.wav`);
      await writeFile(path, line.buffer);
      segments.push({ path, startSeconds: 0.5 + i * 5 });
    }
    placed = join(dir, "placed.wav");
    await concatAudio(segments, TOTAL, placed);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("raw engine output is far from the norm (what the normalisation fixes)", async () => {
    const raw = await measureLoudness(placed);
    expect(raw.integrated).toBeLessThan(-19);
  });

  it("brings a placed narration track to -16 LUFS ±1 with true peak ≤ -1 dBTP, same format and length", async () => {
    const out = join(dir, "narration.wav");
    const { before } = await normalizeLoudness(placed, out);
    expect(before.integrated).toBeLessThan(-19);
    const after = await measureLoudness(out);
    inTarget(after);
    const [a, b] = await Promise.all([probe(placed), probe(out)]);
    expect(b.audio).toMatchObject({ codec: "pcm_s16le", sampleRate: 48_000, channels: 1 });
    expect(b.audio?.durationSeconds).toBeCloseTo(a.audio?.durationSeconds ?? 0, 6);
  });

  it("stays in the norm once muxed into the video as a render does it (fast AAC coder, stream copy)", async () => {
    const narration = join(dir, "narration-mux.wav");
    await normalizeLoudness(placed, narration);
    const timing = { frames: TOTAL * 10, fps: 10 };
    const video = join(dir, "video-only.mp4");
    const track = join(dir, "narration.m4a");
    const out = join(dir, "v.mp4");
    await streamedVideo(video, { width: 320, height: 180, ...timing });
    await narrationTrack(narration, timing, track);
    await muxTracks(video, track, out);
    inTarget(await measureLoudness(out));
  });

  it("leaves a silent track silent (no gain applied to nothing)", async () => {
    const silent = join(dir, "silent.wav");
    await concatAudio([], 3, silent);
    const out = join(dir, "silent-out.wav");
    await normalizeLoudness(silent, out);
    expect((await measureLoudness(out)).integrated).toBeLessThanOrEqual(-70);
    expect((await probe(out)).audio?.durationSeconds).toBeCloseTo(3, 6);
  });
});
