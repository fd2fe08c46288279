// The service for the webhooks suite, in its own process: buildApp + startWorkers (the webhook
// dispatcher runs here, as under `clipwright serve`) on a fresh database, one paid account and one
// webhook endpoint for render.succeeded pointing at the suite's loopback receiver. Prints
// {"port","version","secret","topology"} on one stdout line when ready; `port` is a small control
// server (node:http, JSON) through which the suite drives the phases:
//
//   POST /prepare  {count}               inserts `count` render jobs in state running (seconds reserved),
//                                        after every earlier delivery has been recorded; → {ids}
//   POST /settle   {ids, ratePerSecond}  settles them succeeded with settleJob, one after the other, as
//                                        fast as it goes (ratePerSecond 0) or at an offered rate;
//                                        → {start, settled[]} (epoch ms: before the first, after each commit)
//   POST /baseline {count, concurrency}  the baseline: the same signed POSTs sent with pinnedAgents.post, no
//                                        database; → {start, sent[]} (epoch ms before each send)
//   POST /quiet                          waits until no delivery is pending; → {deliveries: {status: n}}
//
//   BENCH_DB=sqlite|postgres   postgres needs DATABASE_URL (a fresh schema, dropped at exit) and takes
//                              REDIS_URL when set (job queue on BullMQ, rate limits on Redis)
//   BENCH_RECEIVER_URL         where the endpoint points (http://127.0.0.1:<port>/hook)
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { buildApp } from "../../src/app.js";
import { iso, systemClock } from "../../src/clock.js";
import { loadConfig } from "../../src/config.js";
import { createAccount } from "../../src/domains/account/create-account.js";
import { createKey } from "../../src/domains/keys/create-key.js";
import { topUp } from "../../src/domains/wallet/grants.js";
import { reserve } from "../../src/domains/wallet/reservations.js";
import { uuidv7 } from "../../src/ids.js";
import { artifactSigner, type JobRow, toEnvelope } from "../../src/jobs/envelope.js";
import { BullQueue } from "../../src/jobs/queue/bullmq.js";
import { settleJob } from "../../src/jobs/settle.js";
import { GRANTABLE_SCOPES } from "../../src/operations/scopes.js";
import { deliveryHeaders } from "../../src/webhooks/signature.js";
import { startWorkers } from "../../src/workers.js";
import { benchDatabase, stopOnSignal } from "../lib/bench-db.js";

const RAISED = 1_000_000_000;
const RAISED_LIMITS = ["read", "write", "expensive", "charge", "account", "unauthenticated"]
  .map((name) => `${name}=${RAISED}`)
  .join(",");
/** Seconds each job holds; a settle charges CHARGED of them and releases the rest (both wallet paths). */
const RESERVED = 3;
const DURATION = 1.5; // charged: ceil(1.5) = 2
const EVENT_TYPE = "render.succeeded";

const db = await benchDatabase("cw-bench-wh-");
const { usePostgres, dataDir, databaseUrl, pgSchema } = db;
const redisUrl = usePostgres ? process.env.REDIS_URL || undefined : undefined;
const receiverUrl = process.env.BENCH_RECEIVER_URL;
if (!receiverUrl) throw new Error("BENCH_RECEIVER_URL is required");

const epochMs = (): number => performance.timeOrigin + performance.now();

// Its own BullMQ key prefix: the worker must never take runs of another process on the same Redis.
const bullPrefix = `cw-bench-${randomBytes(4).toString("hex")}`;

// An explicit env (not process.env), so a DATABASE_URL or REDIS_URL in the shell never leaks into
// the embedded topology.
const config = loadConfig(
  {
    CLIPWRIGHT_ENV: "test",
    CLIPWRIGHT_DATA_DIR: dataDir,
    CLIPWRIGHT_RATE_LIMITS: RAISED_LIMITS,
    CLIPWRIGHT_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  },
  { logLevel: process.env.LOG_LEVEL ?? "silent" },
);

async function cleanup(): Promise<void> {
  await db.cleanup();
  if (redisUrl) {
    // BullMQ leaves its queue's keys (meta) behind: remove this run's prefix.
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${bullPrefix}:*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  }
}

