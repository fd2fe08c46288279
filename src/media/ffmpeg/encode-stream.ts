import { resolve } from "node:path";
import { AUDIO_SAMPLE_RATE, fittedAacArgs } from "./encode.js";
import { ffmpegOf, type RunControl, startProcess } from "./run.js";

/**
 * One ffmpeg process fed raw yuv420p frames on stdin (no PNG per frame: decoding those costs more than
 * the encode). The caller writes exactly `frames` pictures; each `write` resolves once the pipe has
 * taken the bytes (backpressure: one frame in flight), after which the caller may reuse or change the buffer. Timing matches
 * `encodeVideo`: every frame written is one output frame, and the audio is padded/trimmed to exactly
 * frames / fps seconds of 48 kHz samples.
 *
 * Abort (signal) or a failed write kills ffmpeg with SIGKILL; `done` then rejects with an FfmpegError
 * (the process is run by run.ts's `startProcess`, like every other ffmpeg run).
 * The caller owns the output path (write to a temporary name and rename on success).
 */

export interface StreamEncodeOptions extends RunControl {
  width: number;
  height: number;
  fps: number;
  /** Frames that will be written; the audio is cut/padded to frames / fps. */
  frames: number;
  /** One WAV file, or none for a silent track (an AAC stream is always written). */
  audio: string | null;
  /** An ffmpeg video filter applied to the frames (e.g. `ass=…`), or null. */
  videoFilter: string | null;
  out: string;
  preset?: "ultrafast" | "superfast" | "veryfast" | "faster";
  /** Extra libx264 options (`-x264-params`), e.g. to turn CABAC back on over ultrafast. */
  x264Params?: string;
  crf?: number;
}

export interface StreamEncoder {
  /** Resolves when the frame has been handed to the pipe. */
  write(frame: Buffer): Promise<void>;
  /** Closes stdin and resolves when ffmpeg has finished the file. */
  finish(): Promise<void>;
  /** Kills ffmpeg (idempotent). */
  kill(): void;
  readonly done: Promise<void>;
}

/** Escapes a value for a filter option inside a filtergraph (two levels: option, then graph). */
export function filterValue(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

export function startStreamEncode(opts: StreamEncodeOptions): StreamEncoder {
  const { width, height, fps, frames } = opts;
  const samples = Math.round((frames / fps) * AUDIO_SAMPLE_RATE);
  const args = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"];
  args.push("-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", `${width}x${height}`, "-framerate", String(fps));
  args.push("-thread_queue_size", "16", "-i", "pipe:0");
  if (opts.audio) args.push("-i", `file:${resolve(opts.audio)}`);
  else args.push("-f", "lavfi", "-i", `anullsrc=r=${AUDIO_SAMPLE_RATE}:cl=stereo`);
  const vf = ["setparams=range=tv:color_primaries=bt709:color_trc=bt709:colorspace=bt709"];
  if (opts.videoFilter) vf.push(opts.videoFilter);
  args.push("-map", "0:v:0", "-vf", vf.join(","));
  args.push(
    "-c:v",
    "libx264",
    "-preset",
    opts.preset ?? "superfast",
    "-crf",
    String(opts.crf ?? 23),
    "-pix_fmt",
    "yuv420p",
    ...(opts.x264Params ? ["-x264-params", opts.x264Params] : []),
    "-profile:v",
    "high",
    "-g",
    String(Math.max(1, Math.round(fps * 2))),
    "-fps_mode",
    "passthrough",
    "-color_range",
    "tv",
    "-colorspace",
    "bt709",
    "-color_primaries",
    "bt709",
    "-color_trc",
    "bt709",
  );
  args.push(...fittedAacArgs(1, samples));
  args.push("-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4", `file:${resolve(opts.out)}`);

  const proc = startProcess(ffmpegOf(opts), args, { ...opts, stdin: true });
  const done = proc.done.then(() => undefined);
  done.catch(() => {});

  // Resolves on the write callback (the bytes are in the pipe), not on write()'s return value: until
  // then the stream still holds the buffer, and the caller may be about to draw into it again.
  const write = (frame: Buffer): Promise<void> =>
    new Promise<void>((res, rej) => {
      const gone = () => done.then(() => rej(new Error("encoder exited before all frames were written")), rej);
      const stdin = proc.stdin;
      if (proc.stopped || !stdin) {
        gone();
        return;
      }
      stdin.write(frame, (err) => {
        if (err) gone();
        else res();
      });
    });

  const finish = async (): Promise<void> => {
    proc.stdin?.end();
    await done;
  };
  return { write, finish, kill: () => proc.cancel(), done };
}
