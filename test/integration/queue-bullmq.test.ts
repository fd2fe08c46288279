import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/app.js";
import { defineJob } from "../../src/jobs/definition.js";
import { BullQueue } from "../../src/jobs/queue/bullmq.js";
import { requeueStranded } from "../../src/jobs/sweeper.js";
import { MOUNTED } from "../../src/mounted-operations.js";
import { Harness, idem, testDb } from "../../src/testutil/harness.js";
import { startWorkers, type Workers } from "../../src/workers.js";
import { gate, JOB_TEST_OPERATIONS, scriptedJob } from "../support/test-jobs.js";
import { waitFor, within } from "../support/wait.js";

// The scale-out topology: PostgreSQL + BullMQ on Redis. Only where both are configured.
const scaleOut = testDb() === "postgres" && Boolean(process.env.REDIS_URL);

// Retries without waiting: BullMQ delays run on the real clock.
const quickRetry = defineJob({ ...scriptedJob, retryDelayMs: () => 0 } as Parameters<typeof defineJob>[0]);

describe.runIf(scaleOut)("BullMQ queue driver: api and worker as separate processes", () => {
  let api: Harness;
  let worker: App;
  let workers: Workers;
  let key: string;

  beforeAll(async () => {
    // The API side enqueues and never runs jobs…
    api = await Harness.start({
      extraOperations: JOB_TEST_OPERATIONS,
      jobDefinitions: [quickRetry],
      queueDriver: "bullmq",
      workers: false,
      rateStore: "memory",
    });
    // …a second service on the same database takes them from Redis, as `clipwright worker` does.
    worker = await buildApp({
      config: api.deps.config,
      clock: api.clock,
      db: api.db,
      operations: MOUNTED,
      jobDefinitions: [quickRetry],
      queue: new BullQueue(process.env.REDIS_URL as string, api.clock, api.bullPrefix),
    });
    workers = startWorkers(worker.deps);
    key = (await api.user({ topupSeconds: 1000 })).key;
  });
  afterAll(async () => {
    await workers?.close();
    await worker?.app.close();
    await api?.close();
  });

  const create = (script: object) =>
    api.request("POST", "/_test/jobs", { token: key, idempotencyKey: idem(), body: { reserveSeconds: 30, script } });
  const get = (id: string) => api.request("GET", `/_test/jobs/${id}`, { token: key });
  /** The job as the API process reads it, once the worker process has taken it to one of `states`. */
  const until = async (id: string, states: string[]) => {
    let last = "";
    return waitFor(
      async () => {
        const job = (await get(id)).body;
        last = job.state;
        return states.includes(job.state) ? job : null;
      },
      { what: `job ${id} to reach ${states.join(" or ")}`, intervalMs: 20, detail: () => `last state: ${last}` },
    );
  };

  it("runs a job created by the API process in the worker process, settling its seconds", async () => {
    const created = await create({ durationSeconds: 12 });
    expect(created.status).toBe(202);
    const done = await until(created.body.id, ["succeeded"]);
    expect(done.cost).toEqual({ secondsReserved: 30, secondsCharged: 12, watermark: false });
  });

  it("retries a retryable failure through BullMQ and succeeds", async () => {
    const created = await create({ outcome: "retryable-once" });
    const done = await until(created.body.id, ["succeeded", "failed"]);
    expect(done.state).toBe("succeeded");
  });

  it("cancels a running job at its next step boundary across processes", async () => {
    const g = gate("bull-running");
    const created = await create({ gate: "bull-running", progress: [10, 20] });
    await within(g.arrived, { what: "the worker process to run the job up to its gate" });
    const res = await api.request("POST", `/_test/jobs/${created.body.id}/cancel`, {
      token: key,
      idempotencyKey: idem(),
      body: {},
    });
    expect(res.body.removedFromQueue).toBe(false);
    g.open();
    expect((await until(created.body.id, ["cancelled", "succeeded"])).state).toBe("cancelled");
  });

  it("adds again a run lost between the job's commit and Redis (a process died in between)", async () => {
    const created = await create({});
    await until(created.body.id, ["succeeded"]);
    // Make a job that committed but whose run never reached Redis.
    const stranded = {
      ...(await api.db.kysely
        .selectFrom("jobs")
        .selectAll()
        .where("id", "=", created.body.id)
        .executeTakeFirstOrThrow()),
    };
    const id = "01900000-0000-7000-8000-00000000beef";
    const old = new Date(api.clock.now().getTime() - 120_000).toISOString();
    await api.db.kysely
      .insertInto("jobs")
      .values({
        ...stranded,
        id,
        state: "queued",
        internal_status: "queued",
        result: null,
        seconds_charged: null,
        seconds_reserved: 0,
        finished_at: null,
        started_at: null,
        expires_at: null,
        attempts: 0,
        idempotency_key: null,
        updated_at: old,
      })
      .execute();
    expect(await requeueStranded(worker.deps)).toBe(1);
    expect((await until(id, ["succeeded"])).state).toBe("succeeded");
  });

  it("takes a queued job out of BullMQ when cancelled before a worker starts it", async () => {
    await workers.close(); // no worker: the run waits in Redis
    const created = await create({});
    const res = await api.request("POST", `/_test/jobs/${created.body.id}/cancel`, {
      token: key,
      idempotencyKey: idem(),
      body: {},
    });
    expect(res.body).toMatchObject({ removedFromQueue: true, resource: { state: "cancelled" } });
    const queue = new BullQueue(process.env.REDIS_URL as string, api.clock, api.bullPrefix);
    expect(await queue.remove(created.body.id)).toBe(false); // already gone from Redis
    await queue.close();
    workers = startWorkers(worker.deps);
  });
});