async function start() {
  const built = await buildApp({
    config,
    pgSchema,
    ...(redisUrl ? { queue: new BullQueue(redisUrl, systemClock, bullPrefix) } : {}),
  });
  const { app, deps } = built;
  const account = await createAccount(deps, {
    email: "bench@example.com",
    password: "bench password 123",
    verified: true,
    planId: "pro",
  });
  await topUp(deps, account.id, 10_000_000);
  const { secret: apiKey } = await createKey(deps, account.id, { name: "bench", scopes: [...GRANTABLE_SCOPES] });
  // Registered through the API, as a customer would: the URL goes through the same guard as deliveries.
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/webhooks",
    headers: {
      authorization: `Bearer ${apiKey}`,
      "idempotency-key": "bench-endpoint",
      "content-type": "application/json",
    },
    payload: JSON.stringify({ url: receiverUrl, events: [EVENT_TYPE] }),
  });
  if (res.statusCode !== 201) throw new Error(`POST /webhooks answered ${res.statusCode}: ${res.body}`);
  const secret = (res.json() as { secret: string }).secret;
  const workers = startWorkers(deps);
  const version = usePostgres
    ? `PostgreSQL ${(await sql<{ v: string }>`select current_setting('server_version') as v`.execute(deps.db.kysely)).rows[0]?.v}`
    : `SQLite ${(await sql<{ v: string }>`select sqlite_version() as v`.execute(deps.db.kysely)).rows[0]?.v}`;
  return { app, deps, workers, accountId: account.id, secret, version };
}

const { app, deps, workers, accountId, secret, version } = await start().catch(async (err: unknown) => {
  await cleanup();
  throw err;
});

/** A render job as the runner leaves it while running (taken once, lease held). */
function runningJob(id: string, t: string): JobRow {
  return {
    id,
    account_id: accountId,
    kind: "walkthrough.render",
    state: "running",
    internal_status: "rendering",
    stage: "rendering",
    progress_stage: "rendering",
    progress_percent: 90,
    progress_at: t,
    error_code: null,
    error_reason: null,
    error_retryable: null,
    error_terminal: null,
    result: null,
    seconds_reserved: RESERVED,
    seconds_charged: null,
    watermark: 0,
    artifacts_expired: 0,
    cancel_requested: 0,
    attempts: 1,
    lease_until: iso(new Date(Date.parse(t) + 3_600_000)),
    input: JSON.stringify({ url: "https://example.com/", script: "bench" }),
    idempotency_key: null,
    request_id: null,
    created_at: t,
    started_at: t,
    finished_at: null,
    expires_at: null,
    updated_at: t,
  };
}

const output = (id: string) => ({
  artifacts: [
    { type: "video", key: `jobs/${id}/video.mp4`, bytes: 4_812_331, sha256: "ab".repeat(32) },
    { type: "poster", key: `jobs/${id}/poster.jpg`, bytes: 81_220, sha256: "cd".repeat(32) },
  ],
  durationSeconds: DURATION,
});

