import { rename, rm } from "node:fs/promises";
import { resolve } from "node:path";
import { probe } from "./probe.js";
import { type RunControl, runFfmpeg } from "./run.js";

/**
 * Narration loudness: the web's norm for spoken content is -16 LUFS integrated (EBU R 128 measurement)
 * with true peaks at or below -1 dBTP, so a walkthrough plays as loud as the videos around it.
 */
export const TARGET_LUFS = -16;
/** The limiter's ceiling, below the -1 dBTP norm to leave room for the AAC encode's overshoot. */
export const CEILING_DBTP = -2;
/** Oversampling of the limiter, so it catches the peaks between samples (true peak), not just the samples. */
const LIMIT_RATE = 192_000;
/** At or below this the track is silence (ebur128 reports -70 for nothing audible): left as it is. */
export const SILENT_LUFS = -60;
/** The most a track is raised: a whisper stays a quiet track rather than amplified noise. */
const MAX_GAIN_DB = 30;

export interface Loudness {
  /** Integrated loudness, LUFS. */
  integrated: number;
  /** True peak, dBTP (dBFS of the 4× oversampled signal). */
  truePeak: number;
  /** Loudness range (LRA), LU: how much the level moves over the track. */
  range: number;
}

const summaryNumber = (summary: string, pattern: RegExp): number =>
  Number(pattern.exec(summary)?.[1]?.replace("-inf", "-Infinity"));

/**
 * The figures of ebur128's closing summary, from ffmpeg's info-level log: the true peak with
 * `peak=true`, the sample peak with `peak=sample` (each NaN when not asked for).
 */
export function parseLoudness(stderr: string): Loudness & { samplePeak: number } {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const integrated = summaryNumber(summary, /\bI:\s*(-?[\d.]+|-inf)\s*LUFS/);
  const truePeak = summaryNumber(summary, /True peak:\s*Peak:\s*(-?[\d.]+|-inf)\s*dBFS/);
  const samplePeak = summaryNumber(summary, /Sample peak:\s*Peak:\s*(-?[\d.]+|-inf)\s*dBFS/);
  const range = summaryNumber(summary, /\bLRA:\s*(-?[\d.]+)\s*LU/);
  if (Number.isNaN(integrated)) throw new Error("ffmpeg's ebur128 printed no summary");
  return { integrated, truePeak, samplePeak, range: Number.isNaN(range) ? 0 : range };
}

/**
 * Integrated loudness, true peak and loudness range of an audio file (or a media file's first audio
 * stream), by ffmpeg's ebur128; of its first `inputSeconds` only when given.
 */
export async function measureLoudness(
  input: string,
  opts: RunControl & { inputSeconds?: number } = {},
): Promise<Loudness> {
  const { inputSeconds, ...control } = opts;
  const { stderr } = await runFfmpeg(
    [
      // The summary is an info-level message (runFfmpeg asks for errors only; the last -loglevel wins).
      "-loglevel",
      "info",
      "-nostats",
      ...(inputSeconds === undefined ? [] : ["-t", inputSeconds.toFixed(3)]),
      "-i",
      resolve(input),
      "-map",
      "0:a:0",
      // framelog=verbose keeps the per-block lines out of the info log; the summary stays.
      "-af",
      "ebur128=peak=true:framelog=verbose",
      "-f",
      "null",
      "-",
    ],
    control,
  );
  const { integrated, truePeak, range } = parseLoudness(stderr);
  if (Number.isNaN(truePeak)) throw new Error("ffmpeg's ebur128 printed no true peak");
  return { integrated, truePeak, range };
}

/** How close to the target the result must measure before another, corrected pass is tried. */
const TOLERANCE_LU = 0.25;
/** Corrected passes at most: the limiter's loss shrinks with each, one is usually enough. */
const MAX_CORRECTIONS = 2;

/**
 * Brings a narration track to TARGET_LUFS: measure, then one linear gain for the whole track (speech
 * keeps its dynamics; every line keeps its level relative to the others) followed by a true-peak
 * limiter that only touches the peaks the gain pushed past the ceiling. Limiting a peaky voice costs a
 * little loudness, so the result is measured and, when short of the target, made again with the gain
 * corrected by the shortfall. The output keeps the input's sample rate, channel count and exact length
 * (16-bit PCM WAV). A silent track is copied as it is. Returns the loudness measured before and after.
 */
export async function normalizeLoudness(
  input: string,
  out: string,
  opts: RunControl = {},
): Promise<{ before: Loudness; after: Loudness }> {
  const source = resolve(input);
  const [before, info] = await Promise.all([measureLoudness(source, opts), probe(source, opts)]);
  if (!info.audio) throw new Error("the narration track has no audio stream");
  const format = { sampleRate: info.audio.sampleRate, channels: info.audio.channels };
  const target = resolve(out);
  const tmp = `${target}.partial.wav`;
  try {
    let gain = before.integrated > SILENT_LUFS ? Math.min(MAX_GAIN_DB, TARGET_LUFS - before.integrated) : 0;
    await applyGain(source, tmp, gain, format, opts);
    let after = await measureLoudness(tmp, opts);
    for (let i = 0; i < MAX_CORRECTIONS && gain !== 0 && gain < MAX_GAIN_DB; i++) {
      const shortfall = TARGET_LUFS - after.integrated;
      if (Math.abs(shortfall) <= TOLERANCE_LU) break;
      gain = Math.min(MAX_GAIN_DB, gain + shortfall);
      await applyGain(source, tmp, gain, format, opts);
      after = await measureLoudness(tmp, opts);
    }
    await rename(tmp, target);
    return { before, after };
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/**
 * The filters of one levelling pass: a linear gain, then the oversampled true-peak limiter at the
 * ceiling, back at `sampleRate` (the same number of samples as went in).
 */
export function gainAndLimit(gainDb: number, sampleRate: number): string {
  const ceiling = 10 ** (CEILING_DBTP / 20);
  return [
    "aformat=sample_fmts=fltp",
    `volume=${gainDb.toFixed(2)}dB`,
    `aresample=${LIMIT_RATE}`,
    // level=false: no make-up gain; latency=true: the look-ahead does not shift the sound in time.
    `alimiter=limit=${ceiling.toFixed(4)}:attack=2:release=50:level=false:latency=true`,
    `aresample=${sampleRate}`,
  ].join(",");
}

/** One pass: gain, then the oversampled true-peak limiter, back at the input's own format. */
async function applyGain(
  input: string,
  out: string,
  gainDb: number,
  format: { sampleRate: number; channels: number },
  opts: RunControl,
): Promise<void> {
  const filter = gainAndLimit(gainDb, format.sampleRate);
  await runFfmpeg(
    [
      "-y",
      "-i",
      input,
      "-map",
      "0:a:0",
      "-af",
      filter,
      "-c:a",
      "pcm_s16le",
      "-ac",
      String(format.channels),
      "-f",
      "wav",
      out,
    ],
    opts,
  );
}
