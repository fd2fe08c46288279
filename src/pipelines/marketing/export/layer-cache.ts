import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DecodedLayers, packLayers, unpackLayers } from "../../../media/compose/layered/pack.js";
import type { Storage } from "../../../storage/storage.js";
import { fontsKey } from "../scenes/fonts.js";
import type { SceneImage, SceneSpec, SpriteBox } from "../scenes/types.js";
import { EXPORT_CACHE_PREFIX, used } from "./cache-entries.js";

/**
 * A scene's drawn layers, kept by the hash of everything that decides their pixels: the scene's copy and
 * visual, the style, the orientation, its place among the scenes, the images' bytes, the fonts, and the
 * scene templates' own source. Narration and length do not draw anything, so a narration or timing edit
 * redraws nothing, and a copy edit redraws only its scene. Stored in the service's storage (any worker
 * of a fleet finds them) under cache/marketing/layers/; swept by age and size (src/jobs/export-cache-sweeper.ts).
 */

export interface DrawnLayers {
  /** The plate: the palette's background and every unmarked part (cards, rules). */
  plate: Buffer;
  /** Every sprite on transparency, in place. */
  sheet: Buffer;
  boxes: SpriteBox[];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
    .sort();
}

/** The scene templates' source: a change to a layout or its CSS draws every scene anew. */
const TEMPLATES_HASH = (() => {
  const hash = createHash("sha256");
  const dir = fileURLToPath(new URL("../scenes/", import.meta.url));
  for (const file of filesUnder(dir)) hash.update(file.slice(dir.length)).update(readFileSync(file));
  return hash.digest("hex");
})();

const imageKey = (img: SceneImage | null | undefined) =>
  img
    ? {
        sha256:
          typeof img.file === "string"
            ? createHash("sha256").update(readFileSync(img.file)).digest("hex")
            : createHash("sha256").update(img.file).digest("hex"),
        contentType: img.contentType,
        width: img.width,
        height: img.height,
      }
    : null;

export function layersKey(spec: SceneSpec): string {
  const { narration: _narration, seconds: _seconds, ...drawn } = spec.scene;
  const described = {
    templates: TEMPLATES_HASH,
    scene: drawn,
    style: spec.style,
    orientation: spec.orientation,
    coverText: spec.coverText ?? null,
    position: spec.position ?? null,
    fonts: fontsKey(spec.fonts),
    visual: imageKey(spec.assets.visual),
    logo: imageKey(spec.assets.logo),
  };
  return createHash("sha256").update(JSON.stringify(described)).digest("hex");
}

const keys = (hash: string) => {
  const base = `${EXPORT_CACHE_PREFIX}layers/${hash.slice(0, 2)}/${hash}`;
  return { plate: `${base}/plate.jpg`, sheet: `${base}/sheet.png`, boxes: `${base}/boxes.json` };
};

export async function cachedLayers(storage: Storage, hash: string): Promise<DrawnLayers | null> {
  const k = keys(hash);
  try {
    const [plate, sheet, boxes] = await Promise.all([storage.get(k.plate), storage.get(k.sheet), storage.get(k.boxes)]);
    // Read counts as use: the sweeper ages an entry by its newest file, so the boxes alone are enough.
    await used(storage, k.boxes);
    return { plate, sheet, boxes: JSON.parse(boxes.toString("utf8")) as SpriteBox[] };
  } catch {
    return null;
  }
}

export async function keepLayers(storage: Storage, hash: string, layers: DrawnLayers): Promise<void> {
  const k = keys(hash);
  // The boxes last: a reader finds them only once both pictures are stored.
  await Promise.all([storage.put(k.plate, layers.plate), storage.put(k.sheet, layers.sheet)]);
  await storage.put(k.boxes, Buffer.from(JSON.stringify(layers.boxes)));
}

/** A scene's decoded layers at an output size, packed (media/compose/layered/pack.ts). */
export function decodedCache(storage: Storage, hash: string, output: { width: number; height: number }) {
  const key = `${EXPORT_CACHE_PREFIX}decoded/${hash.slice(0, 2)}/${hash}-${output.width}x${output.height}.bin`;
  return {
    async take(): Promise<DecodedLayers | null> {
      const packed = await storage.get(key).catch(() => null);
      if (!packed) return null;
      await used(storage, key);
      return unpackLayers(packed);
    },
    async keep(decoded: DecodedLayers): Promise<void> {
      await storage.put(key, await packLayers(decoded));
    },
  };
}
