import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureLoudness } from "../../src/media/ffmpeg/loudness.js";
import { type MusicBed, renderMusicBed } from "../../src/media/music/bed.js";
import { BED_LUFS } from "../../src/media/music/render.js";
import { MUSIC_MOODS } from "../../src/media/music/tempo.js";
import { mixSoundtrack, type NarrationPlacement, type SoundtrackInput } from "../../src/media/soundtrack/mix.js";
import { writeSilentWav } from "../../src/media/soundtrack/pcm.js";
import { speechAtSpeed } from "../../src/media/tts/at-speed.js";
import { FestivalEngine } from "../../src/media/tts/festival.js";
import { type SpokenLine, speakLines } from "../../src/media/tts/speak-lines.js";
import { parseWav, trimEdgeSilence } from "../../src/media/tts/wav.js";

// The finished sound of a video: festival's lines at a speed, a bed per mood, the mix in each audio mode.
const RATE = 48_000;
const SECONDS = 20;
const LINES = [
  "Tidewell keeps every tide table for your harbour in one place.",
  "Plan a crossing in seconds, with the currents on the chart you know.",
  "Share the plan, and the whole crew sees the same window.",
];
const STARTS = [0.4, 6.8, 13.2];
const slt = { id: "festival:cmu_us_slt_arctic_hts", engine: "festival", engineVoice: "cmu_us_slt_arctic_hts" };

const sha = async (p: string) =>
  createHash("sha256")
    .update(await readFile(p))
    .digest("hex");

/** The 16-bit samples of a canonical (44-byte header) WAV, and its format. */
async function pcm(path: string) {
  const buf = await readFile(path);
  const info = parseWav(buf);
  expect(buf.toString("ascii", 36, 40)).toBe("data");
  const data = buf.subarray(44);
  return { info, samples: new Int16Array(data.buffer, data.byteOffset, data.length / 2) };
}

