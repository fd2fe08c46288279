import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock.js";
import type { Config } from "./config.js";
import type { Db } from "./db/connect.js";
import type { Catalog } from "./domains/catalog/catalog.js";
import type { Authenticator } from "./http/authenticate.js";
import type { IdempotencyStore } from "./http/idempotency.js";
import type { RateLimiter } from "./http/rate-limit/limiter.js";
import type { UsageMeter } from "./http/usage-meter.js";
import type { Mailer } from "./mailer.js";

/** Everything an operation may use. Built once by buildApp; tests build it with a fake clock. */
export interface Deps {
  config: Config;
  clock: Clock;
  db: Db;
  log: FastifyBaseLogger;
  auth: Authenticator;
  limiter: RateLimiter;
  idempotency: IdempotencyStore;
  usage: UsageMeter;
  mailer: Mailer;
  catalog: Catalog;
}
