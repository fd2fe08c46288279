import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concatAudio, posterFrame } from "../../src/media/ffmpeg/encode.js";
import { startStreamEncode } from "../../src/media/ffmpeg/encode-stream.js";
import { muxTracks, narrationTrack } from "../../src/media/ffmpeg/mux.js";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { FfmpegError, runFfmpeg, runFfprobe } from "../../src/media/ffmpeg/run.js";
import { streamedVideo } from "../support/streamed-video.js";

/** Offsets of the top-level MP4 boxes, in file order. */
function topLevelBoxes(buf: Buffer): { type: string; offset: number }[] {
  const boxes: { type: string; offset: number }[] = [];
  let off = 0;
  while (off + 8 <= buf.length) {
    let size = buf.readUInt32BE(off);
    const type = buf.toString("latin1", off + 4, off + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(off + 8));
    else if (size === 0) size = buf.length - off;
    boxes.push({ type, offset: off });
    if (size < 8) break;
    off += size;
  }
  return boxes;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("media encoding with ffmpeg", () => {
  let dir: string;
  let video: string;
  let sine: string;
  let longSine: string;
  const FRAME = 1 / 30;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cw-encode-"));
    // A render's video track: 90 frames of 320×180 at 30 fps, another grey each second.
    video = join(dir, "video.mp4");
    await streamedVideo(
      video,
      { width: 320, height: 180, fps: 30, frames: 90 },
      (f) => [60, 120, 180][Math.floor(f / 30)] ?? 0,
    );
    sine = join(dir, "sine.wav");
    longSine = join(dir, "long.wav");
    await runFfmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2.5", sine]);
    await runFfmpeg(["-f", "lavfi", "-i", "sine=frequency=660:sample_rate=48000:duration=4", "-ac", "2", longSine]);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  // What a render does last: the narration fitted to the video as AAC (narrationTrack), then both copied
  // into the final MP4 (muxTracks).
  it("muxes H.264 + AAC: the video's 90 frames, audio padded to the video, moov before mdat", async () => {
    const track = join(dir, "plain.m4a");
    const out = join(dir, "plain.mp4");
    await narrationTrack(sine, { frames: 90, fps: 30 }, track);
    await muxTracks(video, track, out);
    const bytes = await readFile(out);

    const info = await probe(out, { countFrames: true });
    expect(info.format).toContain("mp4");
    expect(Math.abs(info.durationSeconds - 3)).toBeLessThanOrEqual(FRAME);
    expect(info.video).toMatchObject({
      codec: "h264",
      pixFmt: "yuv420p",
      width: 320,
      height: 180,
      frameRate: 30,
      frames: 90,
    });
    expect(info.audio).toMatchObject({ codec: "aac", sampleRate: 48_000, channels: 2 });
    const videoDuration = info.video?.durationSeconds ?? Number.NaN;
    expect(Math.abs(videoDuration - 3)).toBeLessThanOrEqual(1e-6);
    expect(Math.abs((info.audio?.durationSeconds ?? Number.NaN) - videoDuration)).toBeLessThanOrEqual(0.02);

    const boxes = topLevelBoxes(bytes);
    const moov = boxes.findIndex((b) => b.type === "moov");
    const mdat = boxes.findIndex((b) => b.type === "mdat");
    expect(moov).toBeGreaterThanOrEqual(0);
    expect(mdat).toBeGreaterThan(moov);
  });

  it("trims longer narration to the video", async () => {
    const track = join(dir, "long.m4a");
    const out = join(dir, "trimmed.mp4");
    await narrationTrack(longSine, { frames: 90, fps: 30 }, track);
    await muxTracks(video, track, out);
    const info = await probe(out, { countFrames: true });
    expect(info.video?.frames).toBe(90);
    expect(Math.abs(info.durationSeconds - 3)).toBeLessThanOrEqual(FRAME);
    expect(
      Math.abs((info.audio?.durationSeconds ?? Number.NaN) - (info.video?.durationSeconds ?? 0)),
    ).toBeLessThanOrEqual(0.02);
  });

  it("gives a video without narration a silent track of its length", async () => {
    const track = join(dir, "silence.m4a");
    const out = join(dir, "silent.mp4");
    await narrationTrack(null, { frames: 90, fps: 30 }, track);
    await muxTracks(video, track, out);
    const info = await probe(out, { countFrames: true });
    expect(info.video?.frames).toBe(90);
    expect(info.audio).toMatchObject({ codec: "aac", sampleRate: 48_000, channels: 2 });
    expect(Math.abs((info.audio?.durationSeconds ?? Number.NaN) - 3)).toBeLessThanOrEqual(0.02);
  });

  it("takes a poster JPEG of the video's size", async () => {
    const out = join(dir, "poster.jpg");
    const art = await posterFrame(video, 1.5, out);
    const bytes = await readFile(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(art.bytes).toBe(bytes.length);
    const info = await probe(out);
    expect(info.video).toMatchObject({ codec: "mjpeg", width: 320, height: 180 });
    // Past the end is clamped to the last frame, not an empty file.
    await posterFrame(video, 99, join(dir, "poster-end.jpg"));
    expect((await probe(join(dir, "poster-end.jpg"))).video?.width).toBe(320);
  });

  it("places audio segments at their start times in one WAV of the exact length", async () => {
    const out = join(dir, "narration.wav");
    await concatAudio(
      [
        { path: sine, startSeconds: 0.5 },
        { path: longSine, startSeconds: 2 },
      ],
      5,
      out,
    );
    const info = await probe(out);
    expect(info.audio).toMatchObject({ codec: "pcm_s16le", sampleRate: 48_000, channels: 1 });
    expect(info.audio?.durationSeconds).toBeCloseTo(5, 6);
    // Silence before the first segment, sound after it starts: decode 0.1 s slices as raw samples.
    const peak = async (at: number) => {
      const raw = join(dir, `slice-${at}.raw`);
      await runFfmpeg(["-y", "-ss", String(at), "-t", "0.1", "-i", out, "-f", "s16le", "-c:a", "pcm_s16le", raw]);
      const buf = await readFile(raw);
      let max = 0;
      for (let i = 0; i + 1 < buf.length; i += 2) max = Math.max(max, Math.abs(buf.readInt16LE(i)));
      return max;
    };
    expect(await peak(0.1)).toBe(0);
    expect(await peak(1)).toBeGreaterThan(1000);
  });

  it("kills ffmpeg and rejects when the job is cancelled, leaving no file", async () => {
    const ac = new AbortController();
    let pid = 0;
    const out = join(dir, "cancelled.wav");
    const promise = concatAudio([{ path: longSine, startSeconds: 0 }], 600, out, {
      signal: ac.signal,
      onSpawn: (p) => {
        pid = p;
        ac.abort(new Error("job cancelled"));
      },
    });
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FfmpegError);
    expect((err as FfmpegError).code).toBe("aborted");
    expect(pid).toBeGreaterThan(0);
    expect(processAlive(pid)).toBe(false);
    expect((await readdir(dir)).filter((f) => f === "cancelled.wav" || f.endsWith(".partial"))).toEqual([]);
    // Already aborted: refused without starting.
    await expect(concatAudio([], 1, out, { signal: ac.signal })).rejects.toMatchObject({ code: "aborted" });
  });

  it("times out, and reports ffmpeg's error from stderr", async () => {
    await expect(
      runFfmpeg(["-re", "-f", "lavfi", "-i", "testsrc=s=64x64:r=30", "-f", "null", "-"], { timeoutMs: 300 }),
    ).rejects.toMatchObject({ code: "timeout" });
    const err = await runFfmpeg(["-i", join(dir, "missing.png"), "-f", "null", "-"]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FfmpegError);
    expect((err as FfmpegError).code).toBe("failed");
    expect((err as FfmpegError).stderr).toMatch(/No such file/);
  });

  // The streaming encoder runs through the same process wrapper as every other ffmpeg run.
  describe("streaming encoder", () => {
    const stream = (over: Partial<Parameters<typeof startStreamEncode>[0]>) =>
      startStreamEncode({
        width: 64,
        height: 64,
        fps: 30,
        frames: 30,
        videoFilter: null,
        out: join(dir, `stream-${Math.random().toString(36).slice(2)}.mp4`),
        ...over,
      });
    const frame = () => Buffer.alloc(64 * 64 * 1.5, 128);

    it("encodes the frames written to it", async () => {
      const out = join(dir, "stream.mp4");
      const encoder = stream({ out });
      for (let i = 0; i < 30; i++) await encoder.write(frame(), i);
      await encoder.finish();
      const info = await probe(out, { countFrames: true });
      expect(info.video).toMatchObject({ codec: "h264", width: 64, height: 64, frames: 30 });
    });

    it("repeats a held picture up to the next one, so it crosses the pipe once", async () => {
      const out = join(dir, "held.mp4");
      const encoder = stream({ out });
      // Luma `v` over neutral chroma; read back as full-range grey, (v - 16) × 255 / 219.
      const grey = (v: number) => Buffer.concat([Buffer.alloc(64 * 64, v), Buffer.alloc(64 * 32, 128)]);
      await encoder.write(grey(40), 0);
      await encoder.write(grey(200), 10);
      await expect(encoder.write(grey(90), 10)).rejects.toBeInstanceOf(RangeError);
      await encoder.finish();
      const info = await probe(out, { countFrames: true });
      expect(info.video).toMatchObject({ frames: 30, durationSeconds: 1 });
      const lumaFile = join(dir, "held.gray");
      await runFfmpeg(["-y", "-i", out, "-vf", "scale=1:1,format=gray", "-f", "rawvideo", lumaFile]);
      const levels = [...(await readFile(lumaFile))];
      expect(levels).toHaveLength(30);
      expect(levels.slice(0, 10).every((v) => Math.abs(v - 28) <= 2)).toBe(true);
      expect(levels.slice(10).every((v) => Math.abs(v - 214) <= 2)).toBe(true);
    });

    it("encodes only the pictures sent: held frames are skipped P frames, keyframes every two seconds", async () => {
      const out = join(dir, "held-long.mp4");
      const encoder = stream({ out, frames: 150 });
      // Noisy pictures (real work for x264) around three luma levels.
      const noisy = (v: number) => {
        const p = Buffer.alloc(64 * 64 * 1.5, 128);
        for (let i = 0; i < 64 * 64; i++) p[i] = v + ((i * 7919) % 17) - 8;
        return p;
      };
      expect([0, 59, 60, 61, 120].map((f) => encoder.isKeyframe(f))).toEqual([true, false, true, false, true]);
      await encoder.write(noisy(60), 0);
      await encoder.write(noisy(180), 17);
      // Holding past a keyframe is refused: a picture must be sent at frame 60.
      await expect(encoder.write(noisy(100), 70)).rejects.toBeInstanceOf(RangeError);
      await encoder.write(noisy(180), 60);
      await encoder.write(noisy(180), 120);
      await encoder.write(noisy(100), 130);
      await encoder.finish();
      const info = await probe(out, { countFrames: true });
      expect(info.video).toMatchObject({ frames: 150, durationSeconds: 5 });
      const packets = await runFfprobe([
        "-v",
        "error",
        "-select_streams",
        "v",
        "-show_entries",
        "packet=pts,size,flags",
        "-of",
        "csv=p=0",
        out,
      ]);
      const rows = packets.stdout
        .trim()
        .split("\n")
        .map((l) => l.split(","))
        .map(([pts, size, flags]) => ({ pts: Number(pts), size: Number(size), key: (flags ?? "").includes("K") }));
      expect(rows.map((r) => r.pts)).toEqual(Array.from({ length: 150 }, (_, i) => i));
      expect(rows.filter((r) => r.key).map((r) => r.pts)).toEqual([0, 60, 120]);
      const sent = new Set([0, 17, 60, 120, 130]);
      for (const r of rows) if (!sent.has(r.pts)) expect(r.size).toBeLessThan(32);
      const lumaFile = join(dir, "held-long.gray");
      await runFfmpeg(["-y", "-i", out, "-vf", "scale=1:1,format=gray", "-f", "rawvideo", lumaFile]);
      const levels = [...(await readFile(lumaFile))];
      const grey = (v: number) => Math.round(((v - 16) * 255) / 219);
      const near = (from: number, to: number, v: number) =>
        levels.slice(from, to).every((l) => Math.abs(l - grey(v)) <= 3);
      expect(near(0, 17, 60)).toBe(true);
      expect(near(17, 130, 180)).toBe(true);
      expect(near(130, 150, 100)).toBe(true);
    });

    it("reports ffmpeg's own error, and refuses frames after it", async () => {
      const encoder = stream({ videoFilter: "nosuchfilter" });
      // ffmpeg sets its filters up when the first frame arrives, and exits once its input ends.
      await encoder.write(frame(), 0);
      const err = await encoder.finish().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FfmpegError);
      expect((err as FfmpegError).code).toBe("failed");
      expect((err as FfmpegError).stderr).toMatch(/nosuchfilter/i);
      await expect(encoder.write(frame(), 1)).rejects.toBeInstanceOf(FfmpegError);
    });

    it("is killed when cancelled, and says so", async () => {
      const ac = new AbortController();
      let pid = 0;
      let spawned: () => void = () => {};
      const started = new Promise<void>((resolve) => {
        spawned = resolve;
      });
      const encoder = stream({
        frames: 3000,
        signal: ac.signal,
        onSpawn: (p) => {
          pid = p;
          spawned();
        },
      });
      await started;
      await encoder.write(frame(), 0);
      ac.abort(new Error("job cancelled"));
      await expect(encoder.done).rejects.toMatchObject({ code: "aborted" });
      expect(pid).toBeGreaterThan(0);
      expect(processAlive(pid)).toBe(false);
    });
  });
});
