import { resolve } from "node:path";
import { type RunControl, runFfprobe } from "../ffmpeg/run.js";

/** The video's frames as the container times them: how many, and any gap or repeat in their rhythm. */
export interface FrameFigures {
  frames: number;
  /** Frames missing between two that are more than one frame apart. */
  dropped: number;
  /** Frames that share a timestamp with the one before. */
  duplicated: number;
}

/** Frame timestamps from the container: gaps other than one frame are drops, zero gaps duplicates. */
export async function frameFigures(video: string, fps: number, control: RunControl = {}): Promise<FrameFigures> {
  const { stdout } = await runFfprobe(
    ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", resolve(video)],
    control,
  );
  const pts = stdout
    .split("\n")
    .filter(Boolean)
    .map(Number)
    .sort((a, b) => a - b);
  let dropped = 0;
  let duplicated = 0;
  for (let i = 1; i < pts.length; i++) {
    const gap = Math.round(((pts[i] as number) - (pts[i - 1] as number)) * fps);
    if (gap === 0) duplicated++;
    else if (gap > 1) dropped += gap - 1;
  }
  return { frames: pts.length, dropped, duplicated };
}
