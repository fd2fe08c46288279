// The fleet (issue 25): two `clipwright api` and two `clipwright worker` processes, each with its own
// data directory, on one PostgreSQL schema, Redis (BullMQ) and a local S3 server (s3rver), behind a
// round-robin client that skips a process that refuses connections, as a load balancer does. Then:
// 20 real walkthrough renders of the fixture site and 30 webhook test events are sent; one API process
// is stopped (SIGTERM) with requests in flight and started again; one worker is SIGKILLed mid-render
// and the other stopped (SIGTERM, a 2 s grace) mid-render, so its run is handed back; two fresh workers
// take over. Every render must end succeeded with its seconds settled exactly once, every file must
// download through both API processes, every event must arrive with a valid signature, and no request
// may answer 5xx.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectDb } from "../../src/db/connect.js";
import { testDb } from "../../src/testutil/harness.js";
import { childEnv, cliAccountWithKey, freshPgSchema } from "../support/cli-process.js";
import { freePort, Receiver } from "../support/crash-harness.js";
import { FleetProcess, type FleetRole } from "../support/fleet-process.js";
import { secondsViolations } from "../support/property-invariants.js";
import { S3RVER_CREDENTIALS, startS3Server } from "../support/s3-server.js";
import { startSite } from "../support/site-server.js";
import { waitFor } from "../support/wait.js";

const RENDERS = 20;
const TEST_EVENTS = 30;
/** API processes get time to answer what they hold; workers none, so a stopped worker always hands back. */
const API_GRACE_SECONDS = 10;
const WORKER_GRACE_SECONDS = 0;
/**
 * A render's percent when a worker is stopped under it: below it, the run has step boundaries ahead (it
 * composes until 95 %). Two workers' renders of one storyboard are both below it most of the time.
 */
const EARLY_PERCENT = 75;

const processes = new Set<FleetProcess>();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const p of processes) p.signal("SIGKILL"); // by PID, only ours
  await Promise.all([...processes].map((p) => p.exited));
  for (const fn of cleanups.reverse()) await fn();
});

/** What every request of the test answered, for the "no 5xx" check. */
interface Answered {
  method: string;
  path: string;
  api: string;
  status: number;
}

/**
 * The load balancer: each request goes to the next API process; one that refuses the connection (it is
 * stopping, or down) is skipped and the request sent to the next. A request that broke mid-way is sent
 * again with the same Idempotency-Key, which makes that safe.
 */