async function pendingDeliveries(): Promise<number> {
  const r = await deps.db.kysely
    .selectFrom("webhook_deliveries")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function quiet(timeoutMs = 120_000): Promise<Record<string, number>> {
  const until = Date.now() + timeoutMs;
  while ((await pendingDeliveries()) > 0) {
    if (Date.now() > until) throw new Error("deliveries still pending");
    await new Promise((r) => setTimeout(r, 50));
  }
  const rows = await deps.db.kysely
    .selectFrom("webhook_deliveries")
    .select(["status", "attempt", (eb) => eb.fn.countAll<string | number>().as("n")])
    .groupBy(["status", "attempt"])
    .execute();
  return Object.fromEntries(rows.map((r) => [`${r.status}#${r.attempt}`, Number(r.n)]));
}

async function prepare(count: number): Promise<string[]> {
  await quiet();
  const now = new Date();
  const t = iso(now);
  const ids = Array.from({ length: count }, () => uuidv7(now.getTime()));
  await deps.db.kysely.transaction().execute(async (tx) => {
    for (let i = 0; i < ids.length; i += 200) {
      await tx
        .insertInto("jobs")
        .values(ids.slice(i, i + 200).map((id) => runningJob(id, t)))
        .execute();
    }
    // One reservation for the batch (the wallet's reserved bucket covers every job's settle).
    await reserve(tx, accountId, RESERVED * count, ids[0] as string, now);
  });
  return ids;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Settles one after the other. Between two settles the loop yields to the event loop, as settles do
 * in the service (each follows the I/O of a run's end); a loop that never yields would hold off the
 * dispatcher's timers and sockets until the last settle, which no deployment does. With a rate, settle
 * i is started at start + i / rate (the ones that fell due together go back to back).
 */
async function settle(ids: string[], ratePerSecond: number) {
  const settled: number[] = new Array(ids.length);
  const start = epochMs();
  for (let i = 0; i < ids.length; i++) {
    if (ratePerSecond > 0) {
      const due = start + (i * 1000) / ratePerSecond;
      const wait = due - epochMs();
      if (wait >= 1) await new Promise((r) => setTimeout(r, wait));
      else await yieldToLoop();
    } else {
      await yieldToLoop();
    }
    const id = ids[i] as string;
    const row = await settleJob(deps, id, { state: "succeeded", output: output(id) }, ["running"]);
    settled[i] = epochMs();
    if (!row) throw new Error(`job ${id} did not settle`);
  }
  return { start, settled };
}

/** The baseline: the same signed bodies, sent straight to the receiver at the dispatcher's concurrency. */
async function baseline(count: number, concurrency: number) {
  const now = new Date();
  const t = iso(now);
  const bodies = Array.from({ length: count }, () => {
    const id = uuidv7(now.getTime());
    const row: JobRow = {
      ...runningJob(id, t),
      state: "succeeded",
      internal_status: "succeeded",
      stage: null,
      progress_stage: null,
      progress_percent: null,
      progress_at: null,
      lease_until: null,
      finished_at: t,
      seconds_charged: Math.ceil(DURATION),
      result: JSON.stringify(output(id)),
      expires_at: iso(new Date(now.getTime() + 30 * 86_400_000)),
    };
    const eventId = uuidv7(now.getTime());
    const body = JSON.stringify({
      id: eventId,
      type: EVENT_TYPE,
      createdAt: t,
      apiVersion: "v1",
      data: toEnvelope(row, artifactSigner(deps)),
    });
    return { id, eventId, body };
  });
  const target = { url: new URL(receiverUrl as string), addresses: ["127.0.0.1"] };
  const sent: number[] = new Array(count);
  let next = 0;
  let failed = 0;
  const start = epochMs();
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      const b = bodies[i] as (typeof bodies)[number];
      sent[i] = epochMs();
      const headers = deliveryHeaders({
        secret,
        eventId: b.eventId,
        eventType: EVENT_TYPE,
        deliveryId: uuidv7(),
        attempt: 1,
        timestampSeconds: Math.floor(Date.now() / 1000),
        rawBody: b.body,
      });
      const r = await deps.pinnedAgents.post(target, b.body, headers, { timeoutMs: config.webhookTimeoutMs });
      if (!("status" in r) || r.status !== 204) failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  if (failed) throw new Error(`baseline: ${failed} of ${count} POSTs did not get a 204`);
  return { start, ids: bodies.map((b) => b.id), sent };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const routes: Record<string, (b: Record<string, unknown>) => Promise<unknown>> = {
  "/prepare": async (b) => ({ ids: await prepare(Number(b.count)) }),
  "/settle": async (b) => settle(b.ids as string[], Number(b.ratePerSecond ?? 0)),
  "/baseline": async (b) => baseline(Number(b.count), Number(b.concurrency)),
  "/quiet": async () => ({ deliveries: await quiet() }),
};

const control = createServer((req: IncomingMessage, res: ServerResponse) => {
  const route = routes[req.url ?? ""];
  if (req.method !== "POST" || !route) {
    res.writeHead(404).end();
    return;
  }
  readJson(req)
    .then(route)
    .then(
      (out) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(out)),
      (err: unknown) => res.writeHead(500).end(String((err as Error)?.stack ?? err)),
    );
});
await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));

process.stdout.write(
  `${JSON.stringify({
    port: (control.address() as AddressInfo).port,
    version,
    secret,
    queue: deps.queue.driver,
  })}\n`,
);

stopOnSignal(async () => {
  control.close();
  await workers.close();
  await app.close();
}, cleanup);
