// The whole service (buildApp) in its own process, on a fresh database, seeded with one paid account,
// an all-scopes API key and 26 ledger rows. Prints {"port","key","version"} on one stdout line when
// ready (version: the database's, for the report).
//
//   BENCH_DB=sqlite|postgres   postgres needs DATABASE_URL; a fresh schema is created and dropped
//   BENCH_RATE_STORE=off       a rate store that counts nothing (profiling: what do limits cost?)
//   BENCH_WORKERS=1            `clipwright serve`'s one-process topology: the workers (job runner, webhook
//                              dispatcher, sweepers) beside the API, GET /metrics on a port of its own, and
//                              loopback allowed as a site and webhook host (fixture sites, receivers). The
//                              line adds {"metricsPort","sqlite","email","password"} (sqlite: the database
//                              file, absent on PostgreSQL; email and password: the account's, to sign in).
//   BENCH_LIMITED_KEY=N        also an all-scopes key of its own limited to N requests a minute
//                              (rateLimitPerMinute), printed as "limitedKey": the limiter's refusals
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createAccount } from "../../src/domains/account/create-account.js";
import { createKey } from "../../src/domains/keys/create-key.js";
import type { DomainServices } from "../../src/domains/services.js";
import { topUp } from "../../src/domains/wallet/grants.js";
import type { RateLimitStore } from "../../src/http/rate-limit/store.js";
import { startMetricsServer } from "../../src/metrics/metrics-server.js";
import { GRANTABLE_SCOPES } from "../../src/operations/scopes.js";
import { startWorkers } from "../../src/workers.js";
import { benchDatabase, stopOnSignal } from "../lib/bench-db.js";

// High enough that no window fills during a run, however fast the service gets (all targets share
// one key's "read" window): the benchmark measures the path, not the refusal.
const RAISED = 1_000_000_000;
const RAISED_LIMITS = ["read", "write", "expensive", "charge", "account", "unauthenticated"]
  .map((name) => `${name}=${RAISED}`)
  .join(",");
const TOPUPS = 25; // + the plan grant = 26 ledger rows, so ?limit=20 returns a full page

const { usePostgres, dataDir, databaseUrl, pgSchema, cleanup } = await benchDatabase("cw-bench-");
const withWorkers = process.env.BENCH_WORKERS === "1";
const EMAIL = "bench@example.com";
const PASSWORD = "bench password 123";

const noLimits: RateLimitStore = {
  hit: async (_key, windowMs) => ({ count: 1, resetAt: Date.now() + windowMs }),
  hitAll: async (hits) => ({ states: hits.map((h) => ({ count: 1, resetAt: Date.now() + h.windowMs })), refused: -1 }),
  peek: async () => null,
  undo: async () => undefined,
  reset: async () => undefined,
  close: async () => undefined,
};

// An explicit env (not process.env), so a DATABASE_URL in the shell never leaks into a SQLite run.
const config = loadConfig(
  {
    CLIPWRIGHT_ENV: "test",
    CLIPWRIGHT_DATA_DIR: dataDir,
    CLIPWRIGHT_RATE_LIMITS: RAISED_LIMITS,
    ...(withWorkers ? { CLIPWRIGHT_ALLOW_PRIVATE_HOSTS: "127.0.0.1" } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  { logLevel: "silent" },
);

async function start() {
  const { app, deps } = await buildApp({
    config,
    pgSchema,
    ...(process.env.BENCH_RATE_STORE === "off" ? { rateStore: noLimits } : {}),
  });
  const account = await createAccount(deps, {
    email: EMAIL,
    password: PASSWORD,
    verified: true,
    planId: "pro",
  });
  for (let i = 0; i < TOPUPS; i++) await topUp(deps, account.id, 60);
  const { secret } = await createKey(deps, account.id, { name: "bench", scopes: [...GRANTABLE_SCOPES] });
  const limitedPerMinute = Number(process.env.BENCH_LIMITED_KEY || 0);
  const limited = limitedPerMinute
    ? await createKey(deps, account.id, {
        name: "bench limited",
        scopes: [...GRANTABLE_SCOPES],
        rateLimitPerMinute: limitedPerMinute,
      })
    : null;
  const version = usePostgres
    ? `PostgreSQL ${(await sql<{ v: string }>`select current_setting('server_version') as v`.execute(deps.db.kysely)).rows[0]?.v}`
    : `SQLite ${(await sql<{ v: string }>`select sqlite_version() as v`.execute(deps.db.kysely)).rows[0]?.v}`;
  const extra = withWorkers ? await runWorkers(app, deps) : {};
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as AddressInfo).port;
  const ready = { port, key: secret, version, ...(limited ? { limitedKey: limited.secret } : {}), ...extra };
  return { app, ready };
}

/** As `clipwright serve` (src/server.ts): the workers beside the API, closed with it, and GET /metrics. */
async function runWorkers(app: FastifyInstance, deps: DomainServices) {
  const workers = startWorkers(deps);
  app.addHook("onClose", async () => workers.close());
  const metrics = await startMetricsServer(deps.metrics, "127.0.0.1", 0);
  app.addHook("onClose", async () => new Promise<void>((resolve) => metrics.close(() => resolve())));
  return {
    metricsPort: (metrics.address() as AddressInfo).port,
    ...(usePostgres ? {} : { sqlite: join(dataDir, "clipwright.sqlite") }),
    email: EMAIL,
    password: PASSWORD,
  };
}

// A failed start must not leave a schema behind.
const { app, ready } = await start().catch(async (err: unknown) => {
  await cleanup();
  throw err;
});
process.stdout.write(`${JSON.stringify(ready)}\n`);

stopOnSignal(() => app.close(), cleanup);
