// The longest stretch of a video where the picture does not change: ffmpeg's freezedetect filter, which
// compares each frame with the one that started the stretch. A walkthrough that sits on one still for long
// reads as a slideshow; its length is a figure to watch, not a target.
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";

/** Frames differing by less than this (mean absolute difference, -50 dB ≈ 0.3 %) are the same picture. */
const NOISE = "-50dB";
/** Stretches shorter than this are not reported by the filter. */
const MIN_SECONDS = 0.5;

export interface StillSpan {
  start: number;
  seconds: number;
}

const figure = (line: string, name: string): number | null => {
  const m = new RegExp(`lavfi\\.freezedetect\\.${name}: (-?[\\d.]+)`).exec(line);
  return m ? Number(m[1]) : null;
};

/** The longest still stretch of `video` ({0, 0} when none lasts MIN_SECONDS). */
export async function longestStill(video: string, videoSeconds: number): Promise<StillSpan> {
  const { stderr } = await runFfmpeg(
    [
      "-loglevel",
      "info",
      "-nostats",
      "-i",
      video,
      "-map",
      "0:v:0",
      "-vf",
      `freezedetect=n=${NOISE}:d=${MIN_SECONDS}`,
      "-f",
      "null",
      "-",
    ],
    { stderrLimit: 512 * 1024 },
  );
  let longest: StillSpan = { start: 0, seconds: 0 };
  let open: number | null = null;
  for (const line of stderr.split("\n")) {
    const start = figure(line, "freeze_start");
    if (start !== null) open = start;
    const seconds = figure(line, "freeze_duration");
    if (seconds !== null && open !== null) {
      if (seconds > longest.seconds) longest = { start: open, seconds };
      open = null;
    }
  }
  // A stretch still frozen at the end is reported with a start only.
  if (open !== null && videoSeconds - open > longest.seconds) longest = { start: open, seconds: videoSeconds - open };
  return longest;
}
