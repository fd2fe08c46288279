import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComposeScene, composeWalkthrough, StillPreload } from "../../src/media/compose/index.js";
import { motionPhases } from "../../src/media/compose/timeline.js";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";

// A scene's real-motion clip (decision 0023) plays from the moment `after` appears, one clip frame per
// video frame at the same rate, then `after` holds. Solid-colour frames make each one recognisable in the
// encoded video. Real ffmpeg; sqlite project only.

const COLOURS: [number, number, number][] = [
  [220, 40, 40],
  [40, 200, 60],
  [40, 80, 220],
  [230, 200, 40],
  [200, 60, 200],
];
const STYLE = { backdrop: { kind: "none" }, captions: null, pointer: "arrow" } as const;
const AFTER: [number, number, number] = [40, 200, 200];
const hex = ([r, g, b]: [number, number, number]) =>
  `0x${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("composing a scene with a clip", () => {
  let dir: string;
  let n = 0;
  const viewport = { width: 320, height: 180, deviceScaleFactor: 1 };

  async function solid(colour: [number, number, number]): Promise<Buffer> {
    const out = join(dir, `s${n++}.png`);
    await runFfmpeg(["-y", "-f", "lavfi", "-i", `color=c=${hex(colour)}:s=320x180:d=1`, "-frames:v", "1", out]);
    return readFile(out);
  }

  /** The mean colour of a 40×40 patch near the top-left of frame `index` (away from the cursor). */
  async function patch(video: string, index: number): Promise<[number, number, number]> {
    const out = join(dir, `f${n++}.rgb`);
    await runFfmpeg([
      "-y",
      "-i",
      video,
      "-vf",
      `select=eq(n\\,${index}),crop=40:40:20:20`,
      "-frames:v",
      "1",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      out,
    ]);
    const rgb = await readFile(out);
    const sum = [0, 0, 0];
    for (let i = 0; i < rgb.length; i += 3) for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (rgb[i + c] ?? 0);
    return sum.map((v) => v / (rgb.length / 3)) as [number, number, number];
  }

  /** One hash per decoded frame. */
  async function frameHashes(video: string): Promise<string[]> {
    const out = join(dir, `h${n++}.txt`);
    await runFfmpeg(["-y", "-i", video, "-map", "0:v", "-f", "framemd5", out]);
    return (await readFile(out, "utf8")).split("\n").filter((l) => l !== "" && !l.startsWith("#"));
  }

  const near = (a: [number, number, number], b: [number, number, number]) =>
    Math.max(...a.map((v, c) => Math.abs(v - (b[c] ?? 0)))) < 14;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cw-compose-clip-"));
  }, 60_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("plays the clip's frames from the moment `after` appears, then holds `after`", async () => {
    const frames = await Promise.all(COLOURS.map(solid));
    const after = await solid(AFTER);
    const before = await solid([90, 90, 90]);
    // The last frame repeats: it is loaded once and shown twice.
    const clip = { frames: [...frames, frames.at(-1) as Buffer], fps: 30 };
    const silent = { text: "", wavPath: null, durationSeconds: 0 };
    const hover = { kind: "hover" as const, target: { x: 250, y: 120, width: 40, height: 30 } };
    const scenes: ComposeScene[] = [
      { beatId: "open", before: null, after, motion: { kind: "cut" }, clip, narration: silent },
      { beatId: "hover", before, after, motion: hover, clip, narration: silent },
    ];
    const input = {
      scenes,
      viewport,
      output: { width: 320, height: 180 },
      fps: 30,
      style: STYLE,
      watermark: false,
      targetSeconds: null,
      outDir: join(dir, "out"),
      binaries: { ffmpeg: "ffmpeg", ffprobe: "ffprobe" },
    };
    const res = await composeWalkthrough(input);
    const [open, hovered] = res.timings;
    if (!open || !hovered) throw new Error("missing timings");
    // Long enough to play the clip and look at its end.
    expect(open.frames).toBeGreaterThanOrEqual(clip.frames.length + 12);

    const video = res.video.path;
    for (const [k, colour] of COLOURS.entries())
      expect(near(await patch(video, open.startFrame + k), colour)).toBe(true);
    expect(near(await patch(video, open.startFrame + COLOURS.length), COLOURS.at(-1) as [number, number, number])).toBe(
      true,
    );
    expect(near(await patch(video, open.startFrame + clip.frames.length), AFTER)).toBe(true);
    expect(near(await patch(video, open.startFrame + open.frames - 1), AFTER)).toBe(true);

    // The hover: `before` until the cursor arrives, then the clip from that frame on, then `after`.
    const at = Math.round(motionPhases(hover, viewport).afterAt * 30);
    expect(near(await patch(video, hovered.startFrame + at - 1), [90, 90, 90])).toBe(true);
    for (const [k, colour] of COLOURS.entries())
      expect(near(await patch(video, hovered.startFrame + at + k), colour)).toBe(true);
    expect(near(await patch(video, hovered.startFrame + hovered.frames - 1), AFTER)).toBe(true);

    // The same scenes decoded ahead (as a render does while it captures) give the very same frames.
    const preload = new StillPreload(viewport, { width: 320, height: 180 }, STYLE);
    for (const scene of scenes) preload.add(scene);
    const again = await composeWalkthrough({ ...input, outDir: join(dir, "out-preloaded") }, preload);
    expect(await frameHashes(again.video.path)).toEqual(await frameHashes(video));
  }, 120_000);
});
