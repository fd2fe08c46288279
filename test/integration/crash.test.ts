// Crash recovery (issue): the real service, SIGKILLed with jobs running and webhook deliveries pending,
// started again on the same data directory. Every job must reach a terminal state (runs interrupted
// mid-way are taken over once their lease runs out, 30 s), every terminal event must reach the
// receiver at least once with a valid signature, and the seconds invariants must hold in the database.
//
// The child is test/support/crash-server.ts: `clipwright serve` plus a slow scripted render kind
// (steps of real sleeps) and the test-only job routes; the account and key come from the real CLI.
// SQLite project only: the child runs the default embedded topology (SQLite in the data directory).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectDb } from "../../src/db/connect.js";
import { Harness, idem, testDb } from "../../src/testutil/harness.js";
import { startWorkers } from "../../src/workers.js";
import { childEnv, cliAccountWithKey } from "../support/cli-process.js";
import { freePort, Receiver, ServiceProcess } from "../support/crash-harness.js";
import type { SlowScript } from "../support/crash-server.js";
import { secondsViolations } from "../support/property-invariants.js";
import { JOB_TEST_OPERATIONS, scriptedJob } from "../support/test-jobs.js";
import { waitFor } from "../support/wait.js";

const LEASE_MS = 30_000; // src/jobs/runner.ts and src/jobs/queue/embedded.ts
const RECOVERY_TIMEOUT_MS = 90_000; // lease (30 s) or first delivery retry (30–33 s), plus slack

const children = new Set<ServiceProcess>();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of children) c.signal("SIGKILL"); // by PID, only ours
  await Promise.all([...children].map((c) => c.exited));
  for (const fn of cleanups.reverse()) await fn();
});

const TERMINAL = new Set(["succeeded", "failed", "cancelled"]);
const until = (what: string, cond: () => boolean | Promise<boolean>, timeoutMs: number, detail = () => "") =>
  waitFor(cond, { what, timeoutMs, intervalMs: 100, detail });

// Three run at once (CLIPWRIGHT_WORKER_CONCURRENCY): 0 and 1 are long, so they are mid-run at the kill;
// the short ones go through the third slot one by one, so some are done, one runs, some wait.
const JOBS: { script: SlowScript; reserve: number; expect: string; note: string }[] = [
  {
    script: { steps: 40, stepMs: 250 },
    reserve: 60,
    expect: "cancelled",
    note: "long; cancel accepted just before the kill",
  },
  {
    script: { steps: 40, stepMs: 250, durationSeconds: 33.2 },
    reserve: 60,
    expect: "succeeded",
    note: "long; resumes",
  },
  { script: { steps: 4, stepMs: 250, durationSeconds: 5 }, reserve: 30, expect: "succeeded", note: "short" },
  { script: { steps: 4, stepMs: 250, durationSeconds: 80 }, reserve: 30, expect: "succeeded", note: "short, overlong" },
  { script: { steps: 4, stepMs: 250, outcome: "fail" }, reserve: 30, expect: "failed", note: "short, fails" },
  { script: { steps: 4, stepMs: 250, durationSeconds: 7.1 }, reserve: 30, expect: "succeeded", note: "short" },
  { script: { steps: 4, stepMs: 250, durationSeconds: 9 }, reserve: 30, expect: "succeeded", note: "short" },
  { script: { steps: 4, stepMs: 250, outcome: "fail" }, reserve: 30, expect: "failed", note: "short, fails" },
  { script: { steps: 4, stepMs: 250, durationSeconds: 1 }, reserve: 30, expect: "succeeded", note: "short" },
  { script: { steps: 4, stepMs: 250 }, reserve: 30, expect: "cancelled", note: "cancelled while queued" },
];

