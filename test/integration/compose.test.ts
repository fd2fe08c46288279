import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKGROUNDS, CAPTION_STYLES } from "../../src/domains/catalog/render-options.js";
import { frameStyleOf } from "../../src/domains/renders/render-options.js";
import {
  type ComposeInput,
  type ComposeScene,
  composeWalkthrough,
  watermarkBox,
} from "../../src/media/compose/index.js";
import { sha256File } from "../../src/media/ffmpeg/encode.js";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";

const pick = <T extends { id: string }>(list: readonly T[], id: string): T => {
  const v = list.find((x) => x.id === id);
  if (!v) throw new Error(id);
  return v;
};
/** The frame style of a catalogue background and caption style, mapped as a render maps them. */
const style = (background: string, captionStyle: string) =>
  frameStyleOf({ background: pick(BACKGROUNDS, background), captionStyle: pick(CAPTION_STYLES, captionStyle) });

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("composeWalkthrough", () => {
  let dir: string;
  let n = 0;
  const png: Record<string, Buffer> = {};
  let wav: string;
  const viewport = { width: 320, height: 200, deviceScaleFactor: 2 };

  /** A still of the viewport's pixel size (640×400) from an ffmpeg source. */
  async function still(name: string, source: string, size = "640x400"): Promise<Buffer> {
    const out = join(dir, `${name}.png`);
    await runFfmpeg([
      "-y",
      "-f",
      "lavfi",
      "-i",
      `${source}${source.includes("=") ? ":" : "="}s=${size}:d=1`,
      "-frames:v",
      "1",
      "-update",
      "1",
      out,
    ]);
    return readFile(out);
  }

  /** Frame `index` of `video` as raw RGB. */
  async function frameRgb(video: string, index: number): Promise<Buffer> {
    const out = join(dir, `f${n++}.rgb`);
    await runFfmpeg([
      "-y",
      "-i",
      video,
      "-vf",
      `select=eq(n\\,${index})`,
      "-frames:v",
      "1",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      out,
    ]);
    return readFile(out);
  }

  /** Mean absolute difference over a region. */
  function diff(a: Buffer, b: Buffer, width: number, r = { x: 0, y: 0, width, height: a.length / 3 / width }): number {
    let sum = 0;
    for (let y = r.y; y < r.y + r.height; y++)
      for (let x = r.x; x < r.x + r.width; x++)
        for (let c = 0; c < 3; c++)
          sum += Math.abs((a[(y * width + x) * 3 + c] ?? 0) - (b[(y * width + x) * 3 + c] ?? 0));
    return sum / (r.width * r.height * 3);
  }

  const scene = (
    beatId: string,
    motion: ComposeScene["motion"],
    after: Buffer,
    before: Buffer | null,
    text = "",
  ): ComposeScene => ({
    beatId,
    before,
    after,
    motion,
    narration: text ? { text, wavPath: wav, durationSeconds: 1 } : { text: "", wavPath: null, durationSeconds: 0 },
  });

  const input = (over: Partial<ComposeInput>): ComposeInput => ({
    scenes: [scene("s1", { kind: "cut" }, png.a as Buffer, null, "Hello there")],
    viewport,
    output: { width: 320, height: 180 },
    fps: 30,
    style: style("none", "none"),
    watermark: false,
    targetSeconds: null,
    outDir: join(dir, `out${n++}`),
    binaries: { ffmpeg: "ffmpeg", ffprobe: "ffprobe" },
    ...over,
  });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cw-compose-test-"));
    png.a = await still("a", "testsrc2");
    png.b = await still("b", "color=c=0x3366cc");
    png.c = await still("c", "smptebars");
    png.strip = await still("strip", "testsrc", "640x1200");
    png.phone = await still("phone", "testsrc2", "1170x2532");
    wav = join(dir, "line.wav");
    await runFfmpeg(["-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=22050:duration=1", wav]);
  }, 60_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("composes every motion into an exact-length MP4 with poster and captions", async () => {
    const progress: number[] = [];
    const big = { x: 10, y: 10, width: 300, height: 180 }; // so large that the click does not zoom
    const res = await composeWalkthrough(
      input({
        scenes: [
          scene("open", { kind: "cut" }, png.a as Buffer, null, "Welcome {to} the \\N app"),
          scene("click", { kind: "click", target: big }, png.b as Buffer, png.a as Buffer, "Click it"),
          scene(
            "hover",
            { kind: "hover", target: { x: 40, y: 40, width: 30, height: 12 } },
            png.c as Buffer,
            png.b as Buffer,
          ),
          scene(
            "type",
            {
              kind: "type",
              target: { x: 100, y: 100, width: 80, height: 20 },
              steps: [png.a as Buffer, png.b as Buffer],
            },
            png.c as Buffer,
            png.c as Buffer,
          ),
          scene(
            "scroll",
            { kind: "scroll", strip: png.strip as Buffer, fromY: 0, toY: 400, target: null },
            png.a as Buffer,
            png.c as Buffer,
          ),
        ],
        style: style("midnight", "classic"),
        watermark: true,
        onProgress: (p) => progress.push(p),
      }),
    );
    expect(res.timings.map((t) => t.beatId)).toEqual(["open", "click", "hover", "type", "scroll"]);
    expect(res.frames).toBe(res.timings.reduce((s, t) => s + t.frames, 0));
    expect(res.durationSeconds).toBe(res.frames / 30);
    const info = await probe(res.video.path, { countFrames: true });
    expect(info.video).toMatchObject({ codec: "h264", width: 320, height: 180, pixFmt: "yuv420p", frames: res.frames });
    expect(Math.abs((info.video?.durationSeconds ?? 0) - res.durationSeconds)).toBeLessThanOrEqual(1 / 30 + 1e-6);
    expect(info.audio).toMatchObject({ codec: "aac", sampleRate: 48_000, channels: 2 });
    for (const f of [res.video, res.poster, res.captions]) expect(await sha256File(f.path)).toBe(f.sha256);
    const poster = await probe(res.poster.path);
    expect(poster.video).toMatchObject({ codec: "mjpeg", width: 320, height: 180 });
    const vtt = await readFile(res.captions.path, "utf8");
    expect(vtt.startsWith("WEBVTT")).toBe(true);
    expect(vtt).toContain("00:00:00.300 --> 00:00:01.300");
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect((await readdir(join(res.video.path, ".."))).sort()).toEqual([
      "captions.vtt",
      "poster.jpg",
      "walkthrough.mp4",
    ]);

    // Scenes differ; within the no-zoom click the cursor moves (a small region changes).
    const click = res.timings[1];
    if (!click) throw new Error("no click timing");
    const first = await frameRgb(res.video.path, 5);
    const travelA = await frameRgb(res.video.path, click.startFrame + 6);
    const travelB = await frameRgb(res.video.path, click.startFrame + 14);
    const clicked = await frameRgb(res.video.path, click.startFrame + click.frames - 1);
    expect(diff(first, clicked, 320)).toBeGreaterThan(20);
    const d = diff(travelA, travelB, 320);
    expect(d).toBeGreaterThan(0.05);
    expect(d).toBeLessThan(5);
  });

  it("draws the watermark only when asked, in its corner box", async () => {
    const output = { width: 480, height: 270 };
    const withMark = await composeWalkthrough(input({ output, watermark: true }));
    const without = await composeWalkthrough(input({ output, watermark: false }));
    const a = await frameRgb(withMark.video.path, 10);
    const b = await frameRgb(without.video.path, 10);
    const box = watermarkBox(output);
    expect(diff(a, b, 480, box)).toBeGreaterThan(10);
    expect(diff(a, b, 480, { x: 0, y: 100, width: 300, height: 100 })).toBeLessThan(2);
  });

  it("burns captions into the caption region only when the style is burned in", async () => {
    const output = { width: 480, height: 270 };
    const burned = await composeWalkthrough(input({ output, style: style("none", "classic") }));
    const plain = await composeWalkthrough(input({ output, style: style("none", "none") }));
    const a = await frameRgb(burned.video.path, 20); // 0.67 s: narration runs 0.3–1.3 s
    const b = await frameRgb(plain.video.path, 20);
    const captionRegion = diff(a, b, 480, { x: 40, y: 200, width: 400, height: 60 });
    const elsewhere = diff(a, b, 480, { x: 0, y: 0, width: 480, height: 150 });
    expect(captionRegion).toBeGreaterThan(2);
    expect(elsewhere).toBeLessThan(0.5);
    expect(await readFile(plain.captions.path, "utf8")).toContain("Hello there");
  });

  it("frames each orientation at its size; a phone capture sits as a tall card", async () => {
    const phoneViewport = { width: 390, height: 844, deviceScaleFactor: 3 };
    for (const output of [
      { width: 1920, height: 1080 },
      { width: 1080, height: 1920 },
      { width: 1080, height: 1080 },
    ]) {
      const portraitish = output.width <= output.height;
      const res = await composeWalkthrough(
        input({
          output,
          scenes: [scene("s", { kind: "cut" }, (portraitish ? png.phone : png.a) as Buffer, null)],
          viewport: portraitish ? phoneViewport : viewport,
          style: style("white", "none"),
        }),
      );
      const info = await probe(res.video.path, { countFrames: true });
      expect(info.video).toMatchObject({ width: output.width, height: output.height, frames: res.frames });
      if (portraitish) {
        const f = await frameRgb(res.video.path, 3);
        const px = (x: number, y: number) => [
          ...f.subarray((y * output.width + x) * 3, (y * output.width + x) * 3 + 3),
        ];
        const mid = Math.round(output.height / 2);
        // White backdrop at the sides, the colourful capture in the middle.
        for (const c of px(20, mid)) expect(c).toBeGreaterThan(235);
        expect(
          diff(f, Buffer.alloc(f.length, 255), output.width, {
            x: output.width / 2 - 100,
            y: mid - 100,
            width: 200,
            height: 200,
          }),
        ).toBeGreaterThan(20);
      }
    }
  }, 60_000);

  it("makes exactly round(targetSeconds × fps) frames", async () => {
    const res = await composeWalkthrough(input({ targetSeconds: 3.27, fps: 25 }));
    expect(res.frames).toBe(Math.round(3.27 * 25));
    const info = await probe(res.video.path, { countFrames: true });
    expect(info.video?.frames).toBe(res.frames);
    expect(Math.abs((info.audio?.durationSeconds ?? 0) - 3.27)).toBeLessThan(0.03);
  });

  it("rejects when aborted and leaves no files", async () => {
    const ac = new AbortController();
    const outDir = join(dir, "aborted");
    const run = composeWalkthrough(
      input({
        outDir,
        output: { width: 640, height: 360 },
        targetSeconds: 20,
        signal: ac.signal,
        onProgress: (p) => {
          if (p >= 10) ac.abort(new Error("stop"));
        },
      }),
    );
    await expect(run).rejects.toMatchObject({ code: "aborted" });
    expect(await readdir(outDir)).toEqual([]);
    const pre = new AbortController();
    pre.abort();
    await expect(composeWalkthrough(input({ signal: pre.signal }))).rejects.toMatchObject({ code: "aborted" });
  });

  it("runs the ffmpeg it is given (the configured one), not whatever is on PATH", async () => {
    const outDir = join(dir, "elsewhere");
    const missing = join(dir, "no-such-ffmpeg");
    const err = await composeWalkthrough(input({ outDir, binaries: { ffmpeg: missing, ffprobe: missing } })).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: "spawn", details: { binary: missing } });
    expect(await readdir(outDir)).toEqual([]);
  });
});
