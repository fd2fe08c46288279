import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { probe } from "./probe.js";
import { FfmpegError, type RunControl, runFfmpeg } from "./run.js";

/**
 * Encoding for playback anywhere: H.264 (libx264, yuv420p) + AAC in MP4 with the moov atom first
 * (faststart: a browser starts playing before the download ends), a JPEG poster, and a WAV narration
 * track assembled from per-beat segments.
 *
 * Timing contract: the video is exactly `frames / fps` seconds (every PNG becomes exactly one frame, no
 * frame is dropped or duplicated: `-fps_mode passthrough` + `trim=end_frame=N`), and the audio is padded with
 * silence or trimmed to exactly that many 48 kHz samples (`apad=whole_dur`, `atrim=end_sample`), so the
 * only audio/video difference left is AAC's frame granularity (≤ 1024 samples ≈ 21 ms, far less in
 * practice because the MP4 edit list trims the priming and the padding).
 *
 * Audio input: `encodeVideo` takes ONE WAV file (any sample rate / channel count). For several narration
 * segments, build that file first with `concatAudio(segments, totalSeconds, out)`.
 *
 * Paths are resolved to absolute paths before they reach ffmpeg, so a file name can never be read as an
 * option or a protocol. Outputs are written to a temporary name in the same directory and renamed into
 * place on success; a failed or cancelled run leaves no partial file.
 */

export const AUDIO_SAMPLE_RATE = 48_000;
const FRAME_PATTERN = /^frame-(\d{6})\.png$/;

export interface Artifact {
  path: string;
  bytes: number;
  sha256: string;
}

export interface EncodeVideoOptions extends RunControl {
  /** Directory holding frame-000001.png, frame-000002.png, … (contiguous numbering, any first number). */
  frames: string;
  fps: number;
  /** One WAV file; padded with silence or trimmed to the video's exact length. */
  audio?: string;
  /** Output size; frames of another size are scaled to fit and padded (black), aspect ratio kept. Even numbers. */
  width: number;
  height: number;
  out: string;
  /** libx264 CRF (default 23). */
  crf?: number;
  /** libx264 preset (default "veryfast"). */
  preset?: "ultrafast" | "superfast" | "veryfast";
}

export interface EncodedVideo extends Artifact {
  frames: number;
  durationSeconds: number;
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

/** Numbers of the frame-NNNNNN.png files in `dir`; they must be contiguous (the image2 reader stops at a gap). */
export async function listFrames(dir: string): Promise<{ first: number; count: number }> {
  const numbers = (await readdir(dir))
    .map((name) => FRAME_PATTERN.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const first = numbers[0];
  if (first === undefined) throw new RangeError(`no frame-NNNNNN.png files in ${dir}`);
  numbers.forEach((n, i) => {
    if (n !== first + i)
      throw new RangeError(`frame numbering has a gap before frame-${String(n).padStart(6, "0")}.png`);
  });
  return { first, count: numbers.length };
}

function checkSize(width: number, height: number): void {
  for (const [name, v] of [
    ["width", width],
    ["height", height],
  ] as const) {
    if (!Number.isInteger(v) || v < 2 || v > 8192 || v % 2 !== 0) {
      throw new RangeError(`${name} must be an even integer between 2 and 8192 (yuv420p), got ${v}`);
    }
  }
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

export async function encodeVideo(opts: EncodeVideoOptions): Promise<EncodedVideo> {
  checkSize(opts.width, opts.height);
  if (!Number.isFinite(opts.fps) || opts.fps <= 0 || opts.fps > 120)
    throw new RangeError(`fps out of range: ${opts.fps}`);
  if (opts.signal?.aborted) {
    throw new FfmpegError("ffmpeg aborted before start", "aborted", {
      binary: "ffmpeg",
      args: [],
      cause: opts.signal.reason,
    });
  }
  const framesDir = resolve(opts.frames);
  const { first, count } = await listFrames(framesDir);
  const durationSeconds = count / opts.fps;
  const out = resolve(opts.out);
  const { width: w, height: h } = opts;

  // trim=end_frame (not -frames:v, which would close the whole output and cut the audio short).
  const videoFilter = [
    `trim=end_frame=${count}`,
    `scale=${w}:${h}:force_original_aspect_ratio=decrease:flags=lanczos`,
    `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=black`,
    "setsar=1",
    "format=yuv420p",
  ].join(",");

  const args = (tmp: string): string[] => {
    const a = [
      "-framerate",
      String(opts.fps),
      "-start_number",
      String(first),
      "-f",
      "image2",
      "-i",
      join(framesDir, "frame-%06d.png"),
    ];
    if (opts.audio) a.push("-i", resolve(opts.audio));
    a.push("-map", "0:v:0", "-vf", videoFilter);
    a.push(
      "-c:v",
      "libx264",
      "-preset",
      opts.preset ?? "veryfast",
      "-crf",
      String(opts.crf ?? 23),
      "-pix_fmt",
      "yuv420p",
      "-profile:v",
      "high",
      "-g",
      String(Math.max(1, Math.round(opts.fps * 2))),
      "-fps_mode",
      "passthrough",
    );
    if (opts.audio) {
      a.push(...fittedAacArgs(1, samplesOf(durationSeconds)));
    }
    a.push("-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4", tmp);
    return a;
  };

  const artifact = await writeVia(out, args, control(opts));
  return { ...artifact, frames: count, durationSeconds };
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
