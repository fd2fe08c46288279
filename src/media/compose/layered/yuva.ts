import type { Planes } from "../canvas.js";

/**
 * A drawn layer with its own transparency, kept in the encoder's colour space: full-size luma and alpha,
 * half-size chroma and chroma alpha (YUV 4:2:0, BT.709 limited range like canvas.ts). Converted once when
 * a scene's layers are loaded, so a frame only blends bytes. Each row remembers the span its alpha covers,
 * so the transparent parts of a text block cost nothing to draw.
 */
export interface YuvaSprite {
  /** Even sizes. */
  width: number;
  height: number;
  y: Uint8Array;
  /** Alpha scaled to 0–256 (256 = opaque), so a blend is a shift, not a division. */
  a: Uint16Array;
  u: Uint8Array;
  v: Uint8Array;
  ca: Uint16Array;
  /** Per luma row: [first, last + 1) columns with any alpha; an empty row is [width, 0). */
  spans: Int32Array;
  /** Per luma row and per chroma row: the longest run of opaque columns [start, end), copied whole at full opacity. */
  solid: Int32Array;
  csolid: Int32Array;
}

/** Each row's longest run of `alpha` = 256, as [start, end) pairs ([0, 0) when none). */
function solidRuns(alpha: Uint16Array, width: number, rows: number): Int32Array {
  const runs = new Int32Array(rows * 2);
  for (let r = 0; r < rows; r++) {
    let bestStart = 0;
    let bestLength = 0;
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const opaque = x < width && alpha[r * width + x] === 256;
      if (opaque && start < 0) start = x;
      else if (!opaque && start >= 0) {
        if (x - start > bestLength) {
          bestLength = x - start;
          bestStart = start;
        }
        start = -1;
      }
    }
    runs[r * 2] = bestStart;
    runs[r * 2 + 1] = bestStart + bestLength;
  }
  return runs;
}

const to256 = (alpha: number): number => alpha + (alpha >> 7);

/**
 * Straight (not premultiplied) RGBA, as a PNG decodes, → a sprite. Chroma is the alpha-weighted mean of
 * each 2×2 block, so a glyph's soft edge keeps its colour instead of greying towards the transparent
 * black around it. Odd sizes are padded with transparency.
 */
export function yuvaFromRgba(rgba: Uint8Array, width: number, height: number): YuvaSprite {
  const w = width + (width % 2);
  const h = height + (height % 2);
  const y = new Uint8Array(w * h);
  const a = new Uint16Array(w * h);
  const u = new Uint8Array((w / 2) * (h / 2));
  const v = new Uint8Array((w / 2) * (h / 2));
  const ca = new Uint16Array((w / 2) * (h / 2));
  const spans = new Int32Array(h * 2);
  for (let row = 0; row < h; row++) spans[row * 2] = w; // empty until a pixel shows: [w, 0)
  for (let row = 0; row < height; row++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      const o = (row * width + x) * 4;
      const al = rgba[o + 3] as number;
      if (al === 0) continue;
      const r = rgba[o] as number;
      const g = rgba[o + 1] as number;
      const b = rgba[o + 2] as number;
      y[row * w + x] = Math.round(16 + 0.1826 * r + 0.6142 * g + 0.062 * b);
      a[row * w + x] = to256(al);
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0) {
      spans[row * 2] = first;
      spans[row * 2 + 1] = last + 1;
    }
  }
  const cw = w / 2;
  for (let cy = 0; cy < h / 2; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let sum = 0;
      for (let k = 0; k < 4; k++) {
        const sx = 2 * cx + (k & 1);
        const sy = 2 * cy + (k >> 1);
        if (sx >= width || sy >= height) continue;
        const o = (sy * width + sx) * 4;
        const al = rgba[o + 3] as number;
        r += (rgba[o] as number) * al;
        g += (rgba[o + 1] as number) * al;
        b += (rgba[o + 2] as number) * al;
        sum += al;
      }
      if (sum === 0) continue;
      r /= sum;
      g /= sum;
      b /= sum;
      const i = cy * cw + cx;
      u[i] = Math.round(128 - 0.1006 * r - 0.3386 * g + 0.4392 * b);
      v[i] = Math.round(128 + 0.4392 * r - 0.3989 * g - 0.0403 * b);
      ca[i] = to256(Math.round(sum / 4));
    }
  }
  return {
    width: w,
    height: h,
    y,
    a,
    u,
    v,
    ca,
    spans,
    solid: solidRuns(a, w, h),
    csolid: solidRuns(ca, cw, h / 2),
  };
}

/**
 * Blends `s` into `dst` with its top-left corner at (x0, y0), both even (chroma stays aligned), at
 * `opacity` 0–256; clipped to the picture. Integer arithmetic only: the same inputs give the same bytes.
 */
