import { inflateSync } from "node:zlib";

/**
 * A small PNG decoder (node:zlib only): every colour type (grey, RGB, palette, grey+alpha, RGBA), bit
 * depths 1–16, Adam7 interlacing. Output is always 8-bit RGBA, straight (not premultiplied) alpha.
 * Chromium screenshots are 8-bit RGB(A), non-interlaced; the rest keeps synthetic or user images working.
 */

export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, row-major RGBA. */
  data: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
// Adam7 passes: x start, y start, x step, y step.
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Width and height from the IHDR chunk, without decoding the pixels. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || !png.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export function decodePng(png: Buffer): RgbaImage {
  if (png.length < 8 || !png.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG");
  let width = 0;
  let height = 0;
  let depth = 0;
  let colorType = 0;
  let interlace = 0;
  let palette: Buffer | null = null;
  let transparency: Buffer | null = null;
  const idat: Buffer[] = [];
  let off = 8;
  while (off + 8 <= png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString("latin1", off + 4, off + 8);
    const body = png.subarray(off + 8, off + 8 + len);
    if (body.length < len) throw new Error("truncated PNG chunk");
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      depth = body[8] ?? 0;
      colorType = body[9] ?? 0;
      interlace = body[12] ?? 0;
    } else if (type === "PLTE") palette = body;
    else if (type === "tRNS") transparency = body;
    else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    off += 12 + len;
  }
  const channels = CHANNELS[colorType];
  if (!width || !height || channels === undefined || ![1, 2, 4, 8, 16].includes(depth)) {
    throw new Error(`unsupported PNG (colour type ${colorType}, depth ${depth})`);
  }
  if (colorType === 3 && !palette) throw new Error("palette PNG without PLTE");
  const raw = inflateSync(Buffer.concat(idat));
  const out = new Uint8Array(width * height * 4);
  const bpp = Math.max(1, (channels * depth) >> 3); // filter unit in bytes
  const ctx: Ctx = { depth, colorType, channels, palette, transparency, out, width };

  if (interlace === 0) {
    unfilterPass(raw, 0, width, height, bpp, channels, depth, (row, y) => expandRow(ctx, row, width, 0, y, 1));
  } else {
    let at = 0;
    for (const [x0, y0, dx, dy] of ADAM7) {
      const pw = Math.ceil((width - x0) / dx);
      const ph = Math.ceil((height - y0) / dy);
      if (pw <= 0 || ph <= 0) continue;
      at = unfilterPass(raw, at, pw, ph, bpp, channels, depth, (row, y) =>
        expandRow(ctx, row, pw, x0, y0 + y * dy, dx),
      );
    }
  }
  return { width, height, data: out };
}

interface Ctx {
  depth: number;
  colorType: number;
  channels: number;
  palette: Buffer | null;
  transparency: Buffer | null;
  out: Uint8Array;
  width: number;
}

/** Undoes the per-row filters of one pass starting at `at`; returns where the next pass starts. */
function unfilterPass(
  raw: Buffer,
  at: number,
  w: number,
  h: number,
  bpp: number,
  channels: number,
  depth: number,
  onRow: (row: Uint8Array, y: number) => void,
): number {
  const stride = Math.ceil((w * channels * depth) / 8);
  let prev = new Uint8Array(stride);
  let cur = new Uint8Array(stride);
  for (let y = 0; y < h; y++) {
    const filter = raw[at];
    if (filter === undefined || at + 1 + stride > raw.length) throw new Error("truncated PNG data");
    cur.set(raw.subarray(at + 1, at + 1 + stride));
    at += 1 + stride;
    switch (filter) {
      case 0:
        break;
      case 1:
        for (let i = bpp; i < stride; i++) cur[i] = ((cur[i] as number) + (cur[i - bpp] as number)) & 255;
        break;
      case 2:
        for (let i = 0; i < stride; i++) cur[i] = ((cur[i] as number) + (prev[i] as number)) & 255;
        break;
      case 3:
        for (let i = 0; i < stride; i++) {
          const left = i >= bpp ? (cur[i - bpp] as number) : 0;
          cur[i] = ((cur[i] as number) + ((left + (prev[i] as number)) >> 1)) & 255;
        }
        break;
      case 4:
        for (let i = 0; i < stride; i++) {
          const a = i >= bpp ? (cur[i - bpp] as number) : 0;
          const b = prev[i] as number;
          const c = i >= bpp ? (prev[i - bpp] as number) : 0;
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          const pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          cur[i] = ((cur[i] as number) + pred) & 255;
        }
        break;
      default:
        throw new Error(`bad PNG filter ${filter}`);
    }
    onRow(cur, y);
    const t = prev;
    prev = cur;
    cur = t;
  }
  return at;
}

