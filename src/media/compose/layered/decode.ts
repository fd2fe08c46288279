import sharp from "sharp";
import type { Planes } from "../canvas.js";
import { planesOfImage } from "../stills.js";
import { cutSheet, yuvaFromRgba } from "./pixels.js";
import type { YuvaSprite } from "./yuva.js";

/**
 * Decoding a scene's drawn layers: the plate into the encoder's YUV, the sprites' sheet into one sprite
 * per box. PNG decoding runs natively (sharp), the cutting and the colour conversion in the pixel loops
 * (pixels.ts).
 */

export interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An opaque picture (PNG, JPEG…) fitted to exactly width × height (even) → YUV 4:2:0 planes, natively. */
export async function planesFromImage(image: Buffer, width: number, height: number): Promise<Planes> {
  const meta = await sharp(image).metadata();
  const fitted =
    meta.width === width && meta.height === height
      ? sharp(image)
      : sharp(image).resize(width, height, { fit: "fill", kernel: "lanczos3" });
  return planesOfImage(fitted);
}

export interface CutSprite {
  name: string;
  /** Top-left corner in the sheet (even). */
  x: number;
  y: number;
  sprite: YuvaSprite;
}

/**
 * The sheet (every sprite drawn on transparency, RGBA PNG of the frame) cut into one sprite per box. A box
 * takes its own pixels and a margin around them (a shadow, a glyph's overhang), each margin pixel going
 * to the nearest box, so two close sprites never share one. Pixels no margin reaches are kept in one
 * last still sprite named "rest", so the sheet is never drawn short.
 */
export async function cutSprites(
  sheet: Buffer,
  boxes: readonly Box[],
  margin: (box: Box) => number,
): Promise<CutSprite[]> {
  const { data, info } = await sharp(sheet).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const W = info.width;
  const H = info.height;
  const regions = boxes.map((b) => {
    const m = Math.max(0, Math.round(margin(b)));
    return {
      x0: Math.max(0, (b.x - m) & ~1),
      y0: Math.max(0, (b.y - m) & ~1),
      x1: Math.min(W, b.x + b.width + m),
      y1: Math.min(H, b.y + b.height + m),
    };
  });
  const sheets = regions.map((r) => new Uint8Array((r.x1 - r.x0) * (r.y1 - r.y0) * 4));
  // Pixels no box's region holds: kept whole-frame while scanning, cropped to what they cover after.
  const rest = new Uint8Array(W * H * 4);
  const restBox = Int32Array.of(W, H, 0, 0);
  cutSheet(
    data,
    W,
    H,
    Int32Array.from(boxes.flatMap((b) => [b.x, b.y, b.width, b.height])),
    Int32Array.from(regions.flatMap((r) => [r.x0, r.y0, r.x1, r.y1])),
    sheets,
    rest,
    restBox,
  );
  const out: CutSprite[] = regions.map((r, i) => ({
    name: (boxes[i] as Box).name,
    x: r.x0,
    y: r.y0,
    sprite: yuvaFromRgba(sheets[i] as Uint8Array, r.x1 - r.x0, r.y1 - r.y0),
  }));
  const [restX0, restY0, restX1, restY1] = restBox as unknown as [number, number, number, number];
  if (restX1 > restX0) {
    const x0 = restX0 & ~1;
    const y0 = restY0 & ~1;
    const w = restX1 - x0;
    const h = restY1 - y0;
    const crop = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++)
      crop.set(rest.subarray(((y0 + y) * W + x0) * 4, ((y0 + y) * W + x0 + w) * 4), y * w * 4);
    out.push({ name: "rest", x: x0, y: y0, sprite: yuvaFromRgba(crop, w, h) });
  }
  return out;
}
