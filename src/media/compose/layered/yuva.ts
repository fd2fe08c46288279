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
export function yuvaFromRgbaJs(rgba: Uint8Array, width: number, height: number): YuvaSprite {
  const sprite = emptyYuva(width, height);
  const { width: w, height: h, y, a, u, v, ca, spans } = sprite;
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
  sprite.solid.set(solidRuns(a, w, h));
  sprite.csolid.set(solidRuns(ca, cw, h / 2));
  return sprite;
}

/** A fully transparent sprite for a width × height picture (sizes padded to even), to be filled. */
export function emptyYuva(width: number, height: number): YuvaSprite {
  const w = width + (width % 2);
  const h = height + (height % 2);
  return {
    width: w,
    height: h,
    y: new Uint8Array(w * h),
    a: new Uint16Array(w * h),
    u: new Uint8Array((w / 2) * (h / 2)),
    v: new Uint8Array((w / 2) * (h / 2)),
    ca: new Uint16Array((w / 2) * (h / 2)),
    spans: new Int32Array(h * 2),
    solid: new Int32Array(h * 2),
    csolid: new Int32Array(h),
  };
}
