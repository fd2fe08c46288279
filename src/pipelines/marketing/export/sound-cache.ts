import { readFile, writeFile } from "node:fs/promises";
import type { Storage } from "../../../storage/storage.js";
import { EXPORT_CACHE_PREFIX, used } from "./cache-entries.js";

/**
 * Sound the export made before, kept in storage by its content key (spoken lines, music beds, finished
 * mixes): the same key is the same bytes, so a re-export of an unchanged revision speaks and synthesises
 * nothing. Under cache/marketing/<kind>/; swept by age and size (src/jobs/export-cache-sweeper.ts).
 */
const keyOf = (kind: string, hash: string) => `${EXPORT_CACHE_PREFIX}${kind}/${hash.slice(0, 2)}/${hash}.wav`;

/** The kept file copied to `path`; false when there is none. */
export async function takeSound(storage: Storage, kind: string, hash: string, path: string): Promise<boolean> {
  const key = keyOf(kind, hash);
  const bytes = await storage.get(key).catch(() => null);
  if (!bytes) return false;
  await used(storage, key);
  await writeFile(path, bytes);
  return true;
}

export async function keepSound(storage: Storage, kind: string, hash: string, path: string): Promise<void> {
  await storage.put(keyOf(kind, hash), await readFile(path));
}
