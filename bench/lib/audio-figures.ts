// Listening figures of a video's audio track, measured by ffmpeg itself: where it is silent
// (silencedetect) and how loud it is (EBU R128 integrated loudness and true peak).
import { runFfmpeg } from "../../src/media/ffmpeg/run.js";

/** Below this level for at least MIN_SILENCE_S counts as silence: quiet enough to be no speech. */
const SILENCE_DB = -35;
const MIN_SILENCE_S = 0.3;
/** silencedetect and ebur128 log at info level, a line per event: keep enough stderr to read them all. */
const STDERR_BYTES = 8 * 1024 * 1024;

export interface Silence {
  start: number;
  seconds: number;
}

export interface AudioFigures {
  /** Share of the video with sound above the silence level. */
  speechShare: number;
  /** Seconds with sound above the silence level. */
  speechSeconds: number;
  /** The longest silence (a trailing one runs to the video's end). */
  longest: Silence;
  integratedLufs: number;
  truePeakDbtp: number;
}

export async function silences(file: string, durationS: number): Promise<Silence[]> {
  const { stderr } = await runFfmpeg(
    [
      "-loglevel",
      "info",
      "-nostats",
      "-i",
      file,
      "-map",
      "0:a:0",
      "-af",
      `silencedetect=noise=${SILENCE_DB}dB:d=${MIN_SILENCE_S}`,
      "-f",
      "null",
      "-",
    ],
    { stderrLimit: STDERR_BYTES },
  );
  const found: Silence[] = [];
  let open: number | undefined;
  for (const line of stderr.split("\n")) {
    const start = /silence_start:\s*(-?[\d.]+)/.exec(line);
    if (start) open = Math.max(0, Number(start[1]));
    const end = /silence_end:\s*([\d.]+)/.exec(line);
    if (end && open !== undefined) {
      found.push({ start: open, seconds: Number(end[1]) - open });
      open = undefined;
    }
  }
  if (open !== undefined) found.push({ start: open, seconds: Math.max(0, durationS - open) });
  return found;
}

export async function loudness(file: string): Promise<{ integratedLufs: number; truePeakDbtp: number }> {
  const { stderr } = await runFfmpeg(
    ["-loglevel", "info", "-nostats", "-i", file, "-map", "0:a:0", "-af", "ebur128=peak=true", "-f", "null", "-"],
    {
      stderrLimit: STDERR_BYTES,
    },
  );
  // The summary comes last: "Integrated loudness: I: -16.0 LUFS" … "True peak: Peak: -1.2 dBFS".
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const integrated = /I:\s*(-?[\d.]+|-inf)\s*LUFS/.exec(summary)?.[1];
  const peak = /True peak:\s*Peak:\s*(-?[\d.]+|-inf)\s*dBFS/.exec(summary)?.[1];
  const num = (s: string | undefined) => (s === undefined ? Number.NaN : s === "-inf" ? -Infinity : Number(s));
  return { integratedLufs: num(integrated), truePeakDbtp: num(peak) };
}

export async function audioFigures(file: string, durationS: number): Promise<AudioFigures> {
  const quiet = await silences(file, durationS);
  const silentS = quiet.reduce((sum, s) => sum + s.seconds, 0);
  const speechSeconds = Math.max(0, durationS - silentS);
  const longest = quiet.reduce((a, b) => (b.seconds > a.seconds ? b : a), { start: 0, seconds: 0 });
  return {
    speechShare: durationS > 0 ? speechSeconds / durationS : 0,
    speechSeconds,
    longest,
    ...(await loudness(file)),
  };
}
