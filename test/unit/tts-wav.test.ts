import { describe, expect, it } from "vitest";
import { parseWav, trimEdgeSilence } from "../../src/media/tts/wav.js";

/** A mono 16-bit PCM WAV with the given samples (and an optional extra chunk before `data`). */
function wav(samples: number[], opts: { sampleRate?: number; extraChunk?: boolean; declaredData?: number } = {}) {
  const sampleRate = opts.sampleRate ?? 22050;
  const data = Buffer.alloc(samples.length * 2);
  for (const [i, s] of samples.entries()) data.writeInt16LE(s, i * 2);
  const fmt = Buffer.alloc(24);
  fmt.write("fmt ", 0, "ascii");
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(1, 10);
  fmt.writeUInt32LE(sampleRate, 12);
  fmt.writeUInt32LE(sampleRate * 2, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const extra = opts.extraChunk
    ? Buffer.concat([Buffer.from("LIST"), Buffer.from([3, 0, 0, 0]), Buffer.from("abc\0")])
    : Buffer.alloc(0);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write("data", 0, "ascii");
  dataHeader.writeUInt32LE(opts.declaredData ?? data.length, 4);
  const body = Buffer.concat([Buffer.from("WAVE"), fmt, extra, dataHeader, data]);
  const riff = Buffer.alloc(8);
  riff.write("RIFF", 0, "ascii");
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

describe("parseWav", () => {
  it("reads rate, duration and peak of a PCM file", () => {
    const info = parseWav(wav([0, 16384, -32768, 0], { sampleRate: 4 }));
    expect(info).toEqual({
      sampleRate: 4,
      channels: 1,
      bitsPerSample: 16,
      dataBytes: 8,
      truncated: false,
      durationSeconds: 1,
      peak: 1,
    });
  });

  it("skips unknown chunks (padded to even sizes) before data", () => {
    expect(parseWav(wav([100, -100], { extraChunk: true }))?.durationSeconds).toBeCloseTo(2 / 22050);
  });

  it("reports silence as peak 0 and a cut-short file as truncated", () => {
    expect(parseWav(wav([0, 0, 0]))?.peak).toBe(0);
    const cut = parseWav(wav([1, 2], { declaredData: 0xffffffff }));
    expect(cut).toMatchObject({ truncated: true, dataBytes: 4 });
  });

  it("refuses what is not a PCM WAV file", () => {
    expect(parseWav(Buffer.from("not a wav file at all"))).toBeNull();
    expect(parseWav(Buffer.alloc(0))).toBeNull();
    const mp3ish = wav([1]);
    mp3ish.writeUInt16LE(85, 20); // format tag: MPEG layer 3
    expect(parseWav(mp3ish)).toBeNull();
  });
});

describe("trimEdgeSilence", () => {
  const samples = (info: Buffer) => {
    const parsed = parseWav(info);
    const start = info.length - (parsed?.dataBytes ?? 0);
    return Array.from({ length: (parsed?.dataBytes ?? 0) / 2 }, (_v, i) => info.readInt16LE(start + i * 2));
  };

  it("cuts the silence before and after the sound to a 50 ms margin, keeping the sound as it was", () => {
    // 100 Hz: 1 s of near-silence (below -40 dBFS), 0.5 s of sound, 2 s of near-silence.
    const sound = Array.from({ length: 50 }, (_v, i) => (i % 2 === 0 ? 8000 : -8000));
    const input = wav([...Array(100).fill(200), ...sound, ...Array(200).fill(-100)], {
      sampleRate: 100,
      extraChunk: true,
    });
    const out = trimEdgeSilence(input);
    const info = parseWav(out);
    expect(info).toMatchObject({ sampleRate: 100, channels: 1, bitsPerSample: 16, truncated: false });
    expect(out.length).toBe(44 + (5 + 50 + 5) * 2);
    expect(samples(out)).toEqual([...Array(5).fill(200), ...sound, ...Array(5).fill(-100)]);
  });

  it("leaves all-silent audio and audio with no edge silence as they are", () => {
    const silent = wav([0, 0, 0, 0]);
    expect(trimEdgeSilence(silent)).toBe(silent);
    const loud = wav([9000, -9000, 9000], { sampleRate: 100 });
    expect(samples(trimEdgeSilence(loud))).toEqual([9000, -9000, 9000]);
  });
});
