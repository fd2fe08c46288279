import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKGROUNDS, CAPTION_STYLES, CAPTURES } from "../../src/domains/catalog/render-options.js";
import { frameStyleOf } from "../../src/domains/renders/render-options.js";
import { watermarkBox } from "../../src/media/captions/ass.js";
import { layoutFor } from "../../src/media/compose/background.js";
import { captionBandHeight } from "../../src/media/compose/caption-placement.js";
import { type ComposeInput, type ComposeScene, composeWalkthrough } from "../../src/media/compose/index.js";
import { sha256File } from "../../src/media/ffmpeg/encode.js";
import { probe } from "../../src/media/ffmpeg/probe.js";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";

const pick = <T extends { id: string }>(list: readonly T[], id: string): T => {
  const v = list.find((x) => x.id === id);
  if (!v) throw new Error(id);
  return v;
};
/** The frame style of a catalogue background and caption style, mapped as a render maps them. */
const style = (background: string, captionStyle: string, capture = "desktop") =>
  frameStyleOf({
    background: pick(BACKGROUNDS, background),
    captionStyle: pick(CAPTION_STYLES, captionStyle),
    capture: pick(CAPTURES, capture),
  });

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
    png.phoneBlue = await still("phoneBlue", "color=c=0x3366cc", "1170x2532");
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
            { kind: "scroll", strip: png.strip as Buffer, fixedLayer: null, fromY: 0, toY: 400, target: null },
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
    // 23 characters spoken in 1 s: the cue stays up after the voice until it reads at 17 characters/s.
    expect(vtt).toContain("00:00:00.300 --> 00:00:01.660\nWelcome {to} the \\N app");
    expect(vtt).toContain("00:00:02.100 --> 00:00:03.100\nClick it");
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

  /** Per pixel, the largest channel difference from `ref` over a region: its maximum and where it exceeds `over`. */
  function deviation(
    f: Buffer,
    width: number,
    r: { x: number; y: number; width: number; height: number },
    over: number,
  ) {
    const at = (x: number, y: number) => (y * width + x) * 3;
    const ref = [...f.subarray(at(r.x + r.width / 2, r.y + 2), at(r.x + r.width / 2, r.y + 2) + 3)];
    let max = 0;
    const hits = { x0: Number.POSITIVE_INFINITY, y0: Number.POSITIVE_INFINITY, x1: -1, y1: -1 };
    for (let y = r.y; y < r.y + r.height; y++)
      for (let x = r.x; x < r.x + r.width; x++) {
        const d = Math.max(...[0, 1, 2].map((c) => Math.abs((f[at(x, y) + c] ?? 0) - (ref[c] ?? 0))));
        max = Math.max(max, d);
        if (d > over)
          Object.assign(hits, { x0: Math.min(hits.x0, x), y0: Math.min(hits.y0, y), x1: x, y1: Math.max(hits.y1, y) });
      }
    return { max, spanX: hits.x1 - hits.x0 + 1, spanY: hits.y1 - hits.y0 + 1 };
  }

  it("shows a touch indicator at a phone capture's taps and never the arrow cursor", async () => {
    const output = { width: 270, height: 480 };
    const phone = { width: 390, height: 844, deviceScaleFactor: 3 };
    const tap = { kind: "click" as const, target: { x: 150, y: 300, width: 90, height: 40 } };
    const run = (capture: string) =>
      composeWalkthrough(
        input({
          output,
          viewport: phone,
          scenes: [scene("tap", tap, png.phoneBlue as Buffer, png.phoneBlue as Buffer)],
          style: style("none", "none", capture),
        }),
      );
    const touch = await run("phone");
    const arrow = await run("desktop");
    const card = layoutFor(output, { width: 1170, height: 2532 }, { kind: "none" }).card;
    const inside = { x: card.x + 4, y: card.y + 4, width: card.width - 8, height: card.height - 8 };
    // Halfway through the travel (the tap is at 0.8 s): the arrow is on screen, the touch capture shows nothing.
    const travelling = 12;
    expect(deviation(await frameRgb(arrow.video.path, travelling), output.width, inside, 40).max).toBeGreaterThan(100);
    expect(deviation(await frameRgb(touch.video.path, travelling), output.width, inside, 40).max).toBeLessThan(16);
    // Just after the tap: a small round indicator, about a fingertip wide (radius 4 % of the short side).
    const tapped = deviation(await frameRgb(touch.video.path, 25), output.width, inside, 25);
    expect(tapped.max).toBeGreaterThan(40);
    for (const span of [tapped.spanX, tapped.spanY]) {
      expect(span).toBeGreaterThanOrEqual(12);
      expect(span).toBeLessThanOrEqual(36); // encoding blurs the edge a little
    }
    // It fades: at the scene's end the page is clean again.
    expect(deviation(await frameRgb(touch.video.path, touch.frames - 1), output.width, inside, 40).max).toBeLessThan(
      16,
    );
  });

  it("fills a landscape frame with the default backdrop: no black bars around a 16:10 capture", async () => {
    const byDefault = BACKGROUNDS.find((b) => b.isDefault)?.id ?? "";
    const output = { width: 320, height: 180 };
    const edges = async (backdrop: string) => {
      const res = await composeWalkthrough(input({ output, style: style(backdrop, "classic") }));
      const f = await frameRgb(res.video.path, 10);
      const sums: number[] = [];
      for (let y = 0; y < output.height; y += 6)
        for (const x of [0, 2, output.width - 3, output.width - 1]) {
          const i = (y * output.width + x) * 3;
          sums.push((f[i] ?? 0) + (f[i + 1] ?? 0) + (f[i + 2] ?? 0));
        }
      return Math.min(...sums);
    };
    expect(await edges("none")).toBeLessThan(10); // what the old default did: bars of pure black
    expect(await edges(byDefault)).toBeGreaterThan(40);
  });

  it("puts portrait captions in the backdrop under a phone's screen, never over the page", async () => {
    const output = { width: 270, height: 480 };
    const frameStyle = style("ocean", "classic", "phone");
    const res = await composeWalkthrough(
      input({
        output,
        viewport: { width: 390, height: 844, deviceScaleFactor: 3 },
        scenes: [scene("s1", { kind: "cut" }, png.phone as Buffer, null, "Hello there")],
        style: frameStyle,
      }),
    );
    // The narration runs 0.3–1.3 s over a still page: frame 20 has the caption, frame 50 does not.
    const a = await frameRgb(res.video.path, 20);
    const b = await frameRgb(res.video.path, 50);
    const band = captionBandHeight(frameStyle.captions, output);
    const { card, captionBand } = layoutFor(output, { width: 1170, height: 2532 }, frameStyle.backdrop, band);
    if (!captionBand) throw new Error("no caption band under the phone");
    expect(diff(a, b, output.width, card)).toBeLessThan(0.5);
    expect(diff(a, b, output.width, captionBand)).toBeGreaterThan(2);
  });

  it("moves a caption to the top when the element acted on is in the bottom caption band", async () => {
    const output = { width: 480, height: 270 };
    // Wide enough not to zoom; at the bottom of the page, where the caption would go.
    const low = { kind: "click" as const, target: { x: 20, y: 150, width: 280, height: 45 } };
    const scenes = [scene("low", low, png.b as Buffer, png.a as Buffer, "Hello there")];
    const burned = await composeWalkthrough(input({ output, scenes, style: style("none", "classic") }));
    const plain = await composeWalkthrough(input({ output, scenes, style: style("none", "none") }));
    const a = await frameRgb(burned.video.path, 20);
    const b = await frameRgb(plain.video.path, 20);
    expect(diff(a, b, output.width, { x: 40, y: 0, width: 400, height: 80 })).toBeGreaterThan(2);
    expect(diff(a, b, output.width, { x: 0, y: 150, width: 480, height: 120 })).toBeLessThan(0.5);
  });

  it("makes exactly round(targetSeconds × fps) frames when the content fills them, fewer (no dead air) when not", async () => {
    // One line of 1 s: busy 1.3 s (lead-in + line), then a closing hold of at most 1.8 s.
    const res = await composeWalkthrough(input({ targetSeconds: 2.87, fps: 25 }));
    expect(res.frames).toBe(Math.round(2.87 * 25));
    const info = await probe(res.video.path, { countFrames: true });
    expect(info.video?.frames).toBe(res.frames);
    expect(Math.abs((info.audio?.durationSeconds ?? 0) - 2.87)).toBeLessThan(0.03);
    const short = await composeWalkthrough(input({ targetSeconds: 20, fps: 25 }));
    expect(short.frames).toBe(Math.floor((1.3 + 1.8) * 25));
    expect(short.durationSeconds).toBe(short.frames / 25);
    const shortInfo = await probe(short.video.path, { countFrames: true });
    expect(shortInfo.video?.frames).toBe(short.frames);
    expect(Math.abs((shortInfo.audio?.durationSeconds ?? 0) - short.durationSeconds)).toBeLessThan(0.03);
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
