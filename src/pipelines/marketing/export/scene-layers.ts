import type { Page } from "playwright-core";
import type { Storage } from "../../../storage/storage.js";
import { drawSceneLayers } from "../scenes/draw.js";
import type { SceneSpec } from "../scenes/types.js";
import { cachedLayers, type DrawnLayers, keepLayers, layersKey } from "./layer-cache.js";

/**
 * A scene's two layers, drawn by the same templates as its preview: the plate, and the sprites on
 * transparency with their boxes. Taken from the cache when this very scene was drawn before.
 */
export async function sceneLayers(
  page: () => Promise<Page>,
  storage: Storage,
  spec: SceneSpec,
  signal: AbortSignal,
): Promise<{ layers: DrawnLayers; cached: boolean; hash: string }> {
  const hash = layersKey(spec);
  const kept = await cachedLayers(storage, hash);
  if (kept) return { layers: kept, cached: true, hash };
  const p = await page();
  const drawn = await drawSceneLayers(p, spec, { signal });
  const layers = { plate: drawn.plate, sheet: drawn.sheet, boxes: drawn.sprites };
  await keepLayers(storage, hash, layers);
  return { layers, cached: false, hash };
}
