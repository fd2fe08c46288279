import { resolve } from "node:path";
import { matroskaHeader, pictureHeader } from "./raw-matroska.js";
import { ffmpegOf, type RunControl, startProcess } from "./run.js";

/**
 * One ffmpeg process fed raw yuv420p pictures on stdin (no PNG per frame: decoding those costs more than
 * the encode), each with the frame number it is shown from (raw-matroska.ts): a picture held for many
 * frames is written once, and ffmpeg's fps filter repeats it up to the next one. The caller writes
 * pictures at increasing frame numbers, the first at 0 and the last at `frames` - 1 (that one is what
 * tells ffmpeg where the video ends); each `write` resolves once the pipe has taken the bytes, after
 * which the caller may reuse or change the buffer. The output is a video-only MP4 of exactly `frames`
 * frames at `fps`; mux.ts adds the narration afterwards, so the audio is prepared while the frames encode.
 *
 * Abort (signal) or a failed write kills ffmpeg with SIGKILL; `done` then rejects with an FfmpegError
 * (the process is run by run.ts's `startProcess`, like every other ffmpeg run).
 * The caller owns the output path (write to a temporary name and rename on success).
 */

export interface StreamEncodeOptions extends RunControl {
  width: number;
  height: number;
  fps: number;
  /** Frames the video has. */
  frames: number;
  /** An ffmpeg video filter applied to the frames (e.g. `ass=…`), or null. */
  videoFilter: string | null;
  out: string;
  preset?: "ultrafast" | "superfast" | "veryfast" | "faster";
  /** Extra libx264 options (`-x264-params`), e.g. to turn CABAC back on over ultrafast. */
  x264Params?: string;
  crf?: number;
}

export interface StreamEncoder {
  /** The picture shown from frame `at` on; resolves when it has been handed to the pipe. */
  write(picture: Buffer, at: number): Promise<void>;
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
  const args = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"];
  args.push("-f", "matroska", "-thread_queue_size", "16", "-i", "pipe:0");
  const vf = [`fps=${fps}`, "setparams=range=tv:color_primaries=bt709:color_trc=bt709:colorspace=bt709"];
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
    "-frames:v",
    String(frames),
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
  args.push("-an", "-map_metadata", "-1", "-f", "mp4", `file:${resolve(opts.out)}`);

  const proc = startProcess(ffmpegOf(opts), args, { ...opts, stdin: true });
  const done = proc.done.then(() => undefined);
  done.catch(() => {});

  // Resolves on the write callback (the bytes are in the pipe), not on write()'s return value: until
  // then the stream still holds the buffer, and the caller may be about to draw into it again.
  const pictureBytes = (width * height * 3) / 2;
  let next = 0;
  const write = (picture: Buffer, at: number): Promise<void> =>
    new Promise<void>((res, rej) => {
      const gone = () => done.then(() => rej(new Error("encoder exited before all frames were written")), rej);
      const stdin = proc.stdin;
      if (proc.stopped || !stdin) {
        gone();
        return;
      }
      if (picture.length !== pictureBytes || !Number.isInteger(at) || at < next || at >= frames) {
        rej(new RangeError(`a ${width}×${height} picture at frame ${next}–${frames - 1} expected, got frame ${at}`));
        return;
      }
      if (next === 0) stdin.write(matroskaHeader(width, height, fps));
      next = at + 1;
      stdin.write(pictureHeader(at, fps, picture.length));
      stdin.write(picture, (err) => {
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
