import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { type RunControl, runFfmpeg } from "./run.js";

/**
 * A stretch of a video as raw yuv420p pictures of exactly width × height (even), at `fps`: scaled to
 * cover the size and cropped to its centre, as a picture in a frame is. Returns how many pictures the
 * file holds (the stretch's length at `fps`, fewer if the video ends first).
 */
export async function decodeClip(
  video: string,
  clip: { fromSeconds: number; toSeconds: number; width: number; height: number; fps: number },
  out: string,
  control: RunControl = {},
): Promise<number> {
  const { width, height, fps } = clip;
  const seconds = Math.max(0, clip.toSeconds - clip.fromSeconds);
  await runFfmpeg(
    [
      "-hide_banner",
      "-nostdin",
      "-loglevel",
      "error",
      "-y",
      "-ss",
      clip.fromSeconds.toFixed(3),
      "-t",
      seconds.toFixed(3),
      "-i",
      `file:${resolve(video)}`,
      "-map",
      "0:v:0",
      "-vf",
      `fps=${fps},scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${width}:${height},setsar=1,format=yuv420p`,
      "-f",
      "rawvideo",
      `file:${resolve(out)}`,
    ],
    control,
  );
  const bytes = (await stat(out)).size;
  return Math.floor(bytes / ((width * height * 3) / 2));
}
