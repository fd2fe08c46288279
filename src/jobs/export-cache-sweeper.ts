import { addMs } from "../clock.js";
import { cacheEntryOf, deletionOrder, EXPORT_CACHE_PREFIX } from "../pipelines/marketing/export/cache-entries.js";
import type { JobServices } from "./services.js";

const DAY_MS = 86_400_000;
/** The worker ticks every minute; a listing of the whole cache (paid for per page on S3) once an hour is plenty. */
const EXPORT_CACHE_SWEEP_EVERY_MS = 3_600_000;

interface CacheEntry {
  keys: string[];
  bytes: number;
  /** The newest file's time: a taken entry is touched (local disk), a written one is new. */
  usedAt: number;
}

export interface ExportCacheSweep {
  /** Entries deleted, and their bytes. */
  entries: number;
  bytes: number;
  /** The cache as the sweep left it. */
  keptEntries: number;
  keptBytes: number;
}

/**
 * The export cache's retention (cache/marketing/, decision 0045): an entry unused for
 * `exportCache.maxAgeDays` is deleted; then, when a size budget is set, the least recently used go
 * until the rest fits. Ranking needs the whole listing, held as one small record per entry (not per
 * byte): a million cached files is some tens of MB for the length of a sweep.
 *
 * Several workers of a fleet may sweep at once: each deletes what its listing says, and a delete of a
 * key another already removed is done. A failed delete stops the sweep; the next one starts over.
 */
export async function sweepExportCache(
  deps: Pick<JobServices, "storage" | "clock" | "config">,
): Promise<ExportCacheSweep> {
  const { maxAgeDays, maxBytes } = deps.config.exportCache;
  const entries = new Map<string, CacheEntry>();
  let total = 0;
  for await (const file of deps.storage.list(EXPORT_CACHE_PREFIX)) {
    const id = cacheEntryOf(file.key);
    const entry = entries.get(id) ?? { keys: [], bytes: 0, usedAt: 0 };
    entry.keys.push(file.key);
    entry.bytes += file.bytes;
    entry.usedAt = Math.max(entry.usedAt, file.modifiedAt.getTime());
    entries.set(id, entry);
    total += file.bytes;
  }
  const cutoff = deps.clock.now().getTime() - maxAgeDays * DAY_MS;
  const swept: ExportCacheSweep = { entries: 0, bytes: 0, keptEntries: entries.size, keptBytes: total };
  // Oldest use first: every expired entry comes before any live one, so one pass does both rules.
  for (const entry of [...entries.values()].sort((a, b) => a.usedAt - b.usedAt)) {
    const expired = entry.usedAt <= cutoff;
    if (!expired && (maxBytes === null || total <= maxBytes)) break;
    for (const key of deletionOrder(entry.keys)) await deps.storage.delete(key);
    total -= entry.bytes;
    swept.entries += 1;
    swept.bytes += entry.bytes;
    swept.keptEntries -= 1;
    swept.keptBytes = total;
  }
  return swept;
}

/**
 * The sweep as the worker's minute tick calls it: at most once an hour, never two at once in a process,
 * each one counted in the process's metrics. Its state lives in the returned closure (one per
 * startWorkers), not in the module.
 */
export function exportCacheSweeper(
  deps: Pick<JobServices, "storage" | "clock" | "config" | "metrics">,
): () => Promise<ExportCacheSweep | null> {
  let due = deps.clock.now();
  let running = false;
  return async () => {
    const now = deps.clock.now();
    if (running || now < due) return null;
    running = true;
    due = addMs(now, EXPORT_CACHE_SWEEP_EVERY_MS);
    try {
      const swept = await sweepExportCache(deps);
      deps.metrics.exportCache.swept(swept);
      return swept;
    } catch (err) {
      deps.metrics.exportCache.failed();
      throw err;
    } finally {
      running = false;
    }
  };
}
