import { Counter, Gauge, type Registry } from "prom-client";

/** What one sweep of the export cache did and left (src/jobs/export-cache-sweeper.ts). */
export interface ExportCacheSweepReading {
  entries: number;
  bytes: number;
  keptEntries: number;
  keptBytes: number;
}

/**
 * The export cache's sweeps (hourly, per worker process): what they deleted, and the cache's size as
 * the last one found it — the figure to watch against CLIPWRIGHT_EXPORT_CACHE_MAX_GB. Every worker of a
 * fleet sweeps the same store, so its size is aggregated with max, not sum.
 */
export class ExportCacheMetrics {
  private readonly sweeps: Counter<"outcome">;
  private readonly sweptEntries: Counter;
  private readonly sweptBytes: Counter;
  private readonly keptEntries: Gauge;
  private readonly keptBytes: Gauge;

  constructor(registry: Registry) {
    const registers = [registry];
    this.sweeps = new Counter({
      name: "clipwright_export_cache_sweeps_total",
      help: "Sweeps of the export cache this process made, by outcome (succeeded, failed)",
      labelNames: ["outcome"],
      registers,
    });
    this.sweptEntries = new Counter({
      name: "clipwright_export_cache_swept_entries_total",
      help: "Export cache entries deleted by this process's sweeps (unused too long, or beyond the size budget)",
      registers,
    });
    this.sweptBytes = new Counter({
      name: "clipwright_export_cache_swept_bytes_total",
      help: "Bytes of the export cache entries deleted by this process's sweeps",
      registers,
    });
    this.keptEntries = new Gauge({
      name: "clipwright_export_cache_entries",
      help: "Entries in the export cache as this process's last sweep left it (the whole store: aggregate with max)",
      registers,
    });
    this.keptBytes = new Gauge({
      name: "clipwright_export_cache_bytes",
      help: "Bytes in the export cache as this process's last sweep left it (the whole store: aggregate with max)",
      registers,
    });
    this.sweeps.inc({ outcome: "succeeded" }, 0);
    this.sweeps.inc({ outcome: "failed" }, 0);
  }

  swept(sweep: ExportCacheSweepReading): void {
    this.sweeps.inc({ outcome: "succeeded" });
    this.sweptEntries.inc(sweep.entries);
    this.sweptBytes.inc(sweep.bytes);
    this.keptEntries.set(sweep.keptEntries);
    this.keptBytes.set(sweep.keptBytes);
  }

  failed(): void {
    this.sweeps.inc({ outcome: "failed" });
  }
}
