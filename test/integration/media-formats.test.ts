import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rgbToYuv } from "../../src/media/compose/canvas.js";
import { posterFrame } from "../../src/media/ffmpeg/encode.js";
import { GIF_FPS } from "../../src/media/ffmpeg/encode-gif.js";
import { muxWebm, opusTrack } from "../../src/media/ffmpeg/mux-webm.js";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";
import { designedPicture, startEncoder, writeHeld } from "../support/format-encode.js";

const grey = (width: number, height: number, v: number) =>
  Buffer.concat([Buffer.alloc(width * height, v), Buffer.alloc((width * height) / 2, 128)]);

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("WebM and GIF from the picture stream", () => {
  let dir: string;
  let sine: string;
  let n = 0;
  const file = (ext: string) => join(dir, `out-${n++}.${ext}`);

  /** Each frame's mean luma, read back as full-range grey. */
  async function lumaLevels(video: string): Promise<number[]> {
    const out = file("gray");
    await runFfmpeg(["-y", "-i", video, "-vf", "scale=1:1,format=gray", "-f", "rawvideo", out]);
    return [...(await readFile(out))];
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cw-formats-"));
    sine = join(dir, "sine.wav");
    await runFfmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1.2", sine]);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("makes a WebM: VP9 yuv420p at the export's size, every frame, Opus 48 kHz as long as the video", async () => {
    const size = { width: 1080, height: 1920, fps: 30, frames: 45 };
    const video = file("webm");
    const look = (barX: number) => designedPicture(1080, 1920, { top: 40, bottom: 200, card: [180, 90, 160], barX });
    const pictures = new Map([0, 10, 12, 30].map((f) => [f, look(f * 20)]));
    await writeHeld(startEncoder("webm", { ...size, videoFilter: null, out: video }), size.frames, pictures);
    const track = file("opus.webm");
    const out = file("webm");
    await opusTrack(sine, size, track);
    await muxWebm(video, track, out);

    const info = await probe(out, { countFrames: true });
    expect(info.format).toContain("webm");
    expect(info.video).toMatchObject({
      codec: "vp9",
      pixFmt: "yuv420p",
      width: 1080,
      height: 1920,
      frameRate: 30,
      frames: 45,
    });
    expect(info.audio).toMatchObject({ codec: "opus", sampleRate: 48_000, channels: 2 });
    // The container's span runs from Opus's pre-skip (6.5 ms before 0) to the end of its last 20 ms packet;
    // what plays is exact: the Opus track decodes to the video's length in samples (padding discarded).
    expect(info.durationSeconds).toBeGreaterThanOrEqual(1.5);
    expect(info.durationSeconds).toBeLessThanOrEqual(1.5 + 0.0065 + 0.02);
    const pcm = file("pcm");
    await runFfmpeg(["-y", "-i", out, "-map", "0:a", "-f", "s16le", "-ac", "1", "-ar", "48000", pcm]);
    expect((await readFile(pcm)).length / 2).toBe(1.5 * 48_000);
  }, 60_000);

  it("makes a GIF at most 480 px, at its own frame rate and length, with a palette made for its pictures", async () => {
    const frames = 3 * GIF_FPS;
    const out = file("gif");
    const [cardY, cardU, cardV] = rgbToYuv(220, 38, 38).map(Math.round) as [number, number, number];
    const look = (barX: number) =>
      designedPicture(270, 480, { top: 60, bottom: 220, card: [cardY, cardU, cardV], barX });
    const pictures = new Map([0, 5, 6, 7, 30].map((f) => [f, look(f * 6)]));
    await writeHeld(
      startEncoder("gif", { width: 270, height: 480, fps: GIF_FPS, frames, videoFilter: null, out }),
      frames,
      pictures,
    );

    const info = await probe(out, { countFrames: true });
    expect(info.format).toBe("gif");
    expect(info.video).toMatchObject({ codec: "gif", width: 270, height: 480, frames });
    expect(info.audio).toBeUndefined();
    expect(info.durationSeconds).toBeCloseTo(3, 6);
    const bytes = await readFile(out);
    expect(bytes.toString("latin1", 0, 6)).toBe("GIF89a");
    expect(Math.max(bytes.readUInt16LE(6), bytes.readUInt16LE(8))).toBeLessThanOrEqual(480);
    // A global colour table (flag 0x80) of 2^(n+1) entries: the one palette made for these pictures.
    const packed = bytes[10] as number;
    expect(packed & 0x80).toBe(0x80);
    expect(2 ** ((packed & 7) + 1)).toBeGreaterThan(16);
    // The card's flat red is a palette entry, not a dithered mix: the frame shows it as drawn.
    const rgb = file("rgb");
    await runFfmpeg(["-y", "-i", out, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", rgb]);
    const first = await readFile(rgb);
    const at = (x: number, y: number) => [...first.subarray((y * 270 + x) * 3, (y * 270 + x) * 3 + 3)];
    for (const [x, y] of [
      [100, 150],
      [160, 170],
      [90, 130],
    ] as const)
      expect(at(x, y).map((c, i) => Math.abs(c - ([220, 38, 38][i] as number)) <= 3)).toEqual([true, true, true]);
  });

  // Few pictures, many frames: each held picture is repeated to its next one (MP4 as held P frames).
  it.each([
    ["mp4", 30, 150, [0, 40, 100]],
    ["webm", 30, 150, [0, 40, 100]],
    ["gif", GIF_FPS, 75, [0, 20, 50]],
  ] as const)("gives a %s every frame of a held-picture stream", async (format, fps, frames, changes) => {
    const out = file(format);
    const levels = [40, 200, 110];
    const pictures = new Map(changes.map((f, i) => [f, grey(64, 64, levels[i] as number)]));
    const written = await writeHeld(
      startEncoder(format, { width: 64, height: 64, fps, frames, videoFilter: null, out }),
      frames,
      pictures,
    );
    expect(written).toBeLessThan(frames / 10);
    const info = await probe(out, { countFrames: true });
    expect(info.video?.frames).toBe(frames);
    expect(info.durationSeconds).toBeCloseTo(frames / fps, 6);
    const seen = await lumaLevels(out);
    expect(seen).toHaveLength(frames);
    const full = (v: number) => Math.round(((v - 16) * 255) / 219);
    changes.forEach((from, i) => {
      const until = changes[i + 1] ?? frames;
      const want = full(levels[i] as number);
      expect(seen.slice(from, until).every((l) => Math.abs(l - want) <= 3)).toBe(true);
    });
  });

  it.each(["webm", "gif"] as const)("takes a poster JPEG from a %s", async (format) => {
    const out = file(format);
    const fps = format === "gif" ? GIF_FPS : 30;
    const pictures = new Map([0, 20].map((f, i) => [f, grey(96, 64, [50, 180][i] as number)]));
    await writeHeld(
      startEncoder(format, { width: 96, height: 64, fps, frames: 40, videoFilter: null, out }),
      40,
      pictures,
    );
    const poster = file("jpg");
    await posterFrame(out, 30 / fps, poster);
    const bytes = await readFile(poster);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await probe(poster)).video).toMatchObject({ codec: "mjpeg", width: 96, height: 64 });
    const [level] = await lumaLevels(poster);
    expect(Math.abs((level as number) - Math.round(((180 - 16) * 255) / 219))).toBeLessThanOrEqual(4);
  });

  it("refuses a first picture after frame 0, and a GIF faster than 50 frames a second", async () => {
    const encoder = startEncoder("webm", {
      width: 64,
      height: 64,
      fps: 30,
      frames: 30,
      videoFilter: null,
      out: file("webm"),
    });
    await expect(encoder.write(grey(64, 64, 100), 3)).rejects.toBeInstanceOf(RangeError);
    encoder.kill();
    await encoder.done.catch(() => {});
    expect(() =>
      startEncoder("gif", { width: 64, height: 64, fps: 60, frames: 30, videoFilter: null, out: file("gif") }),
    ).toThrow(RangeError);
  });
});
