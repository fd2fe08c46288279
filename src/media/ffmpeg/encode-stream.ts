import { readFile, rm, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { constantRateStream } from "../h264/cfr-stream.js";
import { BITEXACT, COLOUR, inputFilters, type PictureStreamOptions, startPicturePipe } from "./picture-pipe.js";
import { runFfmpeg } from "./run.js";

/**
 * One ffmpeg process fed raw yuv420p pictures on stdin (no PNG per frame: decoding those costs more than
 * the encode), each with the frame number it is shown from (raw-matroska.ts). A picture held for many
 * frames is written and encoded once: libx264 codes only the pictures sent, and the frames in between
 * become held frames, P pictures of skipped macroblocks that repeat the one before at no encoder cost
 * (../h264/cfr-stream.ts). The result is still a constant 1-frame-per-tick video.
 *
 * The caller writes pictures at increasing frame numbers: the first at 0, one at every keyframe
 * (`isKeyframe`: every two seconds, so seeking never decodes far) and wherever the picture changes; each
 * `write` resolves once the pipe has taken the bytes, after which the caller may reuse or change the
 * buffer. The output is a video-only MP4 of exactly `frames` frames at `fps`; mux.ts adds the narration
 * afterwards, so the audio is prepared while the frames encode.
 *
 * Abort (signal) or a failed write kills ffmpeg with SIGKILL; `done` then rejects with an FfmpegError
 * (the process is run by run.ts's `startProcess`, like every other ffmpeg run).
 * The caller owns the output path (write to a temporary name and rename on success); the encoder's
 * intermediate files sit beside it and are removed.
 */

export interface StreamEncodeOptions extends PictureStreamOptions {
  preset?: "ultrafast" | "superfast" | "veryfast" | "faster";
  /** Extra libx264 options (`-x264-params`), e.g. to turn CABAC back on over ultrafast. */
  x264Params?: string;
  crf?: number;
}

/**
 * What every format's streaming encoder is (MP4 here, WebM encode-webm.ts, GIF encode-gif.ts), so a
 * compositor writes its pictures the same way whatever it makes.
 */
export interface StreamEncoder {
  /** The picture shown from frame `at` on; resolves when it has been handed to the pipe. */
  write(picture: Buffer, at: number): Promise<void>;
  /** Whether frame `at` starts a group of pictures: a picture must be written there (the caller writes one wherever this says). */
  isKeyframe(at: number): boolean;
  /** Closes stdin, waits for ffmpeg, and writes the output file (constant rate, exactly `frames` frames). */
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

/** x264's threads, fixed: its output depends on the count, and "auto" counts this machine's cores. */
const X264_THREADS = 3;

export function startStreamEncode(opts: StreamEncodeOptions): StreamEncoder {
  const { fps, frames } = opts;
  const out = resolve(opts.out);
  const encoded = `${out}.h264`;
  const constant = `${out}.cfr.h264`;
  const gop = Math.max(1, Math.round(fps * 2));
  const isKeyframe = (at: number) => at % gop === 0;
  const args = ["-map", "0:v:0", "-vf", inputFilters(opts.videoFilter).join(","), "-fps_mode", "passthrough"];
  args.push(
    "-c:v",
    "libx264",
    "-threads",
    String(X264_THREADS),
    "-preset",
    opts.preset ?? "superfast",
    "-crf",
    String(opts.crf ?? 23),
    "-pix_fmt",
    "yuv420p",
    // No B-frames: held frames go in decode order, which must be display order (cfr-stream.ts).
    "-x264-params",
    [opts.x264Params, "bframes=0"].filter(Boolean).join(":"),
    "-profile:v",
    "high",
    // Keyframes where the caller sent the keyframe pictures (each consumes one 2-second mark), never
    // by x264's own count: it counts pictures, not frames.
    "-g",
    String(frames + 1),
    "-force_key_frames",
    `expr:gte(t,n_forced*${gop / fps})`,
    ...COLOUR,
  );
  args.push("-an", "-map_metadata", "-1", "-f", "h264", `file:${encoded}`);
  const pipe = startPicturePipe(opts, args, gop);
  const { done, shownFrom } = pipe;

  const finish = async (): Promise<void> => {
    try {
      await pipe.close();
      const lastKeyframe = Math.floor((frames - 1) / gop) * gop;
      if ((shownFrom.at(-1) as number) < lastKeyframe)
        throw new RangeError(`no picture was written at the keyframe ${lastKeyframe}`);
      await writeFile(constant, constantRateStream(await readFile(encoded), shownFrom, frames));
      // Stream copy into MP4; the track's timescale is the frame rate, so every frame lasts one tick.
      await runFfmpeg(
        [
          "-hide_banner",
          "-nostdin",
          "-loglevel",
          "error",
          "-y",
          "-f",
          "h264",
          "-framerate",
          String(fps),
          "-i",
          `file:${constant}`,
          "-map",
          "0:v:0",
          "-c:v",
          "copy",
          "-video_track_timescale",
          String(fps),
          ...COLOUR,
          ...BITEXACT,
          "-f",
          "mp4",
          `file:${out}`,
        ],
        opts,
      );
    } finally {
      await Promise.all([rm(encoded, { force: true }), rm(constant, { force: true })]);
    }
  };
  const kill = () => {
    pipe.kill();
    void done.catch(() => undefined).finally(() => rm(encoded, { force: true }));
  };
  return { write: pipe.write, isKeyframe, finish, kill, done };
}