/** RMS level (dBFS) of a stereo track between two times. */
function rmsDb(samples: Int16Array, from: number, to: number): number {
  let sum = 0;
  const a = Math.round(from * RATE) * 2;
  const b = Math.round(to * RATE) * 2;
  for (let i = a; i < b; i++) sum += ((samples[i] as number) / 32768) ** 2;
  return 10 * Math.log10(sum / (b - a));
}

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("the soundtrack", () => {
  let dir: string;
  let spoken: SpokenLine[];
  const beds = new Map<string, MusicBed>();
  let narration: NarrationPlacement[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cw-sound-"));
    await mkdir(join(dir, "s1"));
    spoken = await speakLines(new FestivalEngine(), slt, LINES, { dir: join(dir, "s1") });
    narration = spoken.map((l, i) => ({ path: l.wavPath as string, startSeconds: STARTS[i] as number }));
    for (const mood of MUSIC_MOODS) {
      await mkdir(join(dir, mood));
      beds.set(mood, await renderMusicBed({ mood, seconds: SECONDS, speed: 1, dir: join(dir, mood) }));
    }
  }, 180_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const mixed = (name: string, over: Partial<SoundtrackInput>) =>
    mixSoundtrack({
      seconds: SECONDS,
      narration,
      music: beds.get("calm")?.path ?? null,
      voiceVolume: 1,
      musicVolume: 0.35,
      out: join(dir, `${name}.wav`),
      ...over,
    });

  it("speaks a line at a speed in 1/speed of its time, pitch kept (atempo)", async () => {
    const at1 = spoken.map((l) => l.durationSeconds);
    expect(at1.every((s) => s > 2)).toBe(true);
    await mkdir(join(dir, "s125"));
    const fast = await speakLines(new FestivalEngine(), slt, LINES, { dir: join(dir, "s125"), speed: 1.25 });
    // The speech itself, first audible sample to last (trimEdgeSilence keeps 50 ms either side).
    const speech = async (p: string) => (parseWav(trimEdgeSilence(await readFile(p)))?.durationSeconds ?? 0) - 0.1;
    for (const speed of [0.9, 1.1, 1.25]) {
      for (const [i, line] of spoken.entries()) {
        const out = join(dir, `line-${i}-${speed}.wav`);
        await speechAtSpeed(line.wavPath as string, speed, out);
        const seconds = parseWav(await readFile(out))?.durationSeconds ?? 0;
        // What the scenes were fitted to: the line at speed 1, divided by the speed (the file, exactly).
        expect(Math.abs(seconds - (at1[i] as number) / speed)).toBeLessThan(1 / RATE);
        const ratio = (await speech(out)) / ((await speech(line.wavPath as string)) / speed);
        expect(Math.abs(ratio - 1), `${speed}× line ${i}`).toBeLessThan(0.015);
        if (speed === 1.25) expect(fast[i]?.durationSeconds).toBeCloseTo(seconds, 6);
      }
    }
  }, 120_000);

  it("levels every mood's bed to the same loudness", async () => {
    for (const [mood, bed] of beds) {
      const l = await measureLoudness(bed.path);
      expect(Math.abs(l.integrated - BED_LUFS), mood).toBeLessThanOrEqual(0.5);
      expect(l.truePeak, mood).toBeLessThan(-1);
    }
  }, 60_000);

  it("is -16 LUFS ±1, true peak ≤ -1 dBTP, 48 kHz stereo of exactly the length, in every mode and mood", async () => {
    const cases: [string, Partial<SoundtrackInput>][] = [
      ["voice_only", { music: null }],
      ...MUSIC_MOODS.flatMap((mood): [string, Partial<SoundtrackInput>][] => [
        [`voice_and_music-${mood}`, { music: beds.get(mood)?.path ?? null }],
        [`music_only-${mood}`, { narration: [], music: beds.get(mood)?.path ?? null }],
      ]),
    ];
    for (const [name, over] of cases) {
      const figures = await mixed(name, over);
      const measured = await measureLoudness(join(dir, `${name}.wav`));
      expect(Math.abs(measured.integrated + 16), name).toBeLessThanOrEqual(1);
      expect(measured.truePeak, name).toBeLessThanOrEqual(-1);
      expect(figures.integratedLufs).toBeCloseTo(measured.integrated, 0);
      expect(figures.truePeakDbtp).toBeLessThanOrEqual(-1);
      expect(figures.loudnessRangeLu).toBeGreaterThanOrEqual(0);
      const { info, samples } = await pcm(join(dir, `${name}.wav`));
      expect([info?.sampleRate, info?.channels, info?.bitsPerSample]).toEqual([RATE, 2, 16]);
      expect(samples.length / 2).toBe(SECONDS * RATE);
    }
  }, 240_000);

  it("is digital silence of the exact length when silent, or when both volumes are 0", async () => {
    const odd = 7.123456;
    for (const [name, over] of [
      ["silent", { narration: [], music: null, seconds: odd }],
      ["zero-volumes", { voiceVolume: 0, musicVolume: 0, seconds: odd }],
    ] as const) {
      const figures = await mixed(name, over);
      const { samples } = await pcm(join(dir, `${name}.wav`));
      expect(samples.length / 2).toBe(Math.round(odd * RATE));
      expect(samples.every((s) => s === 0)).toBe(true);
      expect(figures.integratedLufs).toBe(-70);
    }
  });

  it("drops a part whose volume is 0: no music at musicVolume 0 is the voice-only mix", async () => {
    await mixed("voice-a", { music: null });
    await mixed("voice-b", { musicVolume: 0 });
    expect(await sha(join(dir, "voice-b.wav"))).toBe(await sha(join(dir, "voice-a.wav")));
  }, 60_000);

  it("gives the same bytes for the same inputs", async () => {
    const odd = 19.98765;
    await mixed("again-a", { seconds: odd, music: beds.get("energetic")?.path ?? null });
    await mixed("again-b", { seconds: odd, music: beds.get("energetic")?.path ?? null });
    expect(await sha(join(dir, "again-b.wav"))).toBe(await sha(join(dir, "again-a.wav")));
    expect((await pcm(join(dir, "again-a.wav"))).samples.length / 2).toBe(Math.round(odd * RATE));
  }, 60_000);

  it("ducks the music about 12 dB while a line is spoken", async () => {
    // A "line" of digital silence ducks the bed without adding any voice: the bed alone is heard, ducked.
    const hush = join(dir, "hush.wav");
    await writeSilentWav(hush, 4 * RATE, 1, RATE);
    for (const mood of ["calm", "energetic"]) {
      const music = beds.get(mood)?.path ?? null;
      await mixed(`plain-${mood}`, { narration: [], music });
      await mixed(`ducked-${mood}`, { narration: [{ path: hush, startSeconds: 8 }], music });
      const plain = (await pcm(join(dir, `plain-${mood}.wav`))).samples;
      const ducked = (await pcm(join(dir, `ducked-${mood}.wav`))).samples;
      // Each mix is levelled on its own: the difference away from the line is the levelling's, in it the duck's too.
      const away = rmsDb(ducked, 1, 7.5) - rmsDb(plain, 1, 7.5);
      const under = rmsDb(ducked, 8, 12) - rmsDb(plain, 8, 12);
      expect(under - away, mood).toBeGreaterThan(-13);
      expect(under - away, mood).toBeLessThan(-11);
      // Down 150 ms before the line, up again 400 ms after it.
      const halfAttack = rmsDb(ducked, 7.9, 7.95) - rmsDb(plain, 7.9, 7.95) - away;
      expect(halfAttack).toBeGreaterThan(-9);
      expect(halfAttack).toBeLessThan(-3);
      expect(Math.abs(rmsDb(ducked, 12.5, 14) - rmsDb(plain, 12.5, 14) - away)).toBeLessThan(0.5);
    }
  }, 120_000);
});