describe.skipIf(testDb() === "postgres")("crash: SIGKILL with jobs running and deliveries pending", () => {
  it(
    "restarts on the same data: every job settles, every terminal event is delivered, seconds balance",
    async () => {
      const t0 = Date.now();
      const dataDir = mkdtempSync(join(tmpdir(), "cw-crash-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const env = childEnv({
        CLIPWRIGHT_ENV: "test",
        CLIPWRIGHT_DATA_DIR: dataDir,
        CLIPWRIGHT_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
        CLIPWRIGHT_WORKER_CONCURRENCY: "3",
        CLIPWRIGHT_MAX_IN_FLIGHT: "50",
        CLIPWRIGHT_RATE_LIMITS: "read=100000,write=100000,charge=100000,expensive=100000,account=1000000",
      });

      // An account (Starter plan: 1,800 s) and an all-scopes key, through the real CLI.
      const { accountId, token } = await cliAccountWithKey(env, "crash");

      // The receiver: before the kill it refuses the first attempt of the 1st event (500, a retry is
      // scheduled 30 s later), takes the 2nd, and never answers the 3rd (in flight when the sender dies).
      const receiver = await Receiver.start();
      cleanups.push(() => receiver.close());
      let killed = false;
      const firstSeen: string[] = [];
      receiver.decide = (d) => {
        if (!firstSeen.includes(d.eventId)) firstSeen.push(d.eventId);
        if (killed) return 200;
        const nth = firstSeen.indexOf(d.eventId);
        if (nth === 0) return 500;
        if (nth === 2) return "hold";
        return 200;
      };

      const a = await ServiceProcess.start(await freePort(), dataDir, env);
      children.add(a);
      const hook = await a.request("POST", "/webhooks", token, {
        url: receiver.url,
        events: ["render.succeeded", "render.failed", "render.cancelled"],
      });
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);
      receiver.secret = hook.body.secret;

      const ids: string[] = [];
      for (const job of JOBS) {
        const res = await a.request("POST", "/_test/jobs", token, { reserveSeconds: job.reserve, script: job.script });
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        ids.push(res.body.id);
      }
      const last = ids.length - 1;
      const queuedCancel = await a.request("POST", `/_test/jobs/${ids[last]}/cancel`, token, {});
      expect(queuedCancel.status).toBe(200);
      expect(queuedCancel.body).toMatchObject({ removedFromQueue: true, resource: { state: "cancelled" } });

      const states = async (p: ServiceProcess) =>
        Promise.all(ids.map(async (id) => (await p.request("GET", `/_test/jobs/${id}`, token)).body.state as string));
      // Until three events reached the receiver (one refused, one taken, one held) and both long runs run.
      await until(
        "three events at the receiver and the long jobs running",
        async () => {
          if (firstSeen.length < 3) return false;
          const s = await states(a);
          return s[0] === "running" && s[1] === "running";
        },
        30_000,
        () => `${a.output()}\nreceived: ${JSON.stringify(receiver.received)}`,
      );
      // Accepted while running, then the process dies before the run reaches its next step boundary.
      const runningCancel = await a.request("POST", `/_test/jobs/${ids[0]}/cancel`, token, {});
      expect(runningCancel.status).toBe(200);
      expect(runningCancel.body.removedFromQueue).toBe(false);
      a.signal("SIGKILL");
      const exitA = await a.exited;
      killed = true;
      children.delete(a);
      expect(exitA.signal).toBe("SIGKILL");
      const killedAt = Date.now();

      // What the kill left behind, read from the database the dead process wrote.
      const snap = connectDb({ sqlitePath: join(dataDir, "clipwright.sqlite") });
      const atKill = await snap.kysely.selectFrom("jobs").selectAll().where("account_id", "=", accountId).execute();
      const tasksAtKill = await snap.kysely.selectFrom("tasks").selectAll().execute();
      const pendingAtKill = await snap.kysely
        .selectFrom("webhook_deliveries")
        .selectAll()
        .where("status", "=", "pending")
        .execute();
      const eventsAtKill = await snap.kysely.selectFrom("webhook_events").select("id").execute();
      await snap.close();
      const byId = new Map(atKill.map((j) => [j.id, j]));
      const midRun = ids.filter((id) => byId.get(id)?.state === "running");
      const queuedAtKill = ids.filter((id) => byId.get(id)?.state === "queued");
      const settledAtKill = ids.filter((id) => TERMINAL.has(byId.get(id)?.state ?? ""));
      const stepsA = a.stepsByJob();
      expect(midRun).toContain(ids[1]); // the long one (job 0 too, unless it saw its cancel before the kill)
      expect(pendingAtKill.length).toBeGreaterThanOrEqual(2); // the refused event's retry, the held attempt
      const leaseGaps = midRun.map((id) => {
        const task = tasksAtKill.find((t) => t.ref === id);
        const job = byId.get(id);
        return task?.lease_until && job?.lease_until
          ? Date.parse(job.lease_until) - Date.parse(task.lease_until)
          : null;
      });

      // Restart on the same data directory (another port: the old one may linger in TIME_WAIT).
      const b = await ServiceProcess.start(await freePort(), dataDir, env);
      children.add(b);
      const restartedAt = Date.now();
      let final: string[] = [];
      await until(
        "every job terminal and every terminal event delivered",
        async () => {
          final = await states(b);
          if (!final.every((s) => TERMINAL.has(s))) return false;
          const delivered = [...receiver.delivered().values()];
          return ids.every((id) => delivered.some((d) => d.jobId === id));
        },
        RECOVERY_TIMEOUT_MS,
        () =>
          `states: ${JSON.stringify(final)}\n${b.output()}\nreceived: ${JSON.stringify(receiver.received, null, 1)}`,
      );
      const recoveredAfterMs = Date.now() - killedAt;
      const stepsB = b.stepsByJob();

      // Stop it properly, then read what it left.
      b.signal("SIGTERM");
      const exitB = await b.exited;
      children.delete(b);
      expect(exitB.code).toBe(0);

      // 1. Every job terminal, as its script says; the interrupted ones were taken over (another attempt).
      expect(final).toEqual(JOBS.map((j) => j.expect));
      const db = connectDb({ sqlitePath: join(dataDir, "clipwright.sqlite") });
      cleanups.push(() => db.close());
      const after = await db.kysely.selectFrom("jobs").selectAll().where("account_id", "=", accountId).execute();
      const afterById = new Map(after.map((j) => [j.id, j]));
      const resumed = midRun.filter((id) => stepsB.has(id));
      for (const id of midRun) {
        const before = byId.get(id);
        const now = afterById.get(id);
        expect(now?.attempts, `job ${id} was taken over`).toBeGreaterThan(before?.attempts ?? 0);
        expect(now?.started_at).toBe(before?.started_at);
      }
      expect(resumed).toContain(ids[1]); // the long one ran again from the start and finished
      expect(stepsB.get(ids[0] as string)).toBeUndefined(); // the cancelled one stopped at its first boundary
      for (const id of queuedAtKill) expect(stepsB.has(id) || afterById.get(id)?.state === "cancelled").toBe(true);
      expect(afterById.get(ids[1] as string)?.seconds_charged).toBe(34); // ceil(33.2)
      expect(afterById.get(ids[3] as string)?.seconds_charged).toBe(30); // 80 s asked, 30 reserved

      // 2. Every terminal event delivered at least once, signature verified, deduplicated on the event id.
      const events = await db.kysely
        .selectFrom("webhook_events")
        .select(["id", "type", "body"])
        .where("account_id", "=", accountId)
        .execute();
      expect(events).toHaveLength(ids.length);
      const delivered = receiver.delivered();
      for (const ev of events) {
        const body = JSON.parse(ev.body) as { data: { id: string; state: string } };
        expect(ev.type).toBe(`render.${body.data.state}`);
        expect(delivered.get(ev.id), `event ${ev.id} (${ev.type}) delivered`).toMatchObject({
          eventType: ev.type,
          jobId: body.data.id,
          jobState: body.data.state,
        });
      }
      expect(receiver.received.filter((d) => !d.verified.ok)).toEqual([]);
      const succeededRows = await db.kysely
        .selectFrom("webhook_deliveries")
        .select(["event_id"])
        .where("status", "=", "succeeded")
        .execute();
      expect(new Set(succeededRows.map((r) => r.event_id))).toEqual(new Set(events.map((e) => e.id)));
      const deliveredAfterRestart = [...delivered.values()].filter((d) => d.at >= restartedAt).length;
      const duplicates = receiver.received.filter((d) => d.answer === 200).length - delivered.size;

      // 3. The seconds invariants: ledger sums = buckets, nothing left reserved, one settlement per job.
      const violations = await secondsViolations(db.kysely, [accountId], {
        eventFamily: "render",
        allSettled: true,
        expectations: new Map([[ids[0] as string, { cancelAccepted: true }]]),
      });
      expect(violations).toEqual([]);
      const wallet = await db.kysely
        .selectFrom("wallets")
        .selectAll()
        .where("account_id", "=", accountId)
        .executeTakeFirst();
      expect(wallet?.reserved_seconds).toBe(0);
      expect(after.filter((j) => !TERMINAL.has(j.state))).toEqual([]);

      console.log(
        `[crash] ${JSON.stringify({
          jobs: ids.length,
          settledAtKill: settledAtKill.length,
          midRunAtKill: midRun.length,
          queuedAtKill: queuedAtKill.length,
          resumedAfterRestart: resumed.length,
          ranInFirstProcess: stepsA.size,
          taskMinusJobLeaseMs: leaseGaps,
          eventsAtKill: eventsAtKill.length,
          pendingDeliveriesAtKill: pendingAtKill.length,
          events: events.length,
          deliveryRequests: receiver.received.length,
          delivered: delivered.size,
          deliveredAfterRestart,
          duplicateDeliveries: duplicates,
          recoveredAfterMs,
          totalMs: Date.now() - t0,
          final: Object.fromEntries(ids.map((id, i) => [i, afterById.get(id)?.state])),
        })}`,
      );
    },
    LEASE_MS + RECOVERY_TIMEOUT_MS + 60_000,
  );
});

