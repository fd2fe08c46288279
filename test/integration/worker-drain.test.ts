import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness, idem } from "../../src/testutil/harness.js";
import { startWorkers } from "../../src/workers.js";
import { gate, JOB_TEST_OPERATIONS, scriptedJob } from "../support/test-jobs.js";
import { within } from "../support/wait.js";

// A stopping worker (decision 0043): runs that finish within the grace period finish; past it they are
// handed back to the queue (queued, not an attempt, seconds still held) and the next worker runs them
// from the start and settles them once. The fleet test does the same across processes on BullMQ.
let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
beforeAll(async () => {
  h = await Harness.start({ extraOperations: JOB_TEST_OPERATIONS, jobDefinitions: [scriptedJob], rateStore: "memory" });
  user = await h.user({ topupSeconds: 5000 });
});
afterAll(() => h.close());

const create = async (gateName: string) => {
  const res = await h.request("POST", "/_test/jobs", {
    token: user.key,
    idempotencyKey: idem(),
    body: { reserveSeconds: 20, script: { progress: [10, 50, 90], gate: gateName, durationSeconds: 12.5 } },
  });
  expect(res.status).toBe(202);
  return res.body.id as string;
};
const job = (id: string) => h.db.kysely.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const ledger = (id: string) =>
  h.db.kysely.selectFrom("ledger_entries").select("type").where("job_id", "=", id).orderBy("created_at").execute();
const reserved = async () => (await h.request("GET", "/wallet", { token: user.key })).body.reservedSeconds;

describe("a stopping worker", () => {
  it("lets a run finish within the grace period, and takes no new one", async () => {
    const g = gate("drain-finishes");
    const id = await create("drain-finishes");
    await within(g.arrived, { what: "the run to reach its gate" });
    const closing = (h.workers as NonNullable<Harness["workers"]>).close(60_000);
    const waiting = await create("never-reached"); // submitted while the worker stops: it stays queued
    g.open();
    await closing;
    expect(await job(id)).toMatchObject({ state: "succeeded", attempts: 1, seconds_charged: 13 });
    expect(await job(waiting)).toMatchObject({ state: "queued", attempts: 0 });
    h.workers = startWorkers(h.deps);
    gate("never-reached").open();
    await h.drain();
    expect(await job(waiting)).toMatchObject({ state: "succeeded", attempts: 1 });
  });

  it("hands a run back past the grace period; the next worker runs it from the start and settles it once", async () => {
    const g = gate("drain-hands-back");
    const id = await create("drain-hands-back");
    await within(g.arrived, { what: "the run to reach its gate" });
    expect(await job(id)).toMatchObject({ state: "running", attempts: 1, progress_percent: 10 });
    await (h.workers as NonNullable<Harness["workers"]>).close(0);

    const back = await job(id);
    expect(back).toMatchObject({ state: "queued", internal_status: "handed_back", attempts: 0, lease_until: null });
    expect(await reserved()).toBe(20); // still held: nothing settled, nothing charged
    expect((await ledger(id)).map((e) => e.type)).toEqual(["reservation"]);
    const tasks = await h.db.kysely.selectFrom("tasks").select("ref").where("ref", "=", id).execute();
    expect(tasks).toHaveLength(1); // a new run waits for the next worker
    const envelope = await h.request("GET", `/_test/jobs/${id}`, { token: user.key });
    expect(envelope.body).toMatchObject({ state: "queued", internalStatus: "handed_back" });

    const again = gate("drain-hands-back"); // the rerun starts from the first step and reaches the gate again
    h.workers = startWorkers(h.deps);
    await within(again.arrived, { what: "the rerun to reach its gate" });
    again.open();
    await h.drain();
    expect(await job(id)).toMatchObject({ state: "succeeded", attempts: 1, seconds_charged: 13 });
    expect((await ledger(id)).map((e) => e.type)).toEqual(["reservation", "charge", "release"]); // 13 of the 20 charged, once
    expect(await reserved()).toBe(0);
  });
});
