import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { CEILING_DBTP, gainAndLimit, parseLoudness, SILENT_LUFS, TARGET_LUFS } from "../ffmpeg/loudness.js";
import { type RunControl, runFfmpeg } from "../ffmpeg/run.js";
import { BED_LUFS } from "../music/render.js";
import { parseWav } from "../tts/wav.js";
import { duckEnvelope, type Span } from "./duck.js";
import { writeFloatWav, writeSilentWav } from "./pcm.js";

/**
 * A video's finished soundtrack: the narration lines placed at their times, the music bed under them
 * ducked while a line is spoken (duck.ts), then the whole brought to TARGET_LUFS (-16) integrated with
 * true peaks under the limiter's ceiling (-2 dBTP, room for the AAC encode). Out comes a 48 kHz stereo
 * 16-bit WAV of exactly round(seconds × 48000) samples. Every step is ffmpeg's float arithmetic or
 * this module's, single-threaded and without dither, and the WAV carries no metadata: the same inputs
 * give the same bytes.
 *
 * The four audio modes are what is given: lines and music (voice and music), no lines (music only), no
 * music (voice only), neither, or both volumes 0 (silent: digital silence, nothing run).
 */

const RATE = 48_000;
/** The voice bus is levelled to this before its volume, so the music's volume is relative to a known voice. */
const VOICE_LUFS = -16;
/** Levelling passes at most: a corrected pass when the limiter's loss left the result short of the target. */
const MAX_PASSES = 3;
const TOLERANCE_LU = 0.25;
/**
 * The mix's sample peak within this of the ceiling after the gain calls for the limiter (the 192 kHz
 * limiter is the dearest step): true peaks of music and speech at 48 kHz rarely exceed the sample peak by
 * a decibel. The output's true peak is measured either way, and a pass over the ceiling is made again
 * with the limiter.
 */
const LIMITER_MARGIN_DB = 1.5;

export interface NarrationPlacement {
  /** A PCM WAV file of one spoken line (speakLines'). */
  path: string;
  /** Where the line starts in the video. */
  startSeconds: number;
}

export interface SoundtrackInput {
  /** The video's length: the output holds exactly round(seconds × 48000) samples. */
  seconds: number;
  narration: readonly NarrationPlacement[];
  /** The music bed (renderMusicBed's, at BED_LUFS), or null for none. */
  music: string | null;
  /** 0–1, linear: 1 is the voice at VOICE_LUFS. */
  voiceVolume: number;
  /** 0–1, linear: 1 is the bed as loud as the voice where no line is spoken. */
  musicVolume: number;
  /** Where the WAV is written (via a temporary name; nothing is left behind on failure). */
  out: string;
}

/** The finished track's figures (EBU R 128, measured on the output as it is written). */
export interface SoundtrackFigures {
  samples: number;
  integratedLufs: number;
  truePeakDbtp: number;
  loudnessRangeLu: number;
}

interface VoiceBus {
  path: string;
  gainDb: number;
}

const dB = (linear: number): number => 20 * Math.log10(linear);
const volume = (v: number, what: string): number => {
  if (!Number.isFinite(v) || v < 0 || v > 1) throw new RangeError(`${what} must be 0–1, got ${v}`);
  return v;
};
const wavArgs = (codec: string, channels: number, out: string): string[] => [
  "-c:a",
  codec,
  "-ar",
  String(RATE),
  "-ac",
  String(channels),
  "-map_metadata",
  "-1",
  "-fflags",
  "+bitexact",
  "-flags:a",
  "+bitexact",
  "-f",
  "wav",
  out,
];
// ebur128 logs its summary at info level (runFfmpeg asks for errors only; the last -loglevel wins).
const MEASURED = ["-loglevel", "info", "-nostats"];
const EBUR128 = "ebur128=framelog=verbose";
/** With the sample peak (cheap), to tell whether the levelling needs the limiter. */
const EBUR128_SAMPLE_PEAK = "ebur128=peak=sample:framelog=verbose";
/** With the true peak: 4× oversampled, so only on the output. */
const EBUR128_PEAK = "ebur128=peak=true:framelog=verbose";

