import { applyPaletteSync, buildPaletteSync, utils } from "image-q";
import sharp from "sharp";
import type { ColourSample } from "./palette-merge.js";

/**
 * An image's main colours as palette samples: a page's hero shot (palette.ts) and a render's stills
 * (render-palette.ts) are quantised alike, then merged by palette-merge.ts.
 */

const QUANTISE_COLOURS = 8;
/** The hero shot is shrunk to this width before quantising: plenty for 8 colours, a few ms of work. */
const QUANTISE_WIDTH = 200;

/** The shot's 8 main colours with their shares of its pixels (transparent pixels ignored). */
export async function quantiseShot(shot: Buffer): Promise<ColourSample[]> {
  const { data, info } = await sharp(shot, { limitInputPixels: 40_000_000 })
    .resize({ width: QUANTISE_WIDTH, withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = utils.PointContainer.fromUint8Array(data, info.width, info.height);
  // RgbQuant: Wu's quantiser allocates 33⁴-cell moment tables per call (seconds on a busy machine);
  // RgbQuant finds the same brand colours on a 200 px shot in ~0.1 s. Plain Euclidean RGB is enough here:
  // the merge compares colours in OKLab afterwards.
  const palette = buildPaletteSync([image], {
    colors: QUANTISE_COLOURS,
    paletteQuantization: "rgbquant",
    colorDistanceFormula: "euclidean",
  });
  const mapped = applyPaletteSync(image, palette, { imageQuantization: "nearest", colorDistanceFormula: "euclidean" });
  const counts = new Map<number, { r: number; g: number; b: number; n: number }>();
  let total = 0;
  for (const p of mapped.getPointArray()) {
    if (p.a < 128) continue;
    const key = (p.r << 16) | (p.g << 8) | p.b;
    const entry = counts.get(key) ?? { r: p.r, g: p.g, b: p.b, n: 0 };
    entry.n += 1;
    counts.set(key, entry);
    total += 1;
  }
  return [...counts.values()].map((c) => ({
    colour: `rgb(${c.r}, ${c.g}, ${c.b})`,
    kind: "pixels",
    weight: c.n / total,
  }));
}
