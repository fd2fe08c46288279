import type { ManifestColour } from "../source/manifest.js";
import { mergePalette } from "../source/palette-merge.js";
import { quantiseShot } from "../source/palette-pixels.js";

/**
 * A render source's palette: each still quantised to its main colours (palette-pixels.ts, as a page's
 * hero shot is) and the lot merged in OKLCH (palette-merge.ts), each still weighing the same.
 */
export async function paletteFromImages(images: readonly Buffer[]): Promise<{
  colours: ManifestColour[];
  suggestedColors: ReturnType<typeof mergePalette>["suggestedColors"] | null;
}> {
  const samples = (await Promise.all(images.map((image) => quantiseShot(image).catch(() => [])))).flat();
  if (samples.length === 0) return { colours: [], suggestedColors: null };
  const merged = mergePalette(samples.map((s) => ({ ...s, weight: s.weight / Math.max(1, images.length) })));
  return { colours: merged.colours.slice(0, 16), suggestedColors: merged.suggestedColors };
}
