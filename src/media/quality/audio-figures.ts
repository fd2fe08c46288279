import { resolve } from "node:path";
import { type RunControl, runFfmpeg } from "../ffmpeg/run.js";

/**
 * Listening figures of a video's audio track, measured by ffmpeg itself in one decode: where it is
 * silent (silencedetect) and how loud it is (EBU R 128 integrated loudness and true peak, ebur128).
 */

/** Below this level for at least MIN_SILENCE_S counts as silence: quiet enough to be no speech. */
export const SILENCE_DB = -35;
export const MIN_SILENCE_S = 0.3;
/**
 * A pause shorter than this between two stretches of speech is part of speaking (a presenter's breath
 * between sentences): it counts as speech for the narration rate, not for the coverage.
 */
export const SPEAKING_PAUSE_S = 0.7;
/** A silence line per pause plus ebur128's summary: a long video's pauses all fit. */
const STDERR_BYTES = 1024 * 1024;

export interface Silence {
  start: number;
  seconds: number;
}

export interface AudioFigures {
  /** Share of the video with sound above the silence level (strict: every pause of 0.3 s or more is silence). */
  speechShare: number;
  /** Seconds with sound above the silence level. */
  speechSeconds: number;
  /** Seconds of speaking: speech plus the pauses under SPEAKING_PAUSE_S between its stretches. */
  speakingSeconds: number;
  /** The longest silence (a trailing one runs to the video's end); zero seconds when there is none. */
  longestSilence: Silence;
  integratedLufs: number;
  truePeakDbtp: number;
}

const num = (s: string | undefined): number =>
  s === undefined ? Number.NaN : s === "-inf" ? Number.NEGATIVE_INFINITY : Number(s);

/** The silences silencedetect logged, in order; one still open at the end runs to `durationS`. */
export function parseSilences(stderr: string, durationS: number): Silence[] {
  const found: Silence[] = [];
  let open: number | undefined;
  for (const line of stderr.split("\n")) {
    const start = /silence_start:\s*(-?[\d.]+)/.exec(line);
    if (start) open = Math.max(0, Number(start[1]));
    const end = /silence_end:\s*([\d.]+)/.exec(line);
    if (end && open !== undefined) {
      found.push({ start: open, seconds: Math.min(durationS, Number(end[1])) - open });
      open = undefined;
    }
  }
  if (open !== undefined) found.push({ start: open, seconds: Math.max(0, durationS - open) });
  return found;
}

/** Integrated loudness and true peak from ebur128's closing summary. */
export function parseLoudnessSummary(stderr: string): { integratedLufs: number; truePeakDbtp: number } {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  return {
    integratedLufs: num(/\bI:\s*(-?[\d.]+|-inf)\s*LUFS/.exec(summary)?.[1]),
    truePeakDbtp: num(/True peak:\s*Peak:\s*(-?[\d.]+|-inf)\s*dBFS/.exec(summary)?.[1]),
  };
}

/** Speech and speaking time of a track from its silences (see AudioFigures). */
export function speechFigures(
  silences: readonly Silence[],
  durationS: number,
): Pick<AudioFigures, "speechShare" | "speechSeconds" | "speakingSeconds" | "longestSilence"> {
  const end = (s: Silence) => s.start + s.seconds;
  const silent = silences.reduce((sum, s) => sum + s.seconds, 0);
  // Only a pause with speech on both sides is a speaking pause: leading and trailing silence never is.
  const notSpeaking = silences
    .filter((s) => s.seconds >= SPEAKING_PAUSE_S || s.start <= 1e-3 || end(s) >= durationS - 1e-3)
    .reduce((sum, s) => sum + s.seconds, 0);
  const speechSeconds = Math.max(0, durationS - silent);
  return {
    speechShare: durationS > 0 ? speechSeconds / durationS : 0,
    speechSeconds,
    speakingSeconds: speechSeconds > 0 ? Math.max(0, durationS - notSpeaking) : 0,
    longestSilence: silences.reduce((a, b) => (b.seconds > a.seconds ? b : a), { start: 0, seconds: 0 }),
  };
}

/**
 * Measures a media file's first audio stream: silencedetect and ebur128 chained in one filter graph, so
 * the track is decoded once. `durationS` is the video's length (a trailing silence runs to it).
 */
export async function measureAudio(file: string, durationS: number, control: RunControl = {}): Promise<AudioFigures> {
  const { stderr } = await runFfmpeg(
    [
      // Both filters log at info level (runFfmpeg asks for errors only; the last -loglevel wins).
      "-loglevel",
      "info",
      "-nostats",
      "-i",
      resolve(file),
      "-map",
      "0:a:0",
      // framelog=verbose keeps ebur128's per-100 ms lines out of the info log; its summary stays.
      "-af",
      `silencedetect=noise=${SILENCE_DB}dB:d=${MIN_SILENCE_S},ebur128=peak=true:framelog=verbose`,
      "-f",
      "null",
      "-",
    ],
    { ...control, stderrLimit: STDERR_BYTES },
  );
  const loudness = parseLoudnessSummary(stderr);
  if (Number.isNaN(loudness.integratedLufs) || Number.isNaN(loudness.truePeakDbtp))
    throw new Error("ffmpeg's ebur128 printed no summary");
  return { ...speechFigures(parseSilences(stderr, durationS), durationS), ...loudness };
}