export async function mixSoundtrack(input: SoundtrackInput, control: RunControl = {}): Promise<SoundtrackFigures> {
  if (!Number.isFinite(input.seconds) || input.seconds <= 0) throw new RangeError("seconds must be > 0");
  const samples = Math.round(input.seconds * RATE);
  const voiced = volume(input.voiceVolume, "voiceVolume") > 0 && input.narration.length > 0;
  const music = volume(input.musicVolume, "musicVolume") > 0 ? input.music : null;
  const out = resolve(input.out);
  const work = join(dirname(out), `.mix-${randomBytes(6).toString("hex")}`);
  await mkdir(work, { recursive: true });
  try {
    const result = join(work, "out.wav");
    let figures: SoundtrackFigures;
    if (!voiced && !music) {
      await writeSilentWav(result, samples, 2, RATE);
      // What ebur128 reports for digital silence: the gate's floor, and no peak at all.
      figures = { samples, integratedLufs: -70, truePeakDbtp: Number.NEGATIVE_INFINITY, loudnessRangeLu: 0 };
    } else {
      const spans = voiced ? await lineSpans(input.narration) : [];
      const envelope = voiced && music ? join(work, "duck.wav") : null;
      // The voice bus's ffmpeg starts first; the envelope is computed and written while it runs.
      const [voice] = await Promise.all([
        voiced ? voiceBus(input, samples, work, control) : null,
        envelope ? writeFloatWav(envelope, duckEnvelope(spans, samples, RATE), RATE) : null,
      ]);
      const mixed = join(work, "mix.wav");
      const loudness = await mix(input, samples, voice, music, envelope, mixed, control);
      figures = await normalise(mixed, loudness, samples, result, control);
    }
    await rename(result, out);
    return figures;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The lines placed on one mono float track of the video's length, levelled to VOICE_LUFS by its gain. */
async function voiceBus(input: SoundtrackInput, samples: number, work: string, control: RunControl): Promise<VoiceBus> {
  const path = join(work, "voice.wav");
  const args: string[] = [];
  const graph: string[] = [];
  for (const [i, line] of input.narration.entries()) {
    args.push("-i", resolve(line.path));
    graph.push(
      `[${i}:a]aresample=${RATE},aformat=sample_fmts=fltp:channel_layouts=mono,asetpts=PTS-STARTPTS,` +
        `adelay=delays=${Math.round(line.startSeconds * RATE)}S:all=1[s${i}]`,
    );
  }
  const n = input.narration.length;
  const sum = n === 1 ? "[s0]" : `${graph.map((_, i) => `[s${i}]`).join("")}amix=inputs=${n}:normalize=0,`;
  graph.push(`${sum}apad=whole_len=${samples},atrim=end_sample=${samples},${EBUR128}[out]`);
  const { stderr } = await runFfmpeg(
    [...MEASURED, "-y", ...args, "-filter_complex", graph.join(";"), "-map", "[out]", ...wavArgs("pcm_f32le", 1, path)],
    control,
  );
  const measured = parseLoudness(stderr).integrated;
  const levelled = measured > SILENT_LUFS ? VOICE_LUFS - measured : 0;
  return { path, gainDb: levelled + dB(input.voiceVolume) };
}

/** Voice and ducked music summed on a stereo float track; its loudness and sample peak as mixed. */
async function mix(
  input: SoundtrackInput,
  samples: number,
  voice: VoiceBus | null,
  music: string | null,
  envelope: string | null,
  out: string,
  control: RunControl,
): Promise<{ integrated: number; samplePeak: number }> {
  const args: string[] = [];
  const graph: string[] = [];
  const parts: string[] = [];
  if (voice) {
    args.push("-i", voice.path);
    graph.push(`[0:a]volume=${voice.gainDb.toFixed(4)}dB,pan=stereo|c0=c0|c1=c0[v]`);
    parts.push("[v]");
  }
  if (music) {
    const m = args.length / 2;
    args.push("-i", resolve(music));
    const gainDb = VOICE_LUFS - BED_LUFS + dB(input.musicVolume);
    graph.push(
      `[${m}:a]aresample=${RATE},aformat=sample_fmts=fltp:channel_layouts=stereo,asetpts=PTS-STARTPTS,` +
        `volume=${gainDb.toFixed(4)}dB,apad=whole_len=${samples},atrim=end_sample=${samples}${voice ? "[m0]" : "[m]"}`,
    );
    if (voice && envelope) {
      args.push("-i", envelope);
      graph.push(`[${m + 1}:a]pan=stereo|c0=c0|c1=c0[e]`, "[m0][e]amultiply[m]");
    }
    parts.push("[m]");
  }
  const sum = parts.length === 1 ? parts[0] : `${parts.join("")}amix=inputs=2:normalize=0,`;
  graph.push(`${sum}atrim=end_sample=${samples},${EBUR128_SAMPLE_PEAK}[out]`);
  const { stderr } = await runFfmpeg(
    [...MEASURED, "-y", ...args, "-filter_complex", graph.join(";"), "-map", "[out]", ...wavArgs("pcm_f32le", 2, out)],
    control,
  );
  return parseLoudness(stderr);
}

/**
 * The mix at TARGET_LUFS: one linear gain, and the true-peak limiter (loudness.ts) when the gain takes
 * the peak near the ceiling; measured as it is written. A pass whose true peak still lands over the
 * ceiling is made again with the limiter, and one the limiter's loss left short of the target again
 * with the gain corrected.
 */
async function normalise(
  mixed: string,
  measured: { integrated: number; samplePeak: number },
  samples: number,
  out: string,
  control: RunControl,
): Promise<SoundtrackFigures> {
  const audible = measured.integrated > SILENT_LUFS;
  let gain = audible ? TARGET_LUFS - measured.integrated : 0;
  let limit = measured.samplePeak + gain > CEILING_DBTP - LIMITER_MARGIN_DB;
  let figures: SoundtrackFigures | null = null;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const levelled = limit ? gainAndLimit(gain, RATE) : `volume=${gain.toFixed(4)}dB`;
    const filter = `${levelled},apad=whole_len=${samples},atrim=end_sample=${samples},${EBUR128_PEAK}`;
    const { stderr } = await runFfmpeg(
      [...MEASURED, "-y", "-i", mixed, "-af", filter, ...wavArgs("pcm_s16le", 2, out)],
      control,
    );
    const l = parseLoudness(stderr);
    figures = { samples, integratedLufs: l.integrated, truePeakDbtp: l.truePeak, loudnessRangeLu: l.range };
    if (!audible) break;
    if (!limit && l.truePeak > CEILING_DBTP) {
      limit = true;
      continue;
    }
    const shortfall = TARGET_LUFS - l.integrated;
    if (Math.abs(shortfall) <= TOLERANCE_LU) break;
    gain += shortfall;
  }
  return figures as SoundtrackFigures;
}

/** Where each line is heard: its start to its end (the lines are speakLines' PCM WAVs, edge silence cut). */
async function lineSpans(lines: readonly NarrationPlacement[]): Promise<Span[]> {
  return Promise.all(
    lines.map(async (line) => {
      if (!Number.isFinite(line.startSeconds) || line.startSeconds < 0) {
        throw new RangeError(`a line's start must be ≥ 0, got ${line.startSeconds}`);
      }
      const info = parseWav(await readFile(line.path));
      if (!info) throw new RangeError(`${line.path} is not a PCM WAV file`);
      return { start: line.startSeconds, end: line.startSeconds + info.durationSeconds };
    }),
  );
}
