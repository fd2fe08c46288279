import { createPlanes, type Planes, type Rect } from "./canvas.js";

/**
 * Bilinear resampling straight from a full-resolution still (zoom and scroll frames are never upscaled
 * from an already-scaled picture). Strong reductions (a 3× phone capture into a small card) first pick a
 * 2×2 box-filtered level of a small mip chain, so text does not alias. Fixed-point (8-bit weights) inner
 * loops over precomputed column tables keep a 1080p frame at a few milliseconds.
 */

export interface MipSource {
  /** levels[0] is the original; each next level is half the size (box filter). */
  levels: Planes[];
}

export function mipSource(base: Planes): MipSource {
  return { levels: [base] };
}

function halve(p: Planes): Planes {
  const w = Math.max(2, (p.width >> 2) << 1);
  const h = Math.max(2, (p.height >> 2) << 1);
  const out = createPlanes(w, h);
  halvePlane(p.y, p.width, p.height, out.y, w, h);
  halvePlane(p.u, p.width / 2, p.height / 2, out.u, w / 2, h / 2);
  halvePlane(p.v, p.width / 2, p.height / 2, out.v, w / 2, h / 2);
  return out;
}

function halvePlane(src: Uint8Array, sw: number, sh: number, dst: Uint8Array, dw: number, dh: number): void {
  for (let y = 0; y < dh; y++) {
    const r0 = Math.min(2 * y, sh - 1) * sw;
    const r1 = Math.min(2 * y + 1, sh - 1) * sw;
    const o = y * dw;
    for (let x = 0; x < dw; x++) {
      const x0 = Math.min(2 * x, sw - 1);
      const x1 = Math.min(2 * x + 1, sw - 1);
      dst[o + x] =
        ((src[r0 + x0] as number) +
          (src[r0 + x1] as number) +
          (src[r1 + x0] as number) +
          (src[r1 + x1] as number) +
          2) >>
        2;
    }
  }
}

/** The level to sample for a reduction `scale` (output px per source px): the one nearest to 1:1. */
function levelFor(src: MipSource, scale: number): number {
  let level = 0;
  while (scale * 2 ** (level + 1) <= Math.SQRT2 && level < 4) level++;
  while (src.levels.length <= level) {
    const last = src.levels[src.levels.length - 1] as Planes;
    if (last.width < 8 || last.height < 8) return src.levels.length - 1;
    src.levels.push(halve(last));
  }
  return level;
}

/**
 * Draws the region `from` (source pixels, fractional) of `src` into `to` (destination pixels; x, y,
 * width and height even) of `dst`.
 */
export function drawRegion(dst: Planes, to: Rect, src: MipSource, from: Rect): void {
  const scale = to.width / from.width;
  const level = levelFor(src, Math.min(scale, to.height / from.height));
  const p = src.levels[level] as Planes;
  const base = src.levels[0] as Planes;
  const k = p.width / base.width;
  const ky = p.height / base.height;
  const f = { x: from.x * k, y: from.y * ky, width: from.width * k, height: from.height * ky };
  resamplePlane(p.y, p.width, p.height, f, dst.y, dst.width, to);
  const half = (r: Rect): Rect => ({ x: r.x / 2, y: r.y / 2, width: r.width / 2, height: r.height / 2 });
  const fc = half(f);
  const tc = half(to);
  resamplePlane(p.u, p.width / 2, p.height / 2, fc, dst.u, dst.width / 2, tc);
  resamplePlane(p.v, p.width / 2, p.height / 2, fc, dst.v, dst.width / 2, tc);
}

function resamplePlane(
  src: Uint8Array,
  sw: number,
  sh: number,
  from: Rect,
  dst: Uint8Array,
  dstStride: number,
  to: Rect,
): void {
  const tw = Math.round(to.width);
  const th = Math.round(to.height);
  const tx = Math.round(to.x);
  const ty = Math.round(to.y);
  const sx = from.width / tw;
  const sy = from.height / th;
  const xi0 = new Int32Array(tw);
  const xi1 = new Int32Array(tw);
  const xf = new Int32Array(tw);
  for (let i = 0; i < tw; i++) {
    const fx = Math.min(sw - 1, Math.max(0, from.x + (i + 0.5) * sx - 0.5));
    const x0 = Math.floor(fx);
    xi0[i] = x0;
    xi1[i] = Math.min(sw - 1, x0 + 1);
    xf[i] = Math.round((fx - x0) * 256);
  }
  for (let j = 0; j < th; j++) {
    const fy = Math.min(sh - 1, Math.max(0, from.y + (j + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const wy = Math.round((fy - y0) * 256);
    const r0 = y0 * sw;
    const r1 = Math.min(sh - 1, y0 + 1) * sw;
    const o = (ty + j) * dstStride + tx;
    if (wy === 0) {
      for (let i = 0; i < tw; i++) {
        const w = xf[i] as number;
        dst[o + i] =
          ((src[r0 + (xi0[i] as number)] as number) * (256 - w) + (src[r0 + (xi1[i] as number)] as number) * w + 128) >>
          8;
      }
    } else {
      const iy = 256 - wy;
      for (let i = 0; i < tw; i++) {
        const w = xf[i] as number;
        const a0 = xi0[i] as number;
        const a1 = xi1[i] as number;
        const top = (src[r0 + a0] as number) * (256 - w) + (src[r0 + a1] as number) * w;
        const bot = (src[r1 + a0] as number) * (256 - w) + (src[r1 + a1] as number) * w;
        dst[o + i] = (top * iy + bot * wy + 32768) >> 16;
      }
    }
  }
}

/**
 * Rows `fromY` (fractional) onward of `src`, a picture exactly as wide as `to`, into `to` of `dst`: each
 * output row blends the two source rows around it. A scroll frame at the card's scale is a vertical
 * shift, so this replaces the bilinear resample (one blend a pixel instead of three, no column lookups).
 */
export function drawRows(dst: Planes, to: Rect, src: Planes, fromY: number): void {
  if (src.width !== to.width) throw new RangeError("drawRows needs a source as wide as the target");
  blendRows(src.y, src.width, src.height, fromY, dst.y, dst.width, to.x, to.y, to.width, to.height);
  const cw = src.width / 2;
  blendRows(src.u, cw, src.height / 2, fromY / 2, dst.u, dst.width / 2, to.x / 2, to.y / 2, cw, to.height / 2);
  blendRows(src.v, cw, src.height / 2, fromY / 2, dst.v, dst.width / 2, to.x / 2, to.y / 2, cw, to.height / 2);
}

function blendRows(
  src: Uint8Array,
  sw: number,
  sh: number,
  fromY: number,
  dst: Uint8Array,
  dstStride: number,
  tx: number,
  ty: number,
  tw: number,
  th: number,
): void {
  for (let j = 0; j < th; j++) {
    const fy = Math.min(sh - 1, Math.max(0, fromY + j));
    const y0 = Math.floor(fy);
    const wy = Math.round((fy - y0) * 256);
    const r0 = y0 * sw;
    const o = (ty + j) * dstStride + tx;
    if (wy === 0 || y0 + 1 >= sh) {
      dst.set(src.subarray(r0, r0 + tw), o);
      continue;
    }
    const r1 = r0 + sw;
    const iy = 256 - wy;
    for (let i = 0; i < tw; i++) dst[o + i] = ((src[r0 + i] as number) * iy + (src[r1 + i] as number) * wy + 128) >> 8;
  }
}
