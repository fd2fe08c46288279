import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { probe } from "./probe.js";
import { FfmpegError, type RunControl, runFfmpeg } from "./run.js";

/**
 * The ffmpeg steps around a render's streamed video (encode-stream.ts) and mux (mux.ts): the narration
 * placed into one WAV, the AAC settings that fit it to the video's length, and the poster frame.
 *
 * Paths are resolved to absolute paths before they reach ffmpeg, so a file name can never be read as an
 * option or a protocol. Outputs are written to a temporary name in the same directory and renamed into
 * place on success; a failed or cancelled run leaves no partial file.
 */

export const AUDIO_SAMPLE_RATE = 48_000;

export interface Artifact {
  path: string;
  bytes: number;
  sha256: string;
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export async function artifactOf(path: string): Promise<Artifact> {
  const s = await stat(path);
  return { path, bytes: s.size, sha256: await sha256File(path) };
}

function tempNameFor(out: string): string {
  return join(dirname(out), `.${randomBytes(6).toString("hex")}.partial`);
}

/** Runs ffmpeg writing to a temporary file, then renames it to `out`; removes the temporary file on failure. */
async function writeVia(out: string, args: (tmp: string) => string[], control: RunControl): Promise<Artifact> {
  const tmp = tempNameFor(out);
  try {
    await runFfmpeg(["-y", ...args(tmp)], control);
    const s = await stat(tmp).catch(() => null);
    if (!s || s.size === 0) {
      throw new FfmpegError("ffmpeg produced no output", "failed", { binary: "ffmpeg", args: args(tmp) });
    }
    await rename(tmp, out);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return artifactOf(out);
}

function control(opts: RunControl): RunControl {
  const c: RunControl = {};
  if (opts.signal) c.signal = opts.signal;
  if (opts.timeoutMs !== undefined) c.timeoutMs = opts.timeoutMs;
  if (opts.onSpawn) c.onSpawn = opts.onSpawn;
  if (opts.binaries) c.binaries = opts.binaries;
  return c;
}

/**
 * Maps input `input`'s audio, padded with silence or trimmed to exactly `samples` at 48 kHz, to stereo
 * AAC: the audio ends where the video does (the only difference left is AAC's frame granularity).
 */
export function fittedAacArgs(input: number, samples: number): string[] {
  return [
    "-map",
    `${input}:a:0`,
    "-af",
    `aresample=${AUDIO_SAMPLE_RATE},apad=whole_len=${samples},atrim=end_sample=${samples},asetpts=PTS-STARTPTS`,
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-ar",
    String(AUDIO_SAMPLE_RATE),
    "-ac",
    "2",
  ];
}

/** Samples of `seconds` at 48 kHz, rounded. */
function samplesOf(seconds: number): number {
  return Math.round(seconds * AUDIO_SAMPLE_RATE);
}

export interface PosterOptions extends RunControl {
  /** JPEG quality on ffmpeg's 2 (best) … 31 scale; default 3. */
  quality?: number;
}

/**
 * One frame of `video` at `atSeconds` (clamped into the video) as a JPEG of the video's size.
 */
export async function posterFrame(
  video: string,
  atSeconds: number,
  out: string,
  opts: PosterOptions = {},
): Promise<Artifact> {
  const input = resolve(video);
  const info = await probe(input, control(opts));
  const fps = info.video?.frameRate || 30;
  // Half a frame before the last frame's start, so rounding to milliseconds never seeks past it.
  const last = Math.max(0, (info.video?.durationSeconds ?? info.durationSeconds) - 1.5 / fps);
  const at = Math.min(Math.max(0, Number.isFinite(atSeconds) ? atSeconds : 0), last);
  return writeVia(
    resolve(out),
    (tmp) => [
      "-ss",
      at.toFixed(3),
      "-i",
      input,
      "-map",
      "0:v:0",
      "-frames:v",
      "1",
      "-c:v",
      "mjpeg",
      "-q:v",
      String(opts.quality ?? 3),
      "-update",
      "1",
      "-f",
      "image2",
      tmp,
    ],
    control(opts),
  );
}

export interface AudioSegment {
  path: string;
  startSeconds: number;
}

/**
 * One mono 48 kHz 16-bit WAV of exactly `totalSeconds`: each segment placed at its start time (sample
 * accurate, `adelay=…S`), silence everywhere else. Segments are summed without normalisation
 * (`amix normalize=0`), so overlapping segments play together at full level; anything past
 * `totalSeconds` is cut off.
 */
export async function concatAudio(
  segments: readonly AudioSegment[],
  totalSeconds: number,
  out: string,
  opts: RunControl = {},
): Promise<Artifact> {
  if (!Number.isFinite(totalSeconds) || totalSeconds <= 0)
    throw new RangeError(`totalSeconds must be > 0, got ${totalSeconds}`);
  for (const s of segments) {
    if (!Number.isFinite(s.startSeconds) || s.startSeconds < 0) {
      throw new RangeError(`segment start must be a finite number ≥ 0, got ${s.startSeconds}`);
    }
  }
  const n = samplesOf(totalSeconds);
  const inputs: string[] = [];
  const graph: string[] = [];
  if (segments.length === 0) {
    inputs.push("-f", "lavfi", "-i", `anullsrc=r=${AUDIO_SAMPLE_RATE}:cl=mono`);
    graph.push(`[0:a]atrim=end_sample=${n}[out]`);
  } else {
    segments.forEach((s, i) => {
      inputs.push("-i", resolve(s.path));
      graph.push(
        `[${i}:a]aresample=${AUDIO_SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=mono,` +
          `asetpts=PTS-STARTPTS,adelay=delays=${samplesOf(s.startSeconds)}S:all=1[s${i}]`,
      );
    });
    const mixed =
      segments.length === 1
        ? "[s0]"
        : `${segments.map((_, i) => `[s${i}]`).join("")}amix=inputs=${segments.length}:duration=longest:normalize=0,`;
    graph.push(`${mixed}apad=whole_len=${n},atrim=end_sample=${n}[out]`);
  }
  return writeVia(
    resolve(out),
    (tmp) => [
      ...inputs,
      "-filter_complex",
      graph.join(";"),
      "-map",
      "[out]",
      "-c:a",
      "pcm_s16le",
      "-ar",
      String(AUDIO_SAMPLE_RATE),
      "-ac",
      "1",
      "-f",
      "wav",
      tmp,
    ],
    control(opts),
  );
}
