import { describe, expect, it } from "vitest";
import { musicBedKey } from "../../src/media/music/bed.js";
import { ATTACK_SECONDS, DUCK_DB, duckEnvelope, RELEASE_SECONDS } from "../../src/media/soundtrack/duck.js";
import { spokenLineKey } from "../../src/media/tts/spoken-line-key.js";

const RATE = 48_000;
const dbAt = (env: Float32Array, seconds: number) => 20 * Math.log10(env[Math.round(seconds * RATE)] as number);

describe("the music's duck under the voice", () => {
  it("is -12 dB while a line is spoken, reached 150 ms before it, let go over 400 ms after", () => {
    expect([DUCK_DB, ATTACK_SECONDS, RELEASE_SECONDS]).toEqual([-12, 0.15, 0.4]);
    const env = duckEnvelope([{ start: 2, end: 5 }], 10 * RATE, RATE);
    expect(env.length).toBe(10 * RATE);
    expect(dbAt(env, 1)).toBe(0);
    expect(dbAt(env, 1.85)).toBeCloseTo(0, 2);
    expect(dbAt(env, 1.925)).toBeCloseTo(-6, 1); // halfway through the attack, in dB
    for (const t of [2, 3, 4.99]) expect(dbAt(env, t)).toBeCloseTo(-12, 2);
    expect(dbAt(env, 5.2)).toBeCloseTo(-6, 1); // halfway through the release
    expect(dbAt(env, 5.4)).toBeCloseTo(0, 2);
    expect(dbAt(env, 9)).toBe(0);
  });

  it("stays down across a gap shorter than the release and the next attack, and clips to the track", () => {
    const env = duckEnvelope(
      [
        { start: 0, end: 2 },
        { start: 2.4, end: 4 },
        { start: 9.9, end: 12 },
      ],
      10 * RATE,
      RATE,
    );
    expect(dbAt(env, 0)).toBeCloseTo(-12, 2);
    // In the 0.4 s gap the release (from 2 s) meets the next attack (from 2.25 s) at 2.29 s, 3.3 dB down:
    // the bed never comes all the way up between lines that close.
    let loudest = Number.NEGATIVE_INFINITY;
    for (let t = 2; t <= 2.4; t += 0.001) loudest = Math.max(loudest, dbAt(env, t));
    expect(loudest).toBeCloseTo(-12 * (1 - 0.4 / 1.375 / 0.4), 1);
    expect(dbAt(env, 9.95)).toBeCloseTo(-12, 2);
  });

  it("is the same array every time", () => {
    const spans = [
      { start: 0.3, end: 2.71 },
      { start: 3.1, end: 7.77 },
    ];
    const bytes = () => Buffer.from(duckEnvelope(spans, RATE * 8, RATE).buffer);
    expect(bytes().equals(bytes())).toBe(true);
  });
});

describe("content keys", () => {
  it("name a bed by its mood's style, tempo, bars, length and soundfont", () => {
    const bed = { mood: "calm", tempo: 72, bars: 9, seconds: 30 };
    const key = musicBedKey(bed);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(musicBedKey({ ...bed })).toBe(key);
    expect(musicBedKey({ ...bed, soundfont: "/usr/share/sounds/sf2/FluidR3_GM.sf2" })).toBe(key);
    const others = [
      { ...bed, mood: "cinematic" },
      { ...bed, tempo: 72.5 },
      { ...bed, bars: 10 },
      { ...bed, seconds: 30.1 },
      { ...bed, soundfont: "/other.sf2" },
    ].map(musicBedKey);
    expect(new Set([key, ...others]).size).toBe(6);
  });

  it("name a spoken line by its engine, voice, text and speed", () => {
    const line = { engine: "festival", voice: "cmu_us_slt_arctic_hts", text: "Plan a crossing.", speed: 1 };
    const key = spokenLineKey(line);
    expect(spokenLineKey({ ...line, text: " Plan a crossing. " })).toBe(key);
    const others = [
      { ...line, engine: "espeak-ng" },
      { ...line, voice: "kal_diphone" },
      { ...line, text: "Plan a crossing!" },
      { ...line, speed: 1.1 },
    ].map(spokenLineKey);
    expect(new Set([key, ...others]).size).toBe(5);
  });
});
