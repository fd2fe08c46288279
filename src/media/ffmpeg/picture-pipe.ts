import { matroskaHeader, pictureHeader } from "./raw-matroska.js";
import { ffmpegOf, type RunControl, startProcess } from "./run.js";

/**
 * The input side every streaming encoder shares (MP4 encode-stream.ts, WebM encode-webm.ts, GIF
 * encode-gif.ts): one ffmpeg process reading raw I420 pictures from stdin as Matroska (raw-matroska.ts),
 * each picture once, stamped with the frame it is shown from. What ffmpeg makes of them is the caller's
 * output arguments.
 */

export interface PictureStreamOptions extends RunControl {
  width: number;
  height: number;
  fps: number;
  /** Frames the video has. */
  frames: number;
  /**
   * An ffmpeg video filter applied to each picture as it is sent (e.g. `ass=…`), or null. It sees a held
   * picture once, at the timestamp it was sent with (raw-matroska.ts `frameTimestampMs`), so the caller
   * must send a picture again wherever the filter's drawing changes (a caption's start or end).
   */
  videoFilter: string | null;
  out: string;
}

/** BT.709 limited range: what the compositor draws (compose/canvas.ts), tagged on every output. */
export const COLOUR = [
  "-color_range",
  "tv",
  "-colorspace",
  "bt709",
  "-color_primaries",
  "bt709",
  "-color_trc",
  "bt709",
];

/** Tags the pictures as what they are, then the caller's filter. */
export function inputFilters(videoFilter: string | null): string[] {
  const vf = ["setparams=range=tv:color_primaries=bt709:color_trc=bt709:colorspace=bt709"];
  if (videoFilter) vf.push(videoFilter);
  return vf;
}

export const HEAD = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"];

/** What bitexact output takes: no encoder version strings, no random UIDs, no dates (a file's bytes are its pictures'). */
export const BITEXACT = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"];

export interface PicturePipe {
  /** The picture shown from frame `at` on; resolves when the pipe has taken its bytes (the buffer is free again). */
  write(picture: Buffer, at: number): Promise<void>;
  /** The frame each written picture is shown from, in order. */
  readonly shownFrom: readonly number[];
  /** Closes stdin and waits for ffmpeg; rejects when no picture was written. */
  close(): Promise<void>;
  kill(): void;
  readonly done: Promise<void>;
}

/**
 * Starts ffmpeg on the picture stream with `output` (everything after the input: maps, filters, codec,
 * file). With `gop`, a write that skips a multiple of `gop` is refused: the encoder needs a picture there.
 */
export function startPicturePipe(
  opts: PictureStreamOptions,
  output: readonly string[],
  gop: number | null,
): PicturePipe {
  const { width, height, fps, frames } = opts;
  const args = [...HEAD, "-f", "matroska", "-thread_queue_size", "16", "-i", "pipe:0", ...output];
  const proc = startProcess(ffmpegOf(opts), args, { ...opts, stdin: true });
  const done = proc.done.then(() => undefined);
  done.catch(() => {});

  const pictureBytes = (width * height * 3) / 2;
  const shownFrom: number[] = [];
  let next = 0;
  // The first picture is always at frame 0.
  const nextKeyframe = () => (gop === null ? (next === 0 ? 0 : frames) : Math.ceil(next / gop) * gop);
  // Resolves on the write callback (the bytes are in the pipe), not on write()'s return value: until
  // then the stream still holds the buffer, and the caller may be about to draw into it again.
  const write = (picture: Buffer, at: number): Promise<void> =>
    new Promise<void>((res, rej) => {
      const gone = () => done.then(() => rej(new Error("encoder exited before all frames were written")), rej);
      const stdin = proc.stdin;
      if (proc.stopped || !stdin) {
        gone();
        return;
      }
      if (
        picture.length !== pictureBytes ||
        !Number.isInteger(at) ||
        at < next ||
        at >= frames ||
        nextKeyframe() < at
      ) {
        const keyframe = gop === null ? "" : `, none past the keyframe at ${nextKeyframe()}`;
        rej(
          new RangeError(
            `a ${width}×${height} picture at frame ${next}–${frames - 1}${keyframe} expected; got frame ${at}`,
          ),
        );
        return;
      }
      if (next === 0) stdin.write(matroskaHeader(width, height, fps));
      next = at + 1;
      shownFrom.push(at);
      stdin.write(pictureHeader(at, fps, picture.length));
      stdin.write(picture, (err) => {
        if (err) gone();
        else res();
      });
    });
  const close = async (): Promise<void> => {
    proc.stdin?.end();
    await done;
    if (shownFrom.length === 0) throw new RangeError("no picture was written");
  };
  return { write, shownFrom, close, kill: () => proc.cancel(), done };
}
