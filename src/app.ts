import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { type Clock, systemClock } from "./clock.js";
import type { Config } from "./config.js";
import { connectDb, type Db } from "./db/connect.js";
import { migrateToLatest } from "./db/migrate.js";
import { supportLibrary } from "./domains/assistant/knowledge/library.js";
import { CredentialLookup } from "./domains/auth/credential-lookup.js";
import { PasswordHasher } from "./domains/auth/password-hasher.js";
import { AUTH_ROUTES } from "./domains/auth/routes.js";
import { mountVerifyEmailPage } from "./domains/auth/verify-email-page.js";
import { type Catalog, findVoice, loadCatalog, NATURAL_ENGLISH_VOICE } from "./domains/catalog/catalog.js";
import { renderSettingsResolver } from "./domains/renders/render-settings.js";
import type { DomainServices } from "./domains/services.js";
import { storedCredentials } from "./domains/storyboards/credentials-port.js";
import { walletSecondsLedger } from "./domains/wallet/reservations.js";
import { webhookJobEvents } from "./domains/webhooks/emit.js";
import { mountApiReference } from "./http/api-reference.js";
import { Authenticator } from "./http/authenticate.js";
import type { HttpContext } from "./http/context.js";
import { installConventions } from "./http/conventions.js";
import { loadDashboard } from "./http/dashboard.js";
import { closeConnectionsWhileDraining } from "./http/drain.js";
import { mountFileRoute } from "./http/file-route.js";
import { answerClientError, answerFrameworkError, routeConnectRequests } from "./http/framework-errors.js";
import { mountHealth, type ReadinessCheck } from "./http/health.js";
import { IdempotencyStore } from "./http/idempotency.js";
import { buildOpenApi } from "./http/openapi.js";
import { mountOperation, routePath } from "./http/pipeline.js";
import { mountPublicRoute } from "./http/public-route.js";
import { AuthThrottle } from "./http/rate-limit/auth-throttle.js";
import { RateLimiter } from "./http/rate-limit/limiter.js";
import { RedisRateLimitStore } from "./http/rate-limit/redis-store.js";
import { MemoryRateLimitStore, type RateLimitStore } from "./http/rate-limit/store.js";
import { RequestIds } from "./http/request-ids.js";
import { installRequestMetrics } from "./http/request-metrics.js";
import { serverTimeouts } from "./http/timeouts.js";
import { UsageMeter } from "./http/usage-meter.js";
import { JOB_DEFINITIONS } from "./jobs/catalogue.js";
import type { JobDefinition } from "./jobs/definition.js";
import { fleetReadings } from "./jobs/fleet-readings.js";
import { WakeSignal } from "./jobs/poller.js";
import { BullQueue } from "./jobs/queue/bullmq.js";
import { EmbeddedQueue } from "./jobs/queue/embedded.js";
import type { TaskQueue } from "./jobs/queue/queue.js";
import { loggerOptions } from "./logger.js";
import { type Mailer, outboxMailer, smtpMailer } from "./mailer.js";
import { type AppMcp, mountMcp } from "./mcp/http.js";
import { type FontCatalogue, loadFontCatalogue } from "./media/fonts/catalogue.js";
import { installedEngines } from "./media/tts/engines.js";
import { ServiceMetrics } from "./metrics/service-metrics.js";
import { MOUNTED } from "./mounted-operations.js";
import { PinnedAgentPool } from "./net/pinned-request.js";
import { type Resolver, systemResolver } from "./net/resolver.js";
import type { MountedOperation } from "./operations/define.js";
import { API_PREFIX } from "./operations/registry.js";
import { ChromiumCopyFit } from "./pipelines/marketing/layout/chromium-copy-fit.js";
import { VoiceSpeechFit } from "./pipelines/marketing/speech/voice-speech-fit.js";
import { walkthroughBrowser } from "./pipelines/walkthrough/browser.js";
import { openStorage } from "./storage/open-storage.js";
import { loadVault } from "./vault.js";

