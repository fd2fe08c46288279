import sharp from "sharp";
import { createPlanes, type Planes } from "../canvas.js";
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

/** An opaque picture (PNG, JPEG…) at exactly width × height (even) → YUV 4:2:0 planes. */
export async function planesFromImage(image: Buffer, width: number, height: number): Promise<Planes> {
  const { data } = await sharp(image)
    .resize(width, height, { fit: "fill", kernel: "lanczos3" })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return planesFromRgb(data, width, height);
}

/** Interleaved RGB → planes; chroma is each 2×2 block's mean. */
export function planesFromRgb(rgb: Uint8Array, width: number, height: number): Planes {
  const p = createPlanes(width, height);
  for (let i = 0, o = 0; i < width * height; i++, o += 3) {
    p.y[i] = Math.round(16 + 0.1826 * (rgb[o] as number) + 0.6142 * (rgb[o + 1] as number) + 0.062 * (rgb[o + 2] as number));
  }
  const cw = width / 2;
  for (let cy = 0; cy < height / 2; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < 4; k++) {
        const o = ((2 * cy + (k >> 1)) * width + 2 * cx + (k & 1)) * 3;
        r += rgb[o] as number;
        g += rgb[o + 1] as number;
        b += rgb[o + 2] as number;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      p.u[cy * cw + cx] = Math.round(128 - 0.1006 * r - 0.3386 * g + 0.4392 * b);
      p.v[cy * cw + cx] = Math.round(128 + 0.4392 * r - 0.3989 * g - 0.0403 * b);
    }
  }
  return p;
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
export async function cutSprites(sheet: Buffer, boxes: readonly Box[], margin: (box: Box) => number): Promise<CutSprite[]> {
  const { data, info } = await sharp(sheet).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const W = info.width;
  const H = info.height;
  const owner = new Int16Array(W * H).fill(-1);
  const distance = (b: Box, x: number, y: number): number => {
    const dx = Math.max(b.x - x, 0, x - (b.x + b.width - 1));
    const dy = Math.max(b.y - y, 0, y - (b.y + b.height - 1));
    return dx * dx + dy * dy;
  };
  const regions = boxes.map((b) => {
    const m = Math.max(0, Math.round(margin(b)));
    const x0 = Math.max(0, (b.x - m) & ~1);
    const y0 = Math.max(0, (b.y - m) & ~1);
    const x1 = Math.min(W, b.x + b.width + m);
    const y1 = Math.min(H, b.y + b.height + m);
    return { x0, y0, x1, y1 };
  });
  // Each pixel to the nearest box whose region holds it (ties: the box listed first).
  const best = new Float64Array(W * H).fill(Number.POSITIVE_INFINITY);
  for (const [i, r] of regions.entries()) {
    const b = boxes[i] as Box;
    for (let y = r.y0; y < r.y1; y++) {
      for (let x = r.x0; x < r.x1; x++) {
        const d = distance(b, x, y);
        const at = y * W + x;
        if (d < (best[at] as number)) {
          best[at] = d;
          owner[at] = i;
        }
      }
    }
  }
  const cut = (index: number, r: { x0: number; y0: number; x1: number; y1: number }) => {
    const w = r.x1 - r.x0;
    const h = r.y1 - r.y0;
    const rgba = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const at = (r.y0 + y) * W + r.x0 + x;
        if (owner[at] !== index) continue;
        rgba.set(data.subarray(at * 4, at * 4 + 4), (y * w + x) * 4);
      }
    }
    return yuvaFromRgba(rgba, w, h);
  };
  const out: CutSprite[] = regions.map((r, i) => ({ name: (boxes[i] as Box).name, x: r.x0, y: r.y0, sprite: cut(i, r) }));
  let any = false;
  for (let at = 0; at < W * H; at++) {
    if (owner[at] === -1 && (data[at * 4 + 3] as number) > 0) {
      any = true;
      owner[at] = boxes.length;
    }
  }
  if (any) out.push({ name: "rest", x: 0, y: 0, sprite: cut(boxes.length, { x0: 0, y0: 0, x1: W, y1: H }) });
  return out;
}
