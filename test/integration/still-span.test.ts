import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { longestStill } from "../../bench/lib/still-span.js";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";

// The quality benchmark's longest still stretch (ffmpeg freezedetect), on videos made here: a still, then
// moving test pattern, then another still. No database: sqlite project only.

const still = (color: string, seconds: number) => `color=c=${color}:s=320x180:r=25:d=${seconds}`;
const moving = (seconds: number) => `testsrc2=s=320x180:r=25:d=${seconds}`;

async function video(dir: string, name: string, parts: string[]): Promise<string> {
  const out = join(dir, name);
  const inputs = parts.flatMap((p) => ["-f", "lavfi", "-i", p]);
  const concat = `${parts.map((_, i) => `[${i}:v]`).join("")}concat=n=${parts.length}:v=1:a=0,format=yuv420p[v]`;
  await runFfmpeg([...inputs, "-filter_complex", concat, "-map", "[v]", "-c:v", "libx264", "-y", out]);
  return out;
}

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("longestStill", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cw-still-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("finds the longest unchanging stretch between moving ones", async () => {
    const v = await video(dir, "a.mp4", [still("red", 1), moving(1), still("blue", 2.5), moving(1)]);
    const got = await longestStill(v, 5.5);
    expect(got.start).toBeCloseTo(2, 0);
    expect(got.seconds).toBeGreaterThan(2.2);
    expect(got.seconds).toBeLessThan(2.7);
  });

  it("counts a still that lasts to the end of the video", async () => {
    const v = await video(dir, "b.mp4", [moving(1), still("green", 3)]);
    const got = await longestStill(v, 4);
    expect(got.start).toBeCloseTo(1, 0);
    expect(got.seconds).toBeGreaterThan(2.7);
  });

  it("finds none in a picture that never stops moving", async () => {
    const v = await video(dir, "c.mp4", [moving(2)]);
    expect(await longestStill(v, 2)).toEqual({ start: 0, seconds: 0 });
  });
});
