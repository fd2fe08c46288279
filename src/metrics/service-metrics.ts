import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { ExportCacheMetrics } from "./export-cache-metrics.js";
import { BrowserPoolMetrics } from "./pool-metrics.js";
import { SpeechMetrics } from "./speech-metrics.js";

/** A reading taken from the database when Prometheus scrapes: the same for every process of a fleet. */
export interface FleetReadings {
  /** Jobs queued or running, per kind (finished ones are counted by the processes that ran them). */
  activeJobs(): Promise<{ kind: string; state: string; count: number }[]>;
  /** Jobs waiting to run, per kind, and how long the oldest has waited since it was submitted. */
  queued(): Promise<{ kind: string; count: number; oldestSeconds: number }[]>;
  /** Webhook deliveries still to be made (first attempts and retries). */
  pendingDeliveries(): Promise<number>;
}

/**
 * The service's Prometheus metrics, in a registry of this process's own (no global state): counters
 * and histograms of what this process did, and gauges read from the database at scrape time.
 * Names follow Prometheus's conventions: `clipwright_` prefix, base units, `_total` for counters.
 */
export class ServiceMetrics {
  readonly registry = new Registry();

  readonly requests = new Histogram({
    name: "clipwright_http_request_duration_seconds",
    help: "API requests by operation (operationId, or the route for other paths), method and status, and how long they took",
    labelNames: ["operation", "method", "status"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly rateLimited = new Counter({
    name: "clipwright_rate_limited_total",
    help: "Requests refused with 429 rate_limited, by rate class",
    labelNames: ["class"],
    registers: [this.registry],
  });

  readonly jobRuns = new Histogram({
    name: "clipwright_job_run_duration_seconds",
    help: "Job runs this process finished, by kind and outcome, and how long each ran",
    labelNames: ["kind", "outcome"],
    buckets: [0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600, 1800],
    registers: [this.registry],
  });

  readonly realTime = new Histogram({
    name: "clipwright_job_realtime_ratio",
    help: "Seconds of work per second of video made (renders, exports): below 1 is faster than real time",
    labelNames: ["kind"],
    buckets: [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 20],
    registers: [this.registry],
  });

  readonly deliveries = new Counter({
    name: "clipwright_webhook_delivery_attempts_total",
    help: "Webhook delivery attempts this process made, by outcome (succeeded: a 2xx answer; failed: anything else)",
    labelNames: ["outcome"],
    registers: [this.registry],
  });

  /** Handed to the process's browser pool as its observer. */
  readonly browserPool = new BrowserPoolMetrics(this.registry);

  /** Handed to the process's speech engines as their observer. */
  readonly speech = new SpeechMetrics(this.registry);

  /** The export cache's hourly sweeps. */
  readonly exportCache = new ExportCacheMetrics(this.registry);

  constructor(fleet: FleetReadings) {
    // The process's own health, under Prometheus's standard names (process_resident_memory_bytes,
    // process_open_fds, nodejs_eventloop_lag_seconds, nodejs_heap_size_used_bytes, GC): what shows a
    // leak or a blocked event loop in a process that runs for weeks.
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: "clipwright_jobs_active",
      help: "Jobs queued or running, by kind and state (the whole fleet: aggregate with max, not sum)",
      labelNames: ["kind", "state"],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await fleet.activeJobs()) this.set({ kind: row.kind, state: row.state }, row.count);
      },
    });
    // Depth and age come from one query: both gauges are collected together, so they share its answer.
    let reading: ReturnType<FleetReadings["queued"]> | null = null;
    const queued = () => {
      reading ??= fleet.queued().finally(() => {
        reading = null;
      });
      return reading;
    };
    new Gauge({
      name: "clipwright_queue_depth",
      help: "Jobs waiting to run, by kind (the whole fleet)",
      labelNames: ["kind"],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await queued()) this.set({ kind: row.kind }, row.count);
      },
    });
    new Gauge({
      name: "clipwright_queue_oldest_seconds",
      help: "How long the oldest queued job of each kind has waited since it was submitted (the whole fleet)",
      labelNames: ["kind"],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await queued()) this.set({ kind: row.kind }, row.oldestSeconds);
      },
    });
    new Gauge({
      name: "clipwright_webhook_deliveries_pending",
      help: "Webhook deliveries still to be made, first attempts and retries (the whole fleet)",
      registers: [this.registry],
      async collect() {
        this.set(await fleet.pendingDeliveries());
      },
    });
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