export interface AppOptions {
  config: Config;
  clock?: Clock;
  /** An open database (tests pass one); otherwise one is opened from the config. */
  db?: Db;
  rateStore?: RateLimitStore;
  catalog?: Catalog;
  /** The installed fonts; read with fontconfig when not given. */
  fonts?: FontCatalogue;
  mailer?: Mailer;
  operations?: MountedOperation<DomainServices>[];
  /** PostgreSQL schema to use when opening the database (tests isolate themselves). */
  pgSchema?: string;
  queue?: TaskQueue;
  resolver?: Resolver;
  /** Job kinds beyond the service's own (tests add scripted ones). */
  jobDefinitions?: JobDefinition[];
  /** The password hasher (tests pass one with small limits and a hook that counts turns). */
  passwords?: PasswordHasher;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The built dashboard served at `/` (tests pass a directory of their own); web/dist by default. */
  webDir?: string;
}

/** Where `npm run build:web` writes the dashboard (scripts/build-web.mjs). */
const WEB_DIST = fileURLToPath(new URL("../web/dist/", import.meta.url));

/**
 * Everything buildApp builds, once. Each layer is handed it as its own narrower view: the HTTP conventions
 * as HttpContext, the domains as DomainServices, the job engine (through them) as JobServices.
 */
export interface Deps extends HttpContext, DomainServices {}

export interface App {
  app: FastifyInstance;
  deps: Deps;
  /** The MCP endpoint's tools and in-process secret, for the stdio transport to serve the same. */
  mcp: AppMcp;
  /** Set `draining` when the process is asked to stop: readiness then answers 503 (`GET /readyz`). */
  lifecycle: { draining: boolean };
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

  const requestIds = new RequestIds();
  const app = Fastify({
    // JSON lines, or readable lines in development; the req serializer redacts credentials either way.
    logger: loggerOptions(config, opts.logStream),
    genReqId: requestIds.forRequest,
    requestIdHeader: false,
    trustProxy: false,
    // A stopping process still answers requests that reach it on an open connection, with
    // `Connection: close`, rather than Fastify's own 503 body: nothing a client sent is refused by a drain.
    return503OnClosing: false,
    ...serverTimeouts(config.httpTimeouts),
    // Refusals made before any route or hook runs; `deps` exists by the time a request arrives.
    frameworkErrors: (err, req, reply) => answerFrameworkError(deps, err, req, reply),
    clientErrorHandler: (err, socket) => answerClientError(deps, err, socket),
  });
  routeConnectRequests(app); // CONNECT answered like any method, not dropped by Node
  const vault = loadVault(config.env, config.vaultKey, config.dataDir);
  // Rate windows shared across processes; readiness pings the same connection.
  const redis =
    !opts.rateStore && config.redisUrl
      ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
      : null;
  const rateStore =
    opts.rateStore ?? (redis ? new RedisRateLimitStore(redis) : new MemoryRateLimitStore(() => clock.now().getTime()));
  const catalog = opts.catalog ?? (await loadCatalog(config));
  if (!opts.catalog && !findVoice(catalog, NATURAL_ENGLISH_VOICE)) {
    // Narration still works (espeak-ng speaks English too), just with a robotic voice.
    app.log.warn(
      { voice: NATURAL_ENGLISH_VOICE },
      "festival's natural English voice is not installed (apt-get install festival festvox-us-slt-hts); English falls back to espeak-ng",
    );
  }
  // Local disk or S3: the domains see only the Storage contract; the file route below serves what the
  // API signs itself (local files, and S3 files when proxied).
  const files = await openStorage(config.storage, config.dataDir, {
    publicUrl: config.publicUrl,
    signingKey: vault.derive("files"),
    clock,
  });
  // Built before the browser and the speech engines, which report to it.
  const metrics = new ServiceMetrics(fleetReadings(db.kysely, clock));
  // One Chromium for the process, launched on first use, sandboxed as configured; closed below.
  const browser = walkthroughBrowser(config.browser, metrics.browserPool);
  const fonts = opts.fonts ?? (await loadFontCatalogue());
  const copyFit = new ChromiumCopyFit(browser, fonts);
  const tts = installedEngines(config, metrics.speech);
  const operations = opts.operations ?? MOUNTED;
  // Built before the services: the support assistant answers from it (operation summaries and descriptions).
  const document = buildOpenApi(operations, AUTH_ROUTES, config.publicUrl);
  const deps: Deps = {
    config,
    clock,
    requestIds,
    db,
    log: app.log,
    auth: new Authenticator(new CredentialLookup(db.kysely), clock),
    limiter: new RateLimiter(rateStore, config.rateLimits, () => clock.now().getTime()),
    authThrottle: new AuthThrottle(rateStore, config.authThrottle, () => clock.now().getTime()),
    passwords: opts.passwords ?? new PasswordHasher(config.passwordHashing),
    idempotency: new IdempotencyStore(db.kysely, clock, config.idempotencyTtlSeconds, vault),
    usage: new UsageMeter(db.kysely),
    mailer:
      opts.mailer ??
      (config.smtpUrl
        ? await smtpMailer(config.smtpUrl, config.mailFrom)
        : outboxMailer(join(config.dataDir, "outbox"), config.mailFrom, app.log, clock)),
    catalog,
    fonts,
    tts,
    queue: opts.queue ?? (config.redisUrl ? new BullQueue(config.redisUrl, clock) : new EmbeddedQueue(db, clock)),
    storage: files.storage,
    vault,
    resolver: opts.resolver ?? systemResolver,
    pinnedAgents: new PinnedAgentPool(),
    copyFit,
    speechFit: new VoiceSpeechFit(tts),
    assistant: supportLibrary(config.assistant.docsDir, document),
    walkthrough: {
      browser,
      credentials: storedCredentials({ db, vault, clock }),
      renderSettings: renderSettingsResolver(catalog),
    },
    jobDefinitions: new Map([...JOB_DEFINITIONS, ...(opts.jobDefinitions ?? [])].map((d) => [d.kind, d])),
    secondsLedger: walletSecondsLedger,
    jobEvents: webhookJobEvents,
    wake: { deliveries: new WakeSignal() },
    metrics,
  };

