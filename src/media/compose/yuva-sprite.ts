import type { Planes } from "./canvas.js";

/**
 * An overlay converted to the picture's own YUV 4:2:0 once, at a fixed even position, so that drawing
 * it on a frame is one multiply-add per sample (a caption blended into hundreds of frames costs what
 * one conversion did). Values are premultiplied by alpha and rounded to bytes: every blend is within one
 * level of the float result.
 */
export interface YuvaSprite {
  /** Top-left corner in the picture (even). */
  x: number;
  y: number;
  /** Even sizes. */
  width: number;
  height: number;
  /** Per pixel: alpha 0–255 and the premultiplied BT.709 limited-range luma. */
  alpha: Uint8Array;
  luma: Uint8Array;
  /** Per 2×2 block: mean alpha and the premultiplied chroma. */
  chromaAlpha: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
}

/**
 * Converts the region (x, y, width, height) of a premultiplied RGBA picture (`stride` pixels a row).
 * The region must be even-aligned and lie inside the picture.
 */
export function yuvaSpriteOf(
  rgba: Uint8Array,
  stride: number,
  region: { x: number; y: number; width: number; height: number },
): YuvaSprite {
  const { x: x0, y: y0, width, height } = region;
  if (x0 % 2 || y0 % 2 || width % 2 || height % 2) throw new RangeError("a YUVA sprite needs an even region");
  const alpha = new Uint8Array(width * height);
  const luma = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = ((y0 + y) * stride + x0 + x) * 4;
      const a = rgba[o + 3] as number;
      const i = y * width + x;
      alpha[i] = a;
      luma[i] = Math.round(
        (16 * a) / 255 +
          0.1826 * (rgba[o] as number) +
          0.6142 * (rgba[o + 1] as number) +
          0.062 * (rgba[o + 2] as number),
      );
    }
  }
  const cw = width / 2;
  const ch = height / 2;
  const chromaAlpha = new Uint8Array(cw * ch);
  const u = new Uint8Array(cw * ch);
  const v = new Uint8Array(cw * ch);
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0; k < 4; k++) {
        const o = ((y0 + 2 * cy + (k >> 1)) * stride + x0 + 2 * cx + (k & 1)) * 4;
        r += rgba[o] as number;
        g += rgba[o + 1] as number;
        b += rgba[o + 2] as number;
        a += rgba[o + 3] as number;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const al = a / 4 / 255;
      const i = cy * cw + cx;
      chromaAlpha[i] = Math.round(a / 4);
      u[i] = Math.round(128 * al - 0.1006 * r - 0.3386 * g + 0.4392 * b);
      v[i] = Math.round(128 * al + 0.4392 * r - 0.3989 * g - 0.0403 * b);
    }
  }
  return { x: x0, y: y0, width, height, alpha, luma, chromaAlpha, u, v };
}

/** Blends the sprite over the picture at its own position (clipped to the picture). */
export function blendYuva(p: Planes, s: YuvaSprite): void {
  const xe = Math.min(s.width, p.width - s.x);
  const ye = Math.min(s.height, p.height - s.y);
  for (let y = 0; y < ye; y++) {
    const row = (s.y + y) * p.width + s.x;
    const srow = y * s.width;
    for (let x = 0; x < xe; x++) {
      const a = s.alpha[srow + x] as number;
      if (a === 0) continue;
      const i = row + x;
      p.y[i] = ((s.luma[srow + x] as number) + ((p.y[i] as number) * (255 - a) + 127) / 255) | 0;
    }
  }
  const cw = p.width / 2;
  const scw = s.width / 2;
  for (let cy = 0; cy < ye / 2; cy++) {
    const row = (s.y / 2 + cy) * cw + s.x / 2;
    const srow = cy * scw;
    for (let cx = 0; cx < xe / 2; cx++) {
      const a = s.chromaAlpha[srow + cx] as number;
      if (a === 0) continue;
      const i = row + cx;
      const keep = 255 - a;
      p.u[i] = ((s.u[srow + cx] as number) + ((p.u[i] as number) * keep + 127) / 255) | 0;
      p.v[i] = ((s.v[srow + cx] as number) + ((p.v[i] as number) * keep + 127) / 255) | 0;
    }
  }
}