class RoundRobin {
  private next = 0;
  readonly answered: Answered[] = [];
  readonly skipped: string[] = [];
  constructor(
    readonly apis: FleetProcess[],
    private readonly token: string,
  ) {}

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = {};
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      headers["idempotency-key"] = `fleet-${randomBytes(8).toString("hex")}`;
    }
    for (let tries = 0; tries < 20; tries++) {
      const api = this.apis[this.next++ % this.apis.length] as FleetProcess;
      const answer = await this.sendTo(api, method, path, headers, body);
      if (answer) return answer;
      this.skipped.push(api.name);
      await new Promise((r) => setTimeout(r, 50)); // both down for a moment: wait, as a balancer's retry does
    }
    throw new Error(`no API process took ${method} ${path}`);
  }

  /** One API process answers it (or null when it would not take the connection). */
  async sendTo(api: FleetProcess, method: string, path: string, extra: Record<string, string> = {}, body?: unknown) {
    const headers = { authorization: `Bearer ${this.token}`, ...extra };
    try {
      const res = await fetch(`${api.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      this.answered.push({ method, path, api: api.name, status: res.status });
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    } catch {
      return null;
    }
  }
}

describe.skipIf(testDb() !== "postgres" || !process.env.REDIS_URL)("fleet: 2 API and 2 worker processes", () => {
  it(
    "loses nothing through a SIGKILLed worker, a worker's drain and an API's restart",
    async () => {
      const t0 = Date.now();
      const schema = await freshPgSchema(process.env.DATABASE_URL as string);
      cleanups.push(() => schema.drop());
      const s3 = await startS3Server(`fleet-${randomBytes(4).toString("hex")}`);
      cleanups.push(() => s3.close());
      const site = await startSite();
      cleanups.push(() => site.close());
      const receiver = await Receiver.start();
      cleanups.push(() => receiver.close());
      receiver.decide = () => 200;

      const shared = {
        CLIPWRIGHT_ENV: "test",
        DATABASE_URL: schema.url,
        REDIS_URL: process.env.REDIS_URL as string,
        CLIPWRIGHT_STORAGE: "s3",
        CLIPWRIGHT_S3_BUCKET: s3.bucket,
        CLIPWRIGHT_S3_ENDPOINT: s3.endpoint,
        CLIPWRIGHT_S3_PATH_STYLE: "true",
        AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        // Every process seals and opens the same secrets (webhook signing keys, demo passwords).
        CLIPWRIGHT_VAULT_KEY: randomBytes(32).toString("base64"),
        CLIPWRIGHT_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
        CLIPWRIGHT_WORKER_CONCURRENCY: "1",
        CLIPWRIGHT_MAX_IN_FLIGHT: "50",
        CLIPWRIGHT_RATE_LIMITS: "read=100000,write=100000,charge=100000,expensive=100000,account=1000000",
      };
      /** Each process has a data directory of its own: nothing a worker writes to disk is shared. */
      const envFor = (name: string, role: FleetRole | "cli") => {
        const dataDir = mkdtempSync(join(tmpdir(), `cw-fleet-${name}-`));
        cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
        const grace = role === "worker" ? WORKER_GRACE_SECONDS : API_GRACE_SECONDS;
        return childEnv({ ...shared, CLIPWRIGHT_DATA_DIR: dataDir, CLIPWRIGHT_DRAIN_GRACE_SECONDS: String(grace) });
      };
      const start = async (name: string, role: FleetRole, port = 0, metricsPort = 0) => {
        const env = envFor(name, role);
        if (metricsPort) env.CLIPWRIGHT_METRICS_PORT = String(metricsPort);
        const p = await FleetProcess.start(name, role, port || (await freePort()), env);
        processes.add(p);
        return p;
      };
      const stopped = async (p: FleetProcess) => {
        const exit = await p.exited;
        processes.delete(p);
        return exit;
      };

      // The first API process creates the schema; the rest start beside each other.
      const [apiMetricsPort, workerMetricsPort] = [await freePort(), await freePort()];
      const apiA = await start("api-a", "api");
      const [apiB, worker1, worker2] = await Promise.all([
        start("api-b", "api", 0, apiMetricsPort),
        start("worker-1", "worker"),
        start("worker-2", "worker"),
      ]);
      const { accountId, token } = await cliAccountWithKey(envFor("cli", "cli"), "fleet");
      const lb = new RoundRobin([apiA, apiB], token);
      const db = connectDb({ databaseUrl: schema.url });
      cleanups.push(() => db.close());
      const jobRows = () => db.kysely.selectFrom("jobs").selectAll().where("account_id", "=", accountId).execute();

      const hook = await lb.request("POST", "/webhooks", {
        url: receiver.url,
        events: ["storyboard.succeeded", "storyboard.failed", "render.succeeded", "render.failed", "render.cancelled"],
      });
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);
      receiver.secret = hook.body.secret;
      const endpointId = hook.body.endpoint.id as string;

      // One plan of the fixture site; twenty renders of it (30 s each, the shortest a walkthrough may be).
      const planned = await lb.request("POST", "/storyboards", {
        url: `${site.url}/`,
        targetSeconds: 30,
        orientation: "square", // fewer pixels to encode than landscape: the test is about the fleet
      });
      expect(planned.status, JSON.stringify(planned.body)).toBe(202);
      const storyboardId = planned.body.id as string;
      await waitFor(async () => (await lb.request("GET", `/storyboards/${storyboardId}`)).body.state === "succeeded", {
        what: "the storyboard to be planned",
        timeoutMs: 120_000,
        intervalMs: 250,
      });

      const renderIds: string[] = [];
      const submitRender = async () => {
        const res = await lb.request("POST", `/storyboards/${storyboardId}/renders`, {});
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        renderIds.push(res.body.resource.id);
      };
      const sendTest = async () => {
        const res = await lb.request("POST", `/webhooks/${endpointId}/test`, {});
        expect(res.status, JSON.stringify(res.body)).toBe(202);
      };
      for (let i = 0; i < RENDERS / 2; i++) await Promise.all([submitRender(), sendTest()]);

      // API A stops with requests on their way to it, and comes back on the same port.
      const beforeStop = lb.answered.length;
      apiA.signal("SIGTERM");
      await Promise.all([submitRender(), sendTest(), submitRender(), sendTest()]);
      const exitA = await stopped(apiA);
      // Requests that reached api-a after its SIGTERM were answered by it (on connections already open).
      const answeredWhileStopping = lb.answered.slice(beforeStop).filter((a) => a.api === "api-a").length;
      expect(exitA, apiA.output()).toEqual({ code: 0, signal: null });
      for (let i = 2; i < RENDERS / 2; i++) await Promise.all([submitRender(), sendTest()]);
      const apiA2 = await start("api-a2", "api", apiA.port);
      lb.apis[0] = apiA2;
      for (let i = RENDERS; i < TEST_EVENTS; i++) await sendTest();
      expect(renderIds).toHaveLength(RENDERS);

      // Both workers mid-render: worker 1 dies at once, worker 2 is stopped and hands its run back. Both
      // runs must be well short of their end: a run past its last step boundary (storing its files) finishes
      // rather than go back, which is right, but would leave nothing to hand back.
      const runningEarly = async () => {
        const rows = (await jobRows()).filter((j) => j.kind === "walkthrough.render" && j.state === "running");
        const early = rows.every((j) => (j.progress_percent ?? 0) < EARLY_PERCENT);
        return rows.length === 2 && early ? rows.map((j) => j.id) : null;
      };
      const busy = await waitFor(runningEarly, {
        what: "two renders running, one on each worker, both short of their end",
        timeoutMs: 180_000,
        intervalMs: 100,
      });
      worker1.signal("SIGKILL");
      expect((await stopped(worker1)).signal).toBe("SIGKILL");
      worker2.signal("SIGTERM");
      expect(await stopped(worker2), worker2.output()).toEqual({ code: 0, signal: null });
      const afterStop = await jobRows();
      const handedBack = afterStop.filter((j) => j.internal_status === "handed_back");
      const stranded = afterStop.filter((j) => j.kind === "walkthrough.render" && j.state === "running");
      // Worker 2's run went back to the queue without counting as an attempt; worker 1's is left running
      // until its lease runs out.
      const seen = JSON.stringify(
        afterStop.filter((j) => busy.includes(j.id)).map((j) => [j.state, j.attempts, j.internal_status]),
      );
      expect(
        handedBack.map((j) => [j.state, j.attempts]),
        seen,
      ).toEqual([["queued", 0]]);
      expect(stranded, seen).toHaveLength(1);
      const lost = stranded[0];
      expect(busy.sort()).toEqual([lost?.id, handedBack[0]?.id].sort());

      const worker3 = await start("worker-3", "worker", 0, workerMetricsPort);
      const worker4 = await start("worker-4", "worker");
      let final = await jobRows();
      await waitFor(
        async () => {
          final = await jobRows();
          return renderIds.every((id) =>
            ["succeeded", "failed", "cancelled"].includes(final.find((j) => j.id === id)?.state ?? ""),
          );
        },
        {
          what: "every render to finish",
          timeoutMs: 12 * 60_000,
          intervalMs: 1000,
          detail: () =>
            `${JSON.stringify(final.map((j) => [j.id.slice(-6), j.state, j.attempts, j.internal_status]))}\n${worker3.output()}\n${worker4.output()}`,
        },
      );
      const renders = final.filter((j) => renderIds.includes(j.id));
      expect(
        renders.map((j) => j.state),
        JSON.stringify(renders.map((j) => [j.state, j.error_code, j.error_reason])),
      ).toEqual(renderIds.map(() => "succeeded"));
      expect(final.find((j) => j.id === lost?.id)?.attempts).toBe(2); // taken over after worker 1 died

      // Seconds: one reservation and one settlement per job, the ledger equal to the wallet.
      const violations = await secondsViolations(db.kysely, [accountId], { eventFamily: null, allSettled: true });
      expect(violations).toEqual([]);
      const charges = await db.kysely
        .selectFrom("ledger_entries")
        .select(["job_id", "type"])
        .where("account_id", "=", accountId)
        .where("job_id", "in", renderIds)
        .execute();
      const count = (type: string, id: string) => charges.filter((c) => c.type === type && c.job_id === id).length;
      expect(renderIds.map((id) => [count("reservation", id), count("charge", id)])).toEqual(
        renderIds.map(() => [1, 1]),
      );
      const settledOnce = renderIds.filter((id) => count("charge", id) === 1).length;

      // Every file, through either API process: the answer points at the object store (presigned).
      let downloads = 0;
      for (const id of renderIds) {
        const envelope = (await lb.request("GET", `/renders/${id}`)).body;
        const video = envelope.result.artifacts.find((a: { type: string }) => a.type === "video");
        for (const api of [apiA2, apiB]) {
          const dl = await lb.sendTo(api, "GET", `/renders/${id}/download`);
          expect(dl?.status).toBe(200);
          expect(dl?.body.url.startsWith(s3.endpoint), dl?.body.url).toBe(true);
          const file = Buffer.from(await (await fetch(dl?.body.url)).arrayBuffer());
          expect(file.length).toBe(video.bytes);
          expect(createHash("sha256").update(file).digest("hex")).toBe(video.sha256);
          downloads += 1;
        }
      }

      // Every event delivered, signature checked, and the delivery log says so.
      const events = await db.kysely
        .selectFrom("webhook_events")
        .select(["id", "type"])
        .where("account_id", "=", accountId)
        .execute();
      await waitFor(() => events.every((e) => receiver.delivered().has(e.id)), {
        what: "every event delivered",
        timeoutMs: 60_000,
        intervalMs: 100,
      });
      expect(events.length).toBeGreaterThanOrEqual(RENDERS + TEST_EVENTS);
      expect(receiver.received.filter((d) => !d.verified.ok)).toEqual([]);

      // No request answered 5xx (a stopping API answers what reaches it; none was refused).
      expect(lb.answered.filter((a) => a.status >= 500)).toEqual([]);
      // Each process's own counters on its metrics port: the API's answers, the worker's render runs.
      const scrape = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const apiMetrics = await scrape(apiMetricsPort);
      const workerMetrics = await scrape(workerMetricsPort);
      const runs = /clipwright_job_run_duration_seconds_count\{kind="walkthrough.render",outcome="succeeded"\} (\d+)/;
      expect(Number(workerMetrics.match(runs)?.[1] ?? 0)).toBeGreaterThan(0);
      expect(apiMetrics).toMatch(
        /clipwright_http_request_duration_seconds_count\{operation="renders.createFromStoryboard"/,
      );
      const excerpt = [...apiMetrics.split("\n"), ...workerMetrics.split("\n")].filter((l) =>
        /^clipwright_(job_run_duration_seconds_count|job_realtime_ratio_(sum|count)|queue_depth|jobs_active|webhook_delivery_attempts_total|browser_launches_total|tts_speech_seconds_total|http_request_duration_seconds_count\{operation="renders.createFromStoryboard")/.test(
          l,
        ),
      );
      console.log(`[fleet] /metrics excerpt (api-b, then worker-3):\n${excerpt.join("\n")}`);
      console.log(
        `[fleet] ${JSON.stringify({
          renders: renders.length,
          testEvents: TEST_EVENTS,
          events: events.length,
          deliveries: receiver.received.length,
          killed: 1,
          handedBack: handedBack.length,
          apiRestarts: 1,
          requests: lb.answered.length,
          answeredWhileStopping,
          skippedWhileDown: lb.skipped.length,
          settledOnce,
          downloads,
          totalMs: Date.now() - t0,
        })}`,
      );
      for (const p of [apiA2, apiB, worker3, worker4]) p.signal("SIGTERM");
      for (const p of [apiA2, apiB, worker3, worker4]) expect(await stopped(p)).toEqual({ code: 0, signal: null });
    },
    20 * 60_000,
  );
});
