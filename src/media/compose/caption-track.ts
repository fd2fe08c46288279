import { filterValue } from "../ffmpeg/encode-stream.js";
import { ffmpegOf, type RunControl, startProcess } from "../ffmpeg/run.js";
import { type YuvaSprite, yuvaSpriteOf } from "./yuva-sprite.js";

/**
 * Burned-in captions and the mark, drawn by libass once per distinct look instead of on every frame.
 * An ASS script only changes what it draws at an event's start or end or at a karaoke syllable's time,
 * so the video splits into intervals that each look the same throughout. One ffmpeg run renders the
 * first frame of each interval on a transparent picture (ffmpeg's `ass` filter with `alpha=1`, at the
 * very timestamps the video has: pixel for pixel what burning in gave), and each becomes YUVA sprites
 * the compositor blends into the frames it draws. Burning in over 1,800 frames of a minute cost libass
 * 3–6 CPU-s inside the encoder; the held pictures now also stay held across a caption.
 */

export interface CaptionState {
  /** Equal keys draw the same overlay. */
  key: number;
  /** One sprite per band of rows with something drawn (a caption, the mark): no full-width blend. */
  sprites: YuvaSprite[];
}

export interface CaptionTrack {
  /** What is drawn over frame `frame`, or null when nothing is. */
  at(frame: number): CaptionState | null;
}

const ASS_TIME = /^(\d+):(\d{2}):(\d{2})\.(\d{2})$/;

function assMs(time: string): number {
  const m = ASS_TIME.exec(time.trim());
  if (!m) throw new RangeError(`not an ASS time: ${time}`);
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]) * 10;
}

/**
 * Every instant (ms) at which what the script draws may change: each Dialogue's start and end and each
 * karaoke syllable boundary (`\k`, `\kf`, `\ko`, `\K` durations accumulate from the event's start).
 */
export function assChangeTimes(ass: string): number[] {
  const times = new Set<number>([0]);
  for (const line of ass.split("\n")) {
    if (!line.startsWith("Dialogue:")) continue;
    const fields = line.slice("Dialogue:".length).split(",");
    const start = assMs(fields[1] ?? "");
    const end = assMs(fields[2] ?? "");
    times.add(start);
    times.add(end);
    const text = fields.slice(9).join(",");
    let at = start;
    for (const k of text.matchAll(/\\(?:k[fo]?|K)(\d+)/g)) {
      at += Number(k[1]) * 10;
      times.add(at);
    }
  }
  return [...times].sort((a, b) => a - b);
}

/** The time ffmpeg gives libass for frame n at `fps` (av_rescale_q, rounded to the nearest ms). */
const frameMs = (n: number, fps: number): number => Math.round((n * 1000) / fps);

/** Bands of rows that hold any drawn pixel (gaps under `gap` rows joined), each cropped to its columns. */
function bandsOf(
  rgba: Buffer,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number }[] {
  const gap = 8;
  // Premultiplied: an undrawn pixel is four zero bytes. Empty rows (most of them) are found by a native
  // compare with a row of zeros, the rest one 32-bit test a pixel.
  const empty = Buffer.alloc(width * 4);
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const bands: { y0: number; y1: number; x0: number; x1: number }[] = [];
  let open: { y0: number; y1: number; x0: number; x1: number } | null = null;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    if (empty.equals(rgba.subarray(row * 4, (row + width) * 4))) continue;
    let x0 = 0;
    while (x0 < width && pixels[row + x0] === 0) x0++;
    if (x0 === width) continue;
    let x1 = width - 1;
    while (pixels[row + x1] === 0) x1--;
    if (open && y - open.y1 <= gap) {
      open.y1 = y;
      open.x0 = Math.min(open.x0, x0);
      open.x1 = Math.max(open.x1, x1);
    } else {
      open = { y0: y, y1: y, x0, x1 };
      bands.push(open);
    }
  }
  // Even-aligned boxes (4:2:0 chroma blocks), inside the picture.
  return bands.map((b) => {
    const x = b.x0 & ~1;
    const y = b.y0 & ~1;
    return { x, y, width: Math.min(width, (b.x1 + 2) & ~1) - x, height: Math.min(height, (b.y1 + 2) & ~1) - y };
  });
}

/**
 * Renders the script's distinct looks over `frames` frames from `firstFrame` (default 0) of a
 * `width`×`height` video at `fps`; `at` answers for those frames (others clamp to the nearest).
 */
export async function renderCaptionTrack(
  ass: { path: string; text: string },
  video: { width: number; height: number; fps: number; frames: number; firstFrame?: number },
  control: RunControl,
): Promise<CaptionTrack> {
  const { width, height, fps, frames } = video;
  const first = video.firstFrame ?? 0;
  const changes = assChangeTimes(ass.text);
  // The interval of each frame, and the first frame of each interval that has one.
  const intervalOf = new Int32Array(frames);
  const firstFrames: number[] = [];
  let c = 0;
  for (let n = 0; n < frames; n++) {
    const ms = frameMs(first + n, fps);
    while (c + 1 < changes.length && (changes[c + 1] as number) <= ms) c++;
    intervalOf[n] = c;
    if (firstFrames.length === 0 || intervalOf[firstFrames.at(-1) as number] !== c) firstFrames.push(n);
  }
  const pictureBytes = width * height * 4;
  const states: (CaptionState | null)[] = [];
  // One picture buffer, reused: each picture is converted as soon as it is complete.
  const pending = Buffer.allocUnsafe(pictureBytes);
  let filled = 0;
  const take = (picture: Buffer) => {
    const sprites = bandsOf(picture, width, height).map((band) => yuvaSpriteOf(picture, width, band));
    states.push(sprites.length > 0 ? { key: states.length, sprites } : null);
  };
  const onStdout = (chunk: Buffer) => {
    let from = 0;
    while (from < chunk.length) {
      const n = Math.min(pictureBytes - filled, chunk.length - from);
      chunk.copy(pending, filled, from, from + n);
      filled += n;
      from += n;
      if (filled === pictureBytes) {
        take(pending);
        filled = 0;
      }
    }
  };
  // The source makes only the pictures wanted, each given the timestamp of the frame it stands for
  // (time base 1/fps: a timestamp is a frame number), so libass draws each look once and nothing else.
  const timestamps = firstFrames.map((n, i) => `eq(N\\,${i})*${first + n}`).join("+");
  const args = [
    "-hide_banner",
    "-nostdin",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `color=c=black@0.0:s=${width}x${height}:r=${fps},format=rgba`,
    "-vf",
    `setpts='${timestamps}',ass=filename=${filterValue(ass.path)}:alpha=1`,
    "-frames:v",
    String(firstFrames.length),
    "-fps_mode",
    "passthrough",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgba",
    "pipe:1",
  ];
  await startProcess(ffmpegOf(control), args, { ...control, onStdout }).done;
  if (states.length !== firstFrames.length)
    throw new Error(`the caption renderer gave ${states.length} of ${firstFrames.length} pictures`);
  const stateOfInterval = new Map<number, CaptionState | null>();
  firstFrames.forEach((n, i) => {
    stateOfInterval.set(intervalOf[n] as number, states[i] ?? null);
  });
  return {
    at: (frame) => stateOfInterval.get(intervalOf[Math.min(frames - 1, Math.max(0, frame - first))] as number) ?? null,
  };
}
