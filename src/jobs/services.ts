import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { Db } from "../db/connect.js";
import type { FontCatalogue } from "../media/fonts/catalogue.js";
import type { TtsEngines } from "../media/tts/engines.js";
import type { ServiceMetrics } from "../metrics/service-metrics.js";
import type { Resolver } from "../net/resolver.js";
import type { WalkthroughServices } from "../pipelines/walkthrough/deps.js";
import type { Storage } from "../storage/storage.js";
import type { JobDefinitionOf } from "./contract.js";
import type { WakeSignal } from "./poller.js";
import type { JobEventSink, SecondsLedger } from "./ports.js";
import type { TaskQueue } from "./queue/queue.js";

/**
 * What the job engine and the service's job kinds use (a run's `ctx.deps`), built once by app.ts. What
 * the engine needs from the domains arrives as ports (ports.ts, `walkthrough`), so none is named here.
 */
export interface JobServices {
  config: Config;
  clock: Clock;
  db: Db;
  log: FastifyBaseLogger;
  /** Where job runs wait: the embedded tasks table, or BullMQ on Redis. */
  queue: TaskQueue;
  /** Finished files and their signed URLs. */
  storage: Storage;
  /** DNS for the outbound-URL guard. */
  resolver: Resolver;
  /** The installed font families (fontconfig), read once at start: brand kits and scans name these. */
  fonts: FontCatalogue;
  /** The speech engines by a voice's `engine` (voice previews, render narration), built once. */
  tts: TtsEngines;
  /** What walkthrough jobs use at run time: the process's Chromium, sealed demo credentials, options resolved. */
  walkthrough: WalkthroughServices;
  /** The job catalogue: a definition per kind this process can run. */
  jobDefinitions: ReadonlyMap<string, JobDefinitionOf<unknown, JobServices>>;
  /** The seconds a job holds, charges and releases (the wallet), inside the job's own transaction. */
  secondsLedger: SecondsLedger;
  /** Where a settled job's webhook event is recorded (the outbox), inside the same transaction. */
  jobEvents: JobEventSink;
  /** This process's Prometheus metrics (served when CLIPWRIGHT_METRICS_PORT is set). */
  metrics: ServiceMetrics;
  /** Wake-ups for in-process workers when work was just committed (no-ops without workers). */
  wake: { deliveries: WakeSignal };
}