// The race the crash test can hit now and then, made deterministic with the fake clock: the queue's
// task lease and the job's lease are renewed apart, so after a crash the task can be handed over a few
// ms before the job's lease ends. The run must not be dropped (before the fix in src/jobs/runner.ts the
// task was deleted and the job stayed running for ever).
describe("crash: a run handed over just before its job's lease ends", () => {
  it("is taken over, not dropped", async () => {
    const h = await Harness.start({
      extraOperations: JOB_TEST_OPERATIONS,
      jobDefinitions: [scriptedJob],
      workers: false,
    });
    try {
      const u = await h.user();
      const created = await h.request("POST", "/_test/jobs", {
        token: u.key,
        idempotencyKey: idem(),
        body: { reserveSeconds: 10 },
      });
      const t0 = h.clock.now().getTime();
      const at = (ms: number) => new Date(t0 + ms).toISOString();
      // The dead process claimed the task at t0 and took the job 5 ms later; neither lease was renewed.
      await h.db.kysely
        .updateTable("tasks")
        .set({ lease_until: at(LEASE_MS) })
        .execute();
      await h.db.kysely
        .updateTable("jobs")
        .set({ state: "running", attempts: 1, started_at: at(0), lease_until: at(LEASE_MS + 5) })
        .execute();
      h.clock.advance(LEASE_MS + 2); // the restarted worker polls between the two
      h.workers = startWorkers(h.deps);
      await h.drain();
      const job = (await h.request("GET", `/_test/jobs/${created.body.id}`, { token: u.key })).body;
      expect(job).toMatchObject({ state: "succeeded", cost: { secondsReserved: 10, secondsCharged: 10 } });
      expect(await secondsViolations(h.db.kysely, [u.id], { allSettled: true })).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