/** One unfiltered row → RGBA pixels at (x0 + i·dx, y). */
function expandRow(ctx: Ctx, row: Uint8Array, w: number, x0: number, y: number, dx: number): void {
  const { depth, colorType, channels, palette, transparency, out } = ctx;
  let o = (y * ctx.width + x0) * 4;
  const step = dx * 4;
  if (depth === 8 && colorType === 6) {
    for (let i = 0; i < w; i++, o += step) {
      const s = i * 4;
      out[o] = row[s] as number;
      out[o + 1] = row[s + 1] as number;
      out[o + 2] = row[s + 2] as number;
      out[o + 3] = row[s + 3] as number;
    }
    return;
  }
  if (depth === 8 && colorType === 2 && !transparency) {
    for (let i = 0; i < w; i++, o += step) {
      const s = i * 3;
      out[o] = row[s] as number;
      out[o + 1] = row[s + 1] as number;
      out[o + 2] = row[s + 2] as number;
      out[o + 3] = 255;
    }
    return;
  }
  // General path: read each sample at its bit depth (16-bit keeps the high byte).
  const sample = (index: number): number => {
    if (depth === 8) return row[index] as number;
    if (depth === 16) return row[index * 2] as number;
    const bit = index * depth;
    return ((row[bit >> 3] as number) >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
  };
  const sampleRaw16 = (index: number): number =>
    depth === 16 ? ((row[index * 2] as number) << 8) | (row[index * 2 + 1] as number) : sample(index);
  const scale = depth < 8 && colorType !== 3 ? 255 / ((1 << depth) - 1) : 1;
  for (let i = 0; i < w; i++, o += step) {
    const s = i * channels;
    let r: number;
    let g: number;
    let b: number;
    let a = 255;
    if (colorType === 3) {
      const p = sample(s);
      r = palette?.[p * 3] ?? 0;
      g = palette?.[p * 3 + 1] ?? 0;
      b = palette?.[p * 3 + 2] ?? 0;
      a = transparency && p < transparency.length ? (transparency[p] as number) : 255;
    } else if (colorType === 0 || colorType === 4) {
      r = g = b = Math.round(sample(s) * scale);
      if (colorType === 4) a = Math.round(sample(s + 1) * scale);
      else if (transparency && transparency.length >= 2 && sampleRaw16(s) === transparency.readUInt16BE(0)) a = 0;
    } else {
      r = Math.round(sample(s) * scale);
      g = Math.round(sample(s + 1) * scale);
      b = Math.round(sample(s + 2) * scale);
      if (colorType === 6) a = sample(s + 3);
      else if (
        transparency &&
        transparency.length >= 6 &&
        sampleRaw16(s) === transparency.readUInt16BE(0) &&
        sampleRaw16(s + 1) === transparency.readUInt16BE(2) &&
        sampleRaw16(s + 2) === transparency.readUInt16BE(4)
      )
        a = 0;
    }
    out[o] = r;
    out[o + 1] = g;
    out[o + 2] = b;
    out[o + 3] = a;
  }
}
