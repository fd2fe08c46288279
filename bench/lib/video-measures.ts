import { spawn } from "node:child_process";
import { join } from "node:path";
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";
import { frameFigures } from "../../src/media/quality/frame-figures.js";

/** Measures the video benchmarks share: peak memory of the process tree, frame gaps, the bare encoder. */

const SAMPLER = join(import.meta.dirname, "memory-sampler.mjs");

/** The peak memory of this process tree while `work` runs, from bench/lib/memory-sampler.mjs. */
export async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  const sampler = spawn(process.execPath, [SAMPLER, String(process.pid)], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  sampler.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<void>((r) => sampler.on("exit", () => r()));
  try {
    const result = await work();
    sampler.stdin.end();
    await exited;
    return { result, peakMb: Number(out.trim()) };
  } catch (err) {
    sampler.kill();
    throw err;
  }
}

/** Frame timestamps from the container (the product's own measure: media/quality/frame-figures.ts). */
export const frameGaps = (video: string, fps: number) => frameFigures(video, fps);

/**
 * The bare encoder's time: ffmpeg's libx264 (preset superfast) on `frames` raw frames of one detailed test
 * picture at the given size. A fixed reference workload, not the product's own encoder settings: a cheaper
 * setting in the product must not make its yardstick cheaper too.
 */
export async function bareEncodeSeconds(
  dir: string,
  shape: { width: number; height: number; frames: number; fps: number },
): Promise<number> {
  const size = `${shape.width}x${shape.height}`;
  const still = join(dir, "still.yuv");
  await runFfmpeg([
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    `testsrc2=s=${size}`,
    "-frames:v",
    "1",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "yuv420p",
    "-y",
    still,
  ]);
  const started = performance.now();
  await runFfmpeg([
    "-v",
    "error",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "yuv420p",
    "-s",
    size,
    "-framerate",
    String(shape.fps),
    "-stream_loop",
    String(shape.frames - 1),
    "-i",
    still,
    "-frames:v",
    String(shape.frames),
    "-c:v",
    "libx264",
    "-preset",
    "superfast",
    "-pix_fmt",
    "yuv420p",
    "-f",
    "mp4",
    "-y",
    join(dir, "bare.mp4"),
  ]);
  return (performance.now() - started) / 1000;
}
