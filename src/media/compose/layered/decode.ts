import sharp from "sharp";
import type { Planes } from "../canvas.js";
import { planesOfImage } from "../stills.js";
import { type YuvaSprite, yuvaFromRgba } from "./yuva.js";

/**
 * Decoding a scene's drawn layers: the plate into the encoder's YUV, the sprites' sheet into one sprite
 * per box. PNG decoding runs natively (sharp); the colour conversion is one pass in JS per picture.
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
  // One pass over the sheet: each visible pixel goes to the nearest box whose region holds it (ties: the
  // box listed first), else to "rest". Transparent pixels, most of a sheet, cost one comparison.
  const sheets = regions.map((r) => new Uint8Array((r.x1 - r.x0) * (r.y1 - r.y0) * 4));
  // Pixels no box's region holds: kept whole-frame while scanning, cropped to what they cover after.
  const rest = new Uint8Array(W * H * 4);
  const restBox = { x0: W, y0: H, x1: 0, y1: 0 };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const at = (y * W + x) * 4;
      if (data[at + 3] === 0) continue;
      let owner = -1;
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < boxes.length; i++) {
        const r = regions[i] as (typeof regions)[number];
        if (x < r.x0 || x >= r.x1 || y < r.y0 || y >= r.y1) continue;
        const b = boxes[i] as Box;
        const dx = Math.max(b.x - x, 0, x - (b.x + b.width - 1));
        const dy = Math.max(b.y - y, 0, y - (b.y + b.height - 1));
        const d = dx * dx + dy * dy;
        if (d < best) {
          best = d;
          owner = i;
        }
      }
      let to: Uint8Array;
      let o: number;
      if (owner >= 0) {
        const r = regions[owner] as (typeof regions)[number];
        to = sheets[owner] as Uint8Array;
        o = ((y - r.y0) * (r.x1 - r.x0) + (x - r.x0)) * 4;
      } else {
        to = rest;
        o = at;
        restBox.x0 = Math.min(restBox.x0, x);
        restBox.y0 = Math.min(restBox.y0, y);
        restBox.x1 = Math.max(restBox.x1, x + 1);
        restBox.y1 = Math.max(restBox.y1, y + 1);
      }
      to[o] = data[at] as number;
      to[o + 1] = data[at + 1] as number;
      to[o + 2] = data[at + 2] as number;
      to[o + 3] = data[at + 3] as number;
    }
  }
  const out: CutSprite[] = regions.map((r, i) => ({
    name: (boxes[i] as Box).name,
    x: r.x0,
    y: r.y0,
    sprite: yuvaFromRgba(sheets[i] as Uint8Array, r.x1 - r.x0, r.y1 - r.y0),
  }));
  if (restBox.x1 > restBox.x0) {
    const x0 = restBox.x0 & ~1;
    const y0 = restBox.y0 & ~1;
    const w = restBox.x1 - x0;
    const h = restBox.y1 - y0;
    const crop = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++)
      crop.set(rest.subarray(((y0 + y) * W + x0) * 4, ((y0 + y) * W + x0 + w) * 4), y * w * 4);
    out.push({ name: "rest", x: x0, y: y0, sprite: yuvaFromRgba(crop, w, h) });
  }
  return out;
}
