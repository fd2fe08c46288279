import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComposeScene, composeWalkthrough } from "../../src/media/compose/index.js";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";

// Page changes are clean cuts: no frame of the video shows two pages blended (no cross-dissolve between
// scenes, none at a click's result). Real ffmpeg; solid-colour pages make any blend measurable.

const COLOURS = {
  red: [220, 40, 40],
  blue: [40, 60, 200],
  green: [40, 180, 60],
} as const;
type Colour = keyof typeof COLOURS;

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("page changes", () => {
  let dir: string;
  const viewport = { width: 320, height: 200, deviceScaleFactor: 1 };
  const page = (c: Colour) =>
    sharp({ create: { width: 320, height: 200, channels: 3, background: rgb(c) } })
      .png()
      .toBuffer();
  const rgb = (c: Colour) => ({ r: COLOURS[c][0], g: COLOURS[c][1], b: COLOURS[c][2] });
  const silent = { text: "", wavPath: null, durationSeconds: 0 };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cw-cuts-test-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("cuts from page to page, and to a click's result at the ripple's midpoint: never a blend", async () => {
    const [red, blue, green] = await Promise.all([page("red"), page("blue"), page("green")]);
    // The click target sits in the bottom-right corner; the top-left quarter is sampled (no cursor there).
    const target = { x: 260, y: 160, width: 40, height: 20 };
    const scenes: ComposeScene[] = [
      { beatId: "open", before: null, after: red, motion: { kind: "cut" }, narration: silent },
      { beatId: "next", before: null, after: blue, motion: { kind: "cut" }, narration: silent },
      { beatId: "click", before: blue, after: green, motion: { kind: "click", target }, narration: silent },
      { beatId: "back", before: null, after: red, motion: { kind: "cut" }, narration: silent },
    ];
    const composed = await composeWalkthrough({
      scenes,
      viewport,
      output: { width: 320, height: 200 },
      fps: 30,
      style: { backdrop: { kind: "none" }, captions: null, pointer: "arrow" },
      watermark: false,
      targetSeconds: null,
      outDir: join(dir, "video"),
      binaries: { ffmpeg: "ffmpeg", ffprobe: "ffprobe" },
    });
    const raw = join(dir, "frames.rgb");
    await runFfmpeg(["-y", "-i", composed.video.path, "-f", "rawvideo", "-pix_fmt", "rgb24", raw]);
    const all = await readFile(raw);
    const size = 320 * 200 * 3;
    expect(all.length / size).toBe(composed.frames);

    const shown: Colour[] = [];
    for (let f = 0; f < composed.frames; f++) {
      const frame = all.subarray(f * size, (f + 1) * size);
      const mean = [0, 1, 2].map((c) => {
        let sum = 0;
        for (let y = 10; y < 90; y++) for (let x = 10; x < 150; x++) sum += frame[(y * 320 + x) * 3 + c] as number;
        return sum / (80 * 140);
      });
      const distance = (k: Colour) => Math.hypot(...COLOURS[k].map((v, c) => v - (mean[c] as number)));
      const nearest = (Object.keys(COLOURS) as Colour[]).sort((a, b) => distance(a) - distance(b))[0] as Colour;
      // A cross-dissolve's frames sit between two colours, tens of levels from either.
      expect(distance(nearest), `frame ${f}`).toBeLessThan(12);
      shown.push(nearest);
    }
    // Each scene shows its own page, switching exactly at the boundaries and at the ripple's midpoint.
    const runs = shown.filter((c, i) => i === 0 || c !== shown[i - 1]);
    expect(runs).toEqual(["red", "blue", "green", "red"]);
    const [, , click, back] = composed.timings;
    expect(shown.indexOf("blue")).toBe(composed.timings[1]?.startFrame);
    // before (blue) until the ripple's midpoint: 0.8 s of travel + 0.2 s into the 0.4 s ripple.
    expect(shown.indexOf("green")).toBe((click?.startFrame ?? 0) + 30);
    expect(shown.lastIndexOf("green")).toBe((back?.startFrame ?? 0) - 1);
  }, 60_000);
});
