import type { Page } from "playwright-core";
import type { Storage } from "../../../storage/storage.js";
import { drawScenePreview } from "../scenes/draw.js";
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
): Promise<{ layers: DrawnLayers; cached: boolean }> {
  const hash = layersKey(spec);
  const kept = await cachedLayers(storage, hash);
  if (kept) return { layers: kept, cached: true };
  const p = await page();
  const plate = await drawScenePreview(p, { ...spec, layers: "plate" }, { signal });
  const sprites = await drawScenePreview(p, { ...spec, layers: "sprites" }, { signal });
  const layers = { plate: plate.png, sheet: sprites.png, boxes: sprites.sprites };
  await keepLayers(storage, hash, layers);
  return { layers, cached: false };
}
