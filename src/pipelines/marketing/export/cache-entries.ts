import type { Storage } from "../../../storage/storage.js";

/**
 * What the export keeps in storage, as the sweeper sees it (src/jobs/export-cache-sweeper.ts). Every
 * file is under one folder; a file stands alone except a layers entry, whose three files (plate, sheet,
 * boxes) stand or fall together.
 */
export const EXPORT_CACHE_PREFIX = "cache/marketing/";

const LAYERS_ENTRY = /^cache\/marketing\/layers\/[^/]+\/[^/]+\//;

/** The entry a cached file belongs to: its layers folder (`…/layers/<xx>/<hash>/`), or the file itself. */
export function cacheEntryOf(key: string): string {
  return LAYERS_ENTRY.exec(key)?.[0] ?? key;
}

/**
 * The order to delete an entry's files in: boxes.json first. keepLayers writes it last and a reader
 * needs all three, so from the first delete on a reader misses the entry (and draws it again) rather
 * than read half of one; a sweep that stops midway leaves pictures without boxes, which is a miss too.
 */
export function deletionOrder(keys: readonly string[]): string[] {
  const isBoxes = (key: string) => key.endsWith("/boxes.json");
  return [...keys.filter(isBoxes), ...keys.filter((key) => !isBoxes(key))];
}

/** Marks a cached file as read (local disk: its mtime), so the sweep keeps it; a failure costs only an early redraw. */
export async function used(storage: Storage, key: string): Promise<void> {
  await storage.touch(key).catch(() => undefined);
}
