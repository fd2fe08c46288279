/**
 * YUV 4:2:0 planar pictures (I420: Y, then U, then V), the format the encoder takes on stdin, so a
 * composed frame is written as-is with no per-frame conversion. Colours use BT.709 limited range (the
 * encoder tags the stream accordingly). Stills are converted once (stills.ts); per-frame work stays in YUV.
 */

export interface Planes {
  width: number;
  height: number;
  y: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
  /** The whole picture as one buffer (what the encoder gets) when the planes are contiguous. */
  data: Buffer;
}

/** Premultiplied RGBA (0–255), for small overlays (cursor, ripple). */
export interface Sprite {
  width: number;
  height: number;
  data: Float32Array;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function createPlanes(width: number, height: number, data?: Buffer): Planes {
  if (width % 2 !== 0 || height % 2 !== 0) throw new RangeError("YUV 4:2:0 planes need even sizes");
  const ySize = width * height;
  const cSize = ySize / 4;
  const buf = data ?? Buffer.allocUnsafe(ySize + 2 * cSize);
  return {
    width,
    height,
    data: buf,
    y: buf.subarray(0, ySize),
    u: buf.subarray(ySize, ySize + cSize),
    v: buf.subarray(ySize + cSize, ySize + 2 * cSize),
  };
}

export function copyPlanes(dst: Planes, src: Planes): void {
  dst.data.set(src.data);
}

/** Copies `src` whole into `dst` with its top-left corner at (x, y) (even; it must fit). */
export function pastePlanes(dst: Planes, src: Planes, x: number, y: number): void {
  for (let row = 0; row < src.height; row++) {
    dst.y.set(src.y.subarray(row * src.width, (row + 1) * src.width), (y + row) * dst.width + x);
  }
  const cw = src.width / 2;
  for (let row = 0; row < src.height / 2; row++) {
    const at = (y / 2 + row) * (dst.width / 2) + x / 2;
    dst.u.set(src.u.subarray(row * cw, (row + 1) * cw), at);
    dst.v.set(src.v.subarray(row * cw, (row + 1) * cw), at);
  }
}

/** BT.709 limited range. */
export function rgbToYuv(r: number, g: number, b: number): [number, number, number] {
  return [
    16 + 0.1826 * r + 0.6142 * g + 0.062 * b,
    128 - 0.1006 * r - 0.3386 * g + 0.4392 * b,
    128 + 0.4392 * r - 0.3989 * g - 0.0403 * b,
  ];
}

/** "#RRGGBB" or "#RRGGBBAA" → [r, g, b, a] with a in 0–1. */
export function parseHex(hex: string): [number, number, number, number] {
  const m = /^#?([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex.trim());
  if (!m) throw new RangeError(`not a hex colour: ${hex}`);
  const n = Number.parseInt(m[1] as string, 16);
  const a = m[2] === undefined ? 1 : Number.parseInt(m[2], 16) / 255;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, a];
}

export function fillRgb(p: Planes, r: number, g: number, b: number): void {
  const [y, u, v] = rgbToYuv(r, g, b);
  p.y.fill(Math.round(y));
  p.u.fill(Math.round(u));
  p.v.fill(Math.round(v));
}

/** Blends a premultiplied sprite with its top-left corner at integer (x0, y0); clipped to the picture. */
export function blendSprite(p: Planes, s: Sprite, x0: number, y0: number): void {
  const xs = Math.max(0, x0);
  const ys = Math.max(0, y0);
  const xe = Math.min(p.width, x0 + s.width);
  const ye = Math.min(p.height, y0 + s.height);
  if (xs >= xe || ys >= ye) return;
  const d = s.data;
  for (let y = ys; y < ye; y++) {
    const row = y * p.width;
    for (let x = xs; x < xe; x++) {
      const o = ((y - y0) * s.width + (x - x0)) * 4;
      const a = (d[o + 3] as number) / 255;
      if (a <= 0) continue;
      const yy = 16 * a + 0.1826 * (d[o] as number) + 0.6142 * (d[o + 1] as number) + 0.062 * (d[o + 2] as number);
      p.y[row + x] = (p.y[row + x] as number) * (1 - a) + yy + 0.5;
    }
  }
  // Chroma: each 2×2 block takes the mean of the sprite's premultiplied colour and alpha over it.
  const cw = p.width / 2;
  for (let cy = ys >> 1; cy < (ye + 1) >> 1; cy++) {
    for (let cx = xs >> 1; cx < (xe + 1) >> 1; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0; k < 4; k++) {
        const sx = 2 * cx + (k & 1) - x0;
        const sy = 2 * cy + (k >> 1) - y0;
        if (sx < 0 || sy < 0 || sx >= s.width || sy >= s.height) continue;
        const o = (sy * s.width + sx) * 4;
        r += d[o] as number;
        g += d[o + 1] as number;
        b += d[o + 2] as number;
        a += d[o + 3] as number;
      }
      if (a <= 0) continue;
      r /= 4;
      g /= 4;
      b /= 4;
      const al = a / 4 / 255;
      const i = cy * cw + cx;
      p.u[i] = (p.u[i] as number) * (1 - al) + 128 * al - 0.1006 * r - 0.3386 * g + 0.4392 * b + 0.5;
      p.v[i] = (p.v[i] as number) * (1 - al) + 128 * al + 0.4392 * r - 0.3989 * g - 0.0403 * b + 0.5;
    }
  }
}
