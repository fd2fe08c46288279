import { randomBytes } from "node:crypto";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { type Clock, systemClock } from "./clock.js";
import type { Config } from "./config.js";
import { connectDb, type Db } from "./db/connect.js";
import { migrateToLatest } from "./db/migrate.js";
import type { Deps } from "./deps.js";
import { AUTH_ROUTES } from "./domains/auth/routes.js";
import { type Catalog, loadCatalog } from "./domains/catalog/catalog.js";
import { Authenticator } from "./http/authenticate.js";
import { genReqId, installConventions } from "./http/conventions.js";
import { IdempotencyStore } from "./http/idempotency.js";
import { buildOpenApi } from "./http/openapi.js";
import { API_PREFIX, mountOperation } from "./http/pipeline.js";
import { mountPublicRoute } from "./http/public-route.js";
import { RateLimiter } from "./http/rate-limit/limiter.js";
import { RedisRateLimitStore } from "./http/rate-limit/redis-store.js";
import { MemoryRateLimitStore, type RateLimitStore } from "./http/rate-limit/store.js";
import { UsageMeter } from "./http/usage-meter.js";
import { JOB_DEFINITIONS } from "./jobs/catalogue.js";
import type { JobDefinition } from "./jobs/definition.js";
import { BullQueue } from "./jobs/queue/bullmq.js";
import { EmbeddedQueue } from "./jobs/queue/embedded.js";
import type { TaskQueue } from "./jobs/queue/queue.js";
import { logMailer, type Mailer, smtpMailer } from "./mailer.js";
import { mountMcp } from "./mcp/http.js";
import { type Resolver, systemResolver } from "./net/resolver.js";
import type { MountedOperation } from "./operations/define.js";
import { MOUNTED } from "./operations/implementations.js";
import { closeWalkthroughBrowser } from "./pipelines/walkthrough/browser.js";
import { mountFileRoute } from "./storage/file-route.js";
import { LocalStorage } from "./storage/local.js";
import { loadVault } from "./vault.js";

export interface AppOptions {
  config: Config;
  clock?: Clock;
  /** An open database (tests pass one); otherwise one is opened from the config. */
  db?: Db;
  rateStore?: RateLimitStore;
  catalog?: Catalog;
  mailer?: Mailer;
  operations?: MountedOperation[];
  /** PostgreSQL schema to use when opening the database (tests isolate themselves). */
  pgSchema?: string;
  queue?: TaskQueue;
  resolver?: Resolver;
  /** Job kinds beyond the service's own (tests add scripted ones). */
  jobDefinitions?: JobDefinition[];
}

export interface App {
  app: FastifyInstance;
  deps: Deps;
  /** Secret the in-process MCP transport sends to be treated as MCP (1 MB bodies). */
  internalSecret: string;
}

/** Builds the whole service without listening: the CLI listens, tests inject. */
export async function buildApp(opts: AppOptions): Promise<App> {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  const db =
    opts.db ??
    connectDb({
      databaseUrl: config.databaseUrl,
      sqlitePath: join(config.dataDir, "clipwright.sqlite"),
      pgSchema: opts.pgSchema,
    });
  await migrateToLatest(db);

  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId,
    requestIdHeader: false,
    trustProxy: false,
    return503OnClosing: true,
  });
  const vault = loadVault(config.env, config.vaultKey, config.dataDir);
  const rateStore =
    opts.rateStore ??
    (config.redisUrl
      ? new RedisRateLimitStore(new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }))
      : new MemoryRateLimitStore(() => clock.now().getTime()));
  const deps: Deps = {
    config,
    clock,
    db,
    log: app.log,
    auth: new Authenticator(db.kysely, clock),
    limiter: new RateLimiter(rateStore, config.rateLimits, () => clock.now().getTime()),
    idempotency: new IdempotencyStore(db.kysely, clock, config.idempotencyTtlSeconds, vault),
    usage: new UsageMeter(db.kysely),
    mailer: opts.mailer ?? (config.smtpUrl ? await smtpMailer(config.smtpUrl, config.mailFrom) : logMailer(app.log)),
    catalog: opts.catalog ?? (await loadCatalog()),
    queue: opts.queue ?? (config.redisUrl ? new BullQueue(config.redisUrl, clock) : new EmbeddedQueue(db, clock)),
    storage: new LocalStorage(join(config.dataDir, "files"), config.publicUrl, vault.derive("files"), clock),
    vault,
    resolver: opts.resolver ?? systemResolver,
    jobDefinitions: new Map([...JOB_DEFINITIONS, ...(opts.jobDefinitions ?? [])].map((d) => [d.kind, d])),
    wake: { deliveries: () => undefined },
  };

  const internalSecret = randomBytes(24).toString("hex");
  installConventions(app, deps, internalSecret);
  const operations = opts.operations ?? MOUNTED;
  for (const op of operations) mountOperation(app, deps, op);
  for (const route of AUTH_ROUTES) mountPublicRoute(app, deps, route);
  mountFileRoute(app, deps.storage);
  mountMcp(app, deps, internalSecret, operations); // MCP tools: the operations above, via app.inject

  const openapi = JSON.stringify(buildOpenApi(operations, AUTH_ROUTES, config.publicUrl));
  app.get(`${API_PREFIX}/openapi.json`, async (_req, reply) =>
    reply.type("application/json; charset=utf-8").send(openapi),
  );

  app.addHook("onClose", async () => {
    await closeWalkthroughBrowser();
    await deps.queue.close();
    await deps.usage.close();
    await rateStore.close();
    if (!opts.db) await db.close();
  });
  return { app, deps, internalSecret };
}
