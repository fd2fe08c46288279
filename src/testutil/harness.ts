import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { type App, buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import { connectDb, type Db } from "../db/connect.js";
import { createAccount, type NewAccount } from "../domains/account/create-account.js";
import type { PasswordHasher } from "../domains/auth/password-hasher.js";
import { signIn } from "../domains/auth/sessions.js";
import { type Catalog, loadCatalog } from "../domains/catalog/catalog.js";
import { createKey } from "../domains/keys/create-key.js";
import type { DomainServices } from "../domains/services.js";
import { RedisRateLimitStore } from "../http/rate-limit/redis-store.js";
import { MemoryRateLimitStore, type RateLimitStore } from "../http/rate-limit/store.js";
import type { JobDefinition } from "../jobs/definition.js";
import { BullQueue } from "../jobs/queue/bullmq.js";
import type { Mailer } from "../mailer.js";
import { MOUNTED } from "../mounted-operations.js";
import type { Resolver } from "../net/resolver.js";
import type { MountedOperation } from "../operations/define.js";
import { GRANTABLE_SCOPES } from "../operations/scopes.js";
import { startWorkers, type Workers } from "../workers.js";
import { FakeClock } from "./fake-clock.js";
import { OpenApiChecker } from "./openapi-check.js";

export type TestDb = "sqlite" | "postgres";
/** Which database this test run uses: set per Vitest project (see vitest.config.ts). */
export const testDb = (): TestDb => (process.env.CLIPWRIGHT_TEST_DB === "postgres" ? "postgres" : "sqlite");

export interface HarnessOptions {
  config?: Partial<Config>;
  /** "memory" forces the in-memory rate store (tests that move the fake clock across windows). */
  rateStore?: "memory" | "default";
  clockStart?: Date;
  /** Test-only operations mounted beside the real ones (not in the registry). */
  extraOperations?: MountedOperation<DomainServices>[];
  resolver?: Resolver;
  jobDefinitions?: JobDefinition[];
  /** Start the job runner and webhook dispatcher (default true); `drain()` runs them to quiet. */
  workers?: boolean;
  /** "bullmq" runs job runs through BullMQ on REDIS_URL (under a prefix of this harness's own). */
  queueDriver?: "embedded" | "bullmq";
  /** A password hasher of the test's own (small limits, a hook that counts or holds turns). */
  passwords?: PasswordHasher;
  /** Log lines go here (set `config.logLevel` too: tests are silent by default). */
  logStream?: { write(line: string): void };
  /** The service's own no-SMTP mailer (the outbox in the data dir) instead of an in-memory one; `mail` reads it. */
  outboxMail?: boolean;
  /** A catalogue of the test's own (fixed voices) instead of the engines installed on this machine. */
  catalog?: Catalog;
  /** A built dashboard of the test's own to serve at `/` (default: web/dist, if it was built). */
  webDir?: string;
}

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: any;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** JSON-encoded unless it is a string or Buffer (sent as is). */
  body?: unknown;
  /** Sent as `Authorization: Bearer …`. */
  token?: string;
  idempotencyKey?: string;
  /** Skip the OpenAPI conformance check (tests of deliberately odd requests to unknown routes). */
  unchecked?: boolean;
  /** The caller's IP address (default 127.0.0.1). */
  ip?: string;
}

/**
 * Catalogues detected by this test process, by the engine programs configured: the engines run once per
 * set of programs rather than once per harness (the app itself detects once per app).
 */
const detectedCatalogs = new Map<string, Promise<Catalog>>();
function detectedCatalog(config: Config): Promise<Catalog> {
  const key = JSON.stringify([config.espeakBinary, config.text2waveBinary]);
  let catalog = detectedCatalogs.get(key);
  if (!catalog) {
    catalog = loadCatalog(config);
    detectedCatalogs.set(key, catalog);
  }
  return catalog;
}

/**
 * A whole service on a real database with a fake clock, driven through app.inject. Each harness gets
 * its own SQLite file or PostgreSQL schema, so test files run in parallel without seeing each other.
 */
export class Harness {
  readonly mail: Mailer["sent"] = [];
  private checker!: OpenApiChecker;
  private cleanup: (() => Promise<void>)[] = [];

  private constructor(
    readonly built: App,
    readonly clock: FakeClock,
    readonly db: Db,
  ) {}

  get app() {
    return this.built.app;
  }
  get deps() {
    return this.built.deps;
  }