  const internalSecret = randomBytes(24).toString("hex");
  const dashboard = loadDashboard(opts.webDir ?? WEB_DIST, files.fileOrigins); // the web app at `/`: it calls only the routes below
  installConventions(app, deps, internalSecret, dashboard.page);
  installRequestMetrics(
    app,
    metrics,
    new Map(operations.map(({ row }) => [`${row.method} ${routePath(row.path)}`, row.id])),
  );
  for (const op of operations) mountOperation(app, deps, op, deps);
  for (const route of AUTH_ROUTES) mountPublicRoute(app, deps, route, deps);
  mountFileRoute(app, files.storage, files.links);
  mountVerifyEmailPage(app, deps);
  const readiness: ReadinessCheck[] = [
    { name: "database", check: () => sql`select 1`.execute(db.kysely).then(() => true) },
    { name: "storage", check: () => files.storage.check() },
  ];
  if (redis) readiness.push({ name: "redis", check: () => redis.ping().then((pong) => pong === "PONG") });
  const lifecycle = { draining: false };
  closeConnectionsWhileDraining(app, lifecycle);
  mountHealth(app, readiness, () => lifecycle.draining);
  const mcp = mountMcp(app, deps, internalSecret, operations); // MCP tools: the operations above, via app.inject

  const openapi = JSON.stringify(document);
  app.get(`${API_PREFIX}/openapi.json`, async (_req, reply) =>
    reply.type("application/json; charset=utf-8").send(openapi),
  );
  await mountApiReference(app, API_PREFIX, document.info.title); // a page built from the document above
  dashboard.mount(app);

  app.addHook("onClose", async () => {
    await copyFit.close();
    await deps.walkthrough.browser.close();
    await deps.queue.close();
    await deps.pinnedAgents.close();
    await deps.usage.close();
    await rateStore.close();
    files.close();
    if (!opts.db) await db.close();
  });
  return { app, deps, mcp, lifecycle };
}
