import { startGifEncode } from "../../src/media/ffmpeg/encode-gif.js";
import { type StreamEncoder, startStreamEncode } from "../../src/media/ffmpeg/encode-stream.js";
import { startWebmEncode } from "../../src/media/ffmpeg/encode-webm.js";
import type { PictureStreamOptions } from "../../src/media/ffmpeg/picture-pipe.js";

export type Format = "mp4" | "webm" | "gif";

/** The streaming encoder of `format`, as the compositor would start it (MP4 with its libx264 settings). */
export function startEncoder(format: Format, opts: PictureStreamOptions): StreamEncoder {
  if (format === "webm") return startWebmEncode(opts);
  if (format === "gif") return startGifEncode(opts);
  return startStreamEncode({ ...opts, preset: "ultrafast", x264Params: "cabac=1:no-deblock=0:bframes=0" });
}

/** Luma rows shading from `top` to `bottom`, a flat card of `card` (Y, U, V) and a bar at `barX`: a designed picture. */
export function designedPicture(
  width: number,
  height: number,
  look: { top: number; bottom: number; card: [number, number, number]; barX: number },
): Buffer {
  const buf = Buffer.alloc((width * height * 3) / 2, 128);
  for (let y = 0; y < height; y++)
    buf.fill(Math.round(look.top + ((look.bottom - look.top) * y) / height), y * width, (y + 1) * width);
  const [cy, cu, cv] = look.card;
  const card = { x: width / 4, y: height / 4, w: width / 2, h: height / 4 };
  const even = (n: number) => Math.round(n / 2) * 2;
  for (let y = even(card.y); y < even(card.y + card.h); y++)
    buf.fill(cy, y * width + even(card.x), y * width + even(card.x + card.w));
  const cw = width / 2;
  const u = width * height;
  const v = u + (width * height) / 4;
  for (let y = even(card.y) / 2; y < even(card.y + card.h) / 2; y++) {
    buf.fill(cu, u + y * cw + even(card.x) / 2, u + y * cw + even(card.x + card.w) / 2);
    buf.fill(cv, v + y * cw + even(card.x) / 2, v + y * cw + even(card.x + card.w) / 2);
  }
  const bar = even(look.barX);
  for (let y = even((height * 3) / 4); y < even((height * 3) / 4) + 8; y++)
    buf.fill(235, y * width + bar, y * width + bar + 16);
  return buf;
}

/**
 * Writes `pictures` (frame → picture) through `encoder` as the compositor does: each where it is first
 * shown, the one before again where the encoder needs a keyframe picture, then finishes.
 */
export async function writeHeld(
  encoder: StreamEncoder,
  frames: number,
  pictures: Map<number, Buffer>,
): Promise<number> {
  let last: Buffer | null = null;
  let written = 0;
  for (let at = 0; at < frames; at++) {
    const picture = pictures.get(at);
    if (picture) last = picture;
    if (picture || encoder.isKeyframe(at)) {
      await encoder.write(last as Buffer, at);
      written++;
    }
  }
  await encoder.finish();
  return written;
}
