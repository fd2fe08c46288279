import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock.js";
import type { Config } from "./config.js";
import type { Db } from "./db/connect.js";
import type { PasswordHasher } from "./domains/auth/password-hasher.js";
import type { Catalog } from "./domains/catalog/catalog.js";
import type { Authenticator } from "./http/authenticate.js";
import type { IdempotencyStore } from "./http/idempotency.js";
import type { AuthThrottle } from "./http/rate-limit/auth-throttle.js";
import type { RateLimiter } from "./http/rate-limit/limiter.js";
import type { UsageMeter } from "./http/usage-meter.js";
import type { JobDefinitionOf } from "./jobs/contract.js";
import type { WakeSignal } from "./jobs/poller.js";
import type { JobEventSink, SecondsLedger } from "./jobs/ports.js";
import type { TaskQueue } from "./jobs/queue/queue.js";
import type { Mailer } from "./mailer.js";
import type { FontCatalogue } from "./media/fonts/catalogue.js";
import type { TtsEngines } from "./media/tts/engines.js";
import type { PinnedAgentPool } from "./net/pinned-request.js";
import type { Resolver } from "./net/resolver.js";
import type { WalkthroughServices } from "./pipelines/walkthrough/deps.js";
import type { Storage } from "./storage/storage.js";
import type { Vault } from "./vault.js";

/** Everything an operation may use. Built once by buildApp; tests build it with a fake clock. */
export interface Deps {
  config: Config;
  clock: Clock;
  db: Db;
  log: FastifyBaseLogger;
  auth: Authenticator;
  limiter: RateLimiter;
  /** Sign-up per IP and the per-email sign-in back-off, in the rate-limit store. */
  authThrottle: AuthThrottle;
  /** Every argon2 hash and verify, a bounded number at once. */
  passwords: PasswordHasher;
  idempotency: IdempotencyStore;
  usage: UsageMeter;
  mailer: Mailer;
  catalog: Catalog;
  /** The installed font families (fontconfig), read once at start: brand kits and scans name these. */
  fonts: FontCatalogue;
  /** The speech engines by a voice's `engine` (voice previews, render narration), built once. */
  tts: TtsEngines;
  /** Where job runs wait: the embedded tasks table, or BullMQ on Redis. */
  queue: TaskQueue;
  /** Finished files and their signed URLs. */
  storage: Storage;
  /** Seals secrets stored for later use (webhook signing secrets, demo-site credentials). */
  vault: Vault;
  /** DNS for the outbound-URL guard. */
  resolver: Resolver;
  /** Connections to the addresses the guard checked (webhook deliveries, start pages); closed with the app. */
  pinnedAgents: PinnedAgentPool;
  /** What walkthrough jobs use at run time: the process's Chromium, sealed demo credentials, options resolved. */
  walkthrough: WalkthroughServices;
  /** The job catalogue: a definition per kind this process can run. */
  jobDefinitions: ReadonlyMap<string, JobDefinitionOf<unknown, Deps>>;
  /** The seconds a job holds, charges and releases (the wallet), inside the job's own transaction. */
  secondsLedger: SecondsLedger;
  /** Where a settled job's webhook event is recorded (the outbox), inside the same transaction. */
  jobEvents: JobEventSink;
  /** Wake-ups for in-process workers when work was just committed (no-ops without workers). */
  wake: { deliveries: WakeSignal };
}
