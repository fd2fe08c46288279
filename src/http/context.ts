import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { Authenticator } from "./authenticate.js";
import type { IdempotencyStore } from "./idempotency.js";
import type { RateLimiter } from "./rate-limit/limiter.js";
import type { RequestIds } from "./request-ids.js";
import type { UsageMeter } from "./usage-meter.js";

/**
 * What the HTTP conventions use, built once by app.ts. What an operation's handler is given is not in
 * here: the pipeline is handed it beside this and passes it on unread, so src/http names no domain.
 */
export interface HttpContext {
  config: Config;
  clock: Clock;
  auth: Authenticator;
  limiter: RateLimiter;
  idempotency: IdempotencyStore;
  usage: UsageMeter;
  /** The app's request ids (Fastify's genReqId, and answers written before a request exists). */
  requestIds: RequestIds;
}
