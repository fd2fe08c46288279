import sharp from "sharp";
import type { Planes, Rect } from "./canvas.js";

/**
 * A scroll's fixed layer (the elements pinned to the viewport, on transparency: see types.ts) made ready
 * to draw over every frame of the pan: scaled once to the card's size, converted once to premultiplied
 * YUV 4:2:0 (BT.709 limited range, as canvas.ts), and cut into bands of non-transparent rows, so a navbar
 * at the top and a banner at the bottom cost their own rows per frame and opaque pixels are plain copies.
 */

export interface FixedBand {
  /** Rows below the card's top edge (even, like the height, for 4:2:0 alignment). */
  y: number;
  width: number;
  height: number;
  /** Premultiplied luma and chroma (colour × alpha, with the 16/128 offsets × alpha), and the alphas (0–1). */
  luma: Float32Array;
  lumaAlpha: Float32Array;
  u: Float32Array;
  v: Float32Array;
  chromaAlpha: Float32Array;
}

export interface FixedLayer {
  /** Unique among a composition's fixed layers (the renderer's frame key). */
  id: number;
  bands: FixedBand[];
}

/** Transparent runs shorter than this stay inside one band (fewer, larger bands). */
const MERGE_GAP_ROWS = 16;

export async function loadFixedLayer(
  png: Buffer,
  card: Pick<Rect, "width" | "height">,
  id: number,
): Promise<FixedLayer> {
  const { data, info } = await sharp(png)
    .ensureAlpha()
    .resize(card.width, card.height, { fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const used = (row: number): boolean => {
    for (let i = row * width * 4 + 3, end = (row + 1) * width * 4; i < end; i += 4)
      if ((data[i] as number) > 0) return true;
    return false;
  };
  const runs: { from: number; to: number }[] = [];
  for (let row = 0; row < height; row++) {
    if (!used(row)) continue;
    const last = runs[runs.length - 1];
    if (last && row - last.to <= MERGE_GAP_ROWS) last.to = row + 1;
    else runs.push({ from: row, to: row + 1 });
  }
  const bands = runs.map(({ from, to }) => band(data, width, from & ~1, Math.min(height, (to + 1) & ~1)));
  return { id, bands };
}

function band(rgba: Buffer, width: number, from: number, to: number): FixedBand {
  const h = to - from;
  const cw = width / 2;
  const b: FixedBand = {
    y: from,
    width,
    height: h,
    luma: new Float32Array(width * h),
    lumaAlpha: new Float32Array(width * h),
    u: new Float32Array((cw * h) / 2),
    v: new Float32Array((cw * h) / 2),
    chromaAlpha: new Float32Array((cw * h) / 2),
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < width; x++) {
      const o = ((from + y) * width + x) * 4;
      const a = (rgba[o + 3] as number) / 255;
      const r = (rgba[o] as number) * a;
      const g = (rgba[o + 1] as number) * a;
      const bl = (rgba[o + 2] as number) * a;
      const i = y * width + x;
      b.luma[i] = 16 * a + 0.1826 * r + 0.6142 * g + 0.062 * bl;
      b.lumaAlpha[i] = a;
      const c = (y >> 1) * cw + (x >> 1);
      // Chroma: the mean of the 2×2 block's premultiplied colour and alpha.
      b.u[c] = (b.u[c] as number) + (128 * a - 0.1006 * r - 0.3386 * g + 0.4392 * bl) / 4;
      b.v[c] = (b.v[c] as number) + (128 * a + 0.4392 * r - 0.3989 * g - 0.0403 * bl) / 4;
      b.chromaAlpha[c] = (b.chromaAlpha[c] as number) + a / 4;
    }
  }
  return b;
}

/** Draws the layer over `out` with the card's top-left corner at (x0, y0) (even coordinates). */
export function drawFixedLayer(out: Planes, layer: FixedLayer, x0: number, y0: number): void {
  const cw = out.width / 2;
  for (const b of layer.bands) {
    for (let y = 0; y < b.height; y++) {
      const dy = y0 + b.y + y;
      if (dy < 0 || dy >= out.height) continue;
      over(out.y, dy * out.width + x0, b.luma, b.lumaAlpha, y * b.width, b.width);
    }
    const bcw = b.width / 2;
    for (let y = 0; y < b.height / 2; y++) {
      const dy = (y0 + b.y) / 2 + y;
      if (dy < 0 || dy >= out.height / 2) continue;
      over(out.u, dy * cw + x0 / 2, b.u, b.chromaAlpha, y * bcw, bcw);
      over(out.v, dy * cw + x0 / 2, b.v, b.chromaAlpha, y * bcw, bcw);
    }
  }
}

/** One row: dst = dst × (1 − α) + premultiplied source; opaque pixels are copied, clear ones skipped. */
function over(dst: Uint8Array, d: number, src: Float32Array, alpha: Float32Array, s: number, n: number): void {
  for (let x = 0; x < n; x++) {
    const a = alpha[s + x] as number;
    if (a === 0) continue;
    dst[d + x] =
      a === 1 ? (src[s + x] as number) + 0.5 : (dst[d + x] as number) * (1 - a) + (src[s + x] as number) + 0.5;
  }
}
