import type { Planes } from "../canvas.js";
import type { SpriteWindow } from "./types.js";
import type { YuvaSprite } from "./yuva.js";

// The compositor's per-frame pixel loops in TypeScript: the reference the native loops (native/pixels.c,
// loaded by pixels.ts) must equal byte for byte, and what runs where the addon was not built.

/**
 * Blends `s` into `dst` with its top-left corner at (x0, y0), both even (chroma stays aligned), at
 * `opacity` 0–256; clipped to the picture. Integer arithmetic only: the same inputs give the same bytes.
 */
export function blendYuvaJs(dst: Planes, s: YuvaSprite, x0: number, y0: number, opacity: number): void {
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
export function mixPlanesJs(dst: Planes, from: Planes, to: Planes, t: number): void {
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

/** Copies `rows` of `src` (window-wide) into the frame where the sprite's window sits, weighted by its alpha. */
export function drawInWindowJs(
  dst: Planes,
  sprite: YuvaSprite,
  at: { x: number; y: number; opacity: number },
  win: SpriteWindow,
  src: Planes,
  fromRow: number,
): void {
  const op = Math.min(256, at.opacity);
  for (let r = 0; r < win.height; r++) {
    const dy = at.y + win.y + r;
    const sy = fromRow + r;
    if (dy < 0 || dy >= dst.height || sy < 0 || sy >= src.height) continue;
    for (let c = 0; c < win.width; c++) {
      const dx = at.x + win.x + c;
      if (dx < 0 || dx >= dst.width) continue;
      const al = ((sprite.a[(win.y + r) * sprite.width + win.x + c] as number) * op) >> 8;
      if (al === 0) continue;
      const di = dy * dst.width + dx;
      const dv = dst.y[di] as number;
      dst.y[di] = dv + ((((src.y[sy * src.width + c] as number) - dv) * al) >> 8);
    }
  }
  const cw = dst.width / 2;
  const sw = sprite.width / 2;
  for (let r = 0; r < win.height / 2; r++) {
    const dy = (at.y + win.y) / 2 + r;
    const sy = fromRow / 2 + r;
    if (dy < 0 || dy >= dst.height / 2 || sy < 0 || sy >= src.height / 2) continue;
    for (let c = 0; c < win.width / 2; c++) {
      const dx = (at.x + win.x) / 2 + c;
      if (dx < 0 || dx >= cw) continue;
      const al = ((sprite.ca[((win.y >> 1) + r) * sw + (win.x >> 1) + c] as number) * op) >> 8;
      if (al === 0) continue;
      const di = dy * cw + dx;
      const si = sy * (src.width / 2) + c;
      const du = dst.u[di] as number;
      const dv = dst.v[di] as number;
      dst.u[di] = du + ((((src.u[si] as number) - du) * al) >> 8);
      dst.v[di] = dv + ((((src.v[si] as number) - dv) * al) >> 8);
    }
  }
}

/**
 * One pass over a sprite sheet (straight RGBA, W × H): each visible pixel goes to the nearest box (x, y,
 * width, height in `boxes`) whose region (x0, y0, x1, y1 in `regions`) holds it, ties to the box listed
 * first, into that region's RGBA in `outs`; else into `rest` (W × H) at its own place, widening `restBox`
 * (x0, y0, x1, y1). Transparent pixels, most of a sheet, cost one comparison.
 */
export function cutSheetJs(
  data: Uint8Array,
  W: number,
  H: number,
  boxes: Int32Array,
  regions: Int32Array,
  outs: readonly Uint8Array[],
  rest: Uint8Array,
  restBox: Int32Array,
): void {
  const count = outs.length;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const at = (y * W + x) * 4;
      if (data[at + 3] === 0) continue;
      let owner = -1;
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < count; i++) {
        const r = i * 4;
        if (x < (regions[r] as number) || x >= (regions[r + 2] as number)) continue;
        if (y < (regions[r + 1] as number) || y >= (regions[r + 3] as number)) continue;
        const bx = boxes[r] as number;
        const by = boxes[r + 1] as number;
        const dx = Math.max(bx - x, 0, x - (bx + (boxes[r + 2] as number) - 1));
        const dy = Math.max(by - y, 0, y - (by + (boxes[r + 3] as number) - 1));
        const d = dx * dx + dy * dy;
        if (d < best) {
          best = d;
          owner = i;
        }
      }
      let to: Uint8Array;
      let o: number;
      if (owner >= 0) {
        const r = owner * 4;
        const x0 = regions[r] as number;
        to = outs[owner] as Uint8Array;
        o = ((y - (regions[r + 1] as number)) * ((regions[r + 2] as number) - x0) + (x - x0)) * 4;
      } else {
        to = rest;
        o = at;
        restBox[0] = Math.min(restBox[0] as number, x);
        restBox[1] = Math.min(restBox[1] as number, y);
        restBox[2] = Math.max(restBox[2] as number, x + 1);
        restBox[3] = Math.max(restBox[3] as number, y + 1);
      }
      to[o] = data[at] as number;
      to[o + 1] = data[at + 1] as number;
      to[o + 2] = data[at + 2] as number;
      to[o + 3] = data[at + 3] as number;
    }
  }
}
