import sharp from "sharp";

/**
 * Pixels for tests: any image sharp reads (Chromium's PNG stills, the poster JPEG) decoded to 8-bit RGBA,
 * and two images of the same size compared pixel by pixel. Alpha is not compared: stills are opaque.
 */

export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, row-major RGBA, straight alpha. */
  data: Buffer;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PixelDiff {
  /** Pixels where some colour channel differs by more than the tolerance. */
  differing: number;
  /** Pixels compared (the whole image, or the regions asked for). */
  compared: number;
  /** differing ÷ compared (0 when nothing was compared). */
  share: number;
  /** The smallest box holding every differing pixel; null when none differs. */
  box: Rect | null;
}

export interface CompareOptions {
  /** Largest difference of one channel (0–255) still counted as the same; 0 (exact) by default. */
  tolerance?: number;
  /** Compare only inside these boxes (clamped to the image); the whole image by default. */
  regions?: readonly Rect[];
}

export async function decodeRgba(image: Buffer): Promise<RgbaImage> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** Compares two encoded images (or already decoded ones) of the same size; a size mismatch throws. */
export async function comparePixels(
  a: Buffer | RgbaImage,
  b: Buffer | RgbaImage,
  options: CompareOptions = {},
): Promise<PixelDiff> {
  const [x, y] = await Promise.all([decoded(a), decoded(b)]);
  if (x.width !== y.width || x.height !== y.height)
    throw new Error(`images differ in size: ${x.width}×${x.height} and ${y.width}×${y.height}`);
  const tolerance = options.tolerance ?? 0;
  const regions = options.regions ?? [{ x: 0, y: 0, width: x.width, height: x.height }];
  let differing = 0;
  let compared = 0;
  let [left, top, right, bottom] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
  for (const r of regions) {
    const x0 = Math.max(0, r.x);
    const y0 = Math.max(0, r.y);
    const x1 = Math.min(x.width, r.x + r.width);
    const y1 = Math.min(x.height, r.y + r.height);
    for (let row = y0; row < y1; row++)
      for (let col = x0; col < x1; col++) {
        const i = (row * x.width + col) * 4;
        compared++;
        if (
          Math.abs((x.data[i] as number) - (y.data[i] as number)) > tolerance ||
          Math.abs((x.data[i + 1] as number) - (y.data[i + 1] as number)) > tolerance ||
          Math.abs((x.data[i + 2] as number) - (y.data[i + 2] as number)) > tolerance
        ) {
          differing++;
          left = Math.min(left, col);
          top = Math.min(top, row);
          right = Math.max(right, col);
          bottom = Math.max(bottom, row);
        }
      }
  }
  return {
    differing,
    compared,
    share: compared === 0 ? 0 : differing / compared,
    box: differing === 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 },
  };
}

/** Share of pixels that differ between two images of the same size (exact unless a tolerance is given). */
export async function differingShare(a: Buffer, b: Buffer, tolerance = 0): Promise<number> {
  return (await comparePixels(a, b, { tolerance })).share;
}

const decoded = (image: Buffer | RgbaImage): Promise<RgbaImage> =>
  Buffer.isBuffer(image) ? decodeRgba(image) : Promise.resolve(image);