export function blendYuva(dst: Planes, s: YuvaSprite, x0: number, y0: number, opacity: number): void {
  if (opacity <= 0) return;
  const op = Math.min(256, Math.round(opacity));
  const ys = Math.max(0, y0);
  const ye = Math.min(dst.height, y0 + s.height);
  const dw = dst.width;
  for (let row = ys; row < ye; row++) {
    const sr = row - y0;
    const xs = Math.max(x0 + (s.spans[sr * 2] as number), 0);
    const xe = Math.min(x0 + (s.spans[sr * 2 + 1] as number), dw);
    const so = sr * s.width - x0;
    const d = row * dw;
    // At full opacity the row's opaque run is copied; only its edges are blended.
    const cs = op === 256 ? Math.min(Math.max(x0 + (s.solid[sr * 2] as number), xs), xe) : xe;
    const ce = op === 256 ? Math.max(Math.min(x0 + (s.solid[sr * 2 + 1] as number), xe), cs) : xe;
    if (ce > cs) dst.y.set(s.y.subarray(so + cs, so + ce), d + cs);
    for (let x = xs; x < xe; x++) {
      if (x === cs && ce > cs) x = ce;
      if (x >= xe) break;
      const al = ((s.a[so + x] as number) * op) >> 8;
      if (al === 0) continue;
      const di = d + x;
      const dv = dst.y[di] as number;
      dst.y[di] = dv + ((((s.y[so + x] as number) - dv) * al) >> 8);
    }
  }
  const cw = s.width / 2;
  const dcw = dw / 2;
  const cx0 = x0 >> 1;
  const cy0 = y0 >> 1;
  const cys = Math.max(0, cy0);
  const cye = Math.min(dst.height / 2, cy0 + s.height / 2);
  for (let cy = cys; cy < cye; cy++) {
    const sr = cy - cy0;
    // The chroma row covers two luma rows: the wider of their spans.
    const first = Math.min(s.spans[sr * 4] as number, s.spans[sr * 4 + 2] as number) >> 1;
    const end = (Math.max(s.spans[sr * 4 + 1] as number, s.spans[sr * 4 + 3] as number) + 1) >> 1;
    const xs = Math.max(cx0 + first, 0);
    const xe = Math.min(cx0 + end, dcw);
    const so = sr * cw - cx0;
    const d = cy * dcw;
    const cs = op === 256 ? Math.min(Math.max(cx0 + (s.csolid[sr * 2] as number), xs), xe) : xe;
    const ce = op === 256 ? Math.max(Math.min(cx0 + (s.csolid[sr * 2 + 1] as number), xe), cs) : xe;
    if (ce > cs) {
      dst.u.set(s.u.subarray(so + cs, so + ce), d + cs);
      dst.v.set(s.v.subarray(so + cs, so + ce), d + cs);
    }
    for (let x = xs; x < xe; x++) {
      if (x === cs && ce > cs) x = ce;
      if (x >= xe) break;
      const al = ((s.ca[so + x] as number) * op) >> 8;
      if (al === 0) continue;
      const di = d + x;
      const du = dst.u[di] as number;
      const dv = dst.v[di] as number;
      dst.u[di] = du + ((((s.u[so + x] as number) - du) * al) >> 8);
      dst.v[di] = dv + ((((s.v[so + x] as number) - dv) * al) >> 8);
    }
  }
}

/**
 * `dst` = `from` mixed towards `to` by t (0–256), every plane: a crossfade's frame. Two bytes are mixed
 * per multiply (packed in 32-bit words); the result equals from + ((to − from) · t >> 8) byte by byte.
 */
export function mixPlanes(dst: Planes, from: Planes, to: Planes, t: number): void {
  const k = Math.min(256, Math.max(0, Math.round(t)));
  const a = from.data;
  const b = to.data;
  const out = dst.data;
  const n = out.length;
  const aligned = a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0 && out.byteOffset % 4 === 0;
  const words = aligned ? n >> 2 : 0;
  if (words > 0) {
    const a32 = new Uint32Array(a.buffer, a.byteOffset, words);
    const b32 = new Uint32Array(b.buffer, b.byteOffset, words);
    const o32 = new Uint32Array(out.buffer, out.byteOffset, words);
    const j = 256 - k;
    for (let i = 0; i < words; i++) {
      const x = a32[i] as number;
      const y = b32[i] as number;
      const lo = (((x & 0xff00ff) * j + (y & 0xff00ff) * k) >>> 8) & 0xff00ff;
      const hi = ((((x >>> 8) & 0xff00ff) * j + ((y >>> 8) & 0xff00ff) * k) >>> 8) & 0xff00ff;
      o32[i] = (lo | (hi << 8)) >>> 0;
    }
  }
  for (let i = words * 4; i < n; i++) {
    const av = a[i] as number;
    out[i] = av + ((((b[i] as number) - av) * k) >> 8);
  }
}