  static async start(opts: HarnessOptions = {}): Promise<Harness> {
    const clock = new FakeClock(opts.clockStart ?? new Date());
    const cleanup: (() => Promise<void>)[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), "cw-test-"));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    let db: Db;
    if (testDb() === "postgres") {
      const url = process.env.DATABASE_URL as string;
      const schema = `t_${Date.now()}_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      db = connectDb({ databaseUrl: url, pgSchema: schema, poolSize: 5 });
      cleanup.push(async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      });
    } else {
      db = connectDb({ sqlitePath: join(dataDir, "test.sqlite") });
    }
    let rateStore: RateLimitStore;
    if (process.env.REDIS_URL && testDb() === "postgres" && opts.rateStore !== "memory") {
      rateStore = new RedisRateLimitStore(
        new Redis(process.env.REDIS_URL),
        `cw:test:${randomBytes(6).toString("hex")}:`,
      );
    } else {
      rateStore = new MemoryRateLimitStore(() => clock.now().getTime());
    }
    const sent: Mailer["sent"] = [];
    const mailer: Mailer = { sent, send: async (m) => void sent.push(m) };
    const config = loadConfig({ CLIPWRIGHT_ENV: "test", CLIPWRIGHT_DATA_DIR: dataDir }, opts.config);
    const operations = [...MOUNTED, ...(opts.extraOperations ?? [])];
    const bullPrefix = `cw-test-${randomBytes(6).toString("hex")}`;
    const built = await buildApp({
      config,
      clock,
      db,
      rateStore,
      ...(opts.outboxMail ? {} : { mailer }),
      catalog: opts.catalog ?? (await detectedCatalog(config)),
      logStream: opts.logStream,
      webDir: opts.webDir,
      operations,
      resolver: opts.resolver,
      jobDefinitions: opts.jobDefinitions,
      passwords: opts.passwords,
      ...(opts.queueDriver === "bullmq"
        ? { queue: new BullQueue(process.env.REDIS_URL as string, clock, bullPrefix) }
        : {}),
    });
    const h = new Harness(built, clock, db);
    h.bullPrefix = bullPrefix;
    (h as { mail: Mailer["sent"] }).mail = opts.outboxMail ? built.deps.mailer.sent : sent;
    h.cleanup = cleanup;
    if (opts.workers !== false) h.workers = startWorkers(built.deps);
    const doc = await built.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    h.checker = new OpenApiChecker(doc.json());
    return h;
  }

  workers: Workers | undefined;
  /** BullMQ key prefix of this harness (a second "process" uses the same one to share the queue). */
  bullPrefix = "";

  /** Runs the workers until no job run and no delivery attempt is due (on the fake clock) or in flight. */
  async drain(): Promise<void> {
    await this.workers?.drain();
  }

  async close(): Promise<void> {
    await this.workers?.close();
    await this.app.close();
    await this.db.close();
    for (const fn of this.cleanup.reverse()) await fn();
  }

  /** One request through the whole HTTP pipeline; the response is checked against the OpenAPI document. */
  async request(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.idempotencyKey) headers["idempotency-key"] = opts.idempotencyKey;
    let payload: string | Buffer | undefined;
    if (opts.body !== undefined) {
      payload = typeof opts.body === "string" || Buffer.isBuffer(opts.body) ? opts.body : JSON.stringify(opts.body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
        headers["content-type"] = "application/json";
    }
    const res = await this.app.inject({
      method: method as "GET",
      url: `/api/v1${path}`,
      headers,
      payload,
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    });
    const text = res.body;
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: left as text for the test to see */
    }
    if (!opts.unchecked) {
      const problems = this.checker.check(method, path.split("?")[0] as string, res.statusCode, body);
      if (problems.length)
        throw new Error(`response does not match the OpenAPI document:\n${problems.join("\n")}\n${text}`);
    }
    return { status: res.statusCode, headers: res.headers, body, text };
  }

  /** An account straight through the domain function (paid and verified unless told otherwise). */
  async account(opts: Partial<NewAccount> & { paid?: boolean } = {}) {
    const email = opts.email ?? `user-${randomBytes(5).toString("hex")}@example.com`;
    const password = opts.password ?? "correct horse battery";
    const paid = opts.paid ?? true;
    const account = await createAccount(this.deps, {
      email,
      password,
      verified: opts.verified ?? true,
      planId: opts.planId ?? (paid ? "starter" : undefined),
      topupSeconds: opts.topupSeconds,
      freeSeconds: opts.freeSeconds,
    });
    return { id: account.id, email, password };
  }

  async key(
    accountId: string,
    scopes: readonly string[] = GRANTABLE_SCOPES,
    extra: { rateLimitPerMinute?: number; rateLimitPerDay?: number; expires?: string } = {},
  ) {
    const { secret, key } = await createKey(this.deps, accountId, { name: "test", scopes: [...scopes], ...extra });
    return { secret, id: key.id };
  }

  async session(email: string, password: string): Promise<string> {
    return (await signIn(this.deps, email, password)).token;
  }

  /** A paid, verified account with an all-scopes key and a session: the usual starting point. */
  async user(opts: Partial<NewAccount> & { paid?: boolean } = {}) {
    const account = await this.account(opts);
    const { secret, id } = await this.key(account.id);
    const session = await this.session(account.email, account.password);
    return { ...account, key: secret, keyId: id, session };
  }
}

export const idem = (): string => `idem-${randomBytes(8).toString("hex")}`;
