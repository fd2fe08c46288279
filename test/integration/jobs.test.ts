import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../src/contract/error-codes.js";
import { sweepExpiredArtifacts } from "../../src/jobs/sweeper.js";
import { Harness, idem } from "../../src/testutil/harness.js";
import { type Gate, gate, JOB_TEST_OPERATIONS, type Script, scriptedJob } from "../support/test-jobs.js";
import { within } from "../support/wait.js";

let h: Harness;
let user: Awaited<ReturnType<Harness["user"]>>;
beforeAll(async () => {
  h = await Harness.start({ extraOperations: JOB_TEST_OPERATIONS, jobDefinitions: [scriptedJob], rateStore: "memory" });
  user = await h.user({ topupSeconds: 5000 }); // top-ups never lapse: tests move the clock by weeks
});
afterAll(() => h.close());

const create = (reserveSeconds: number, script: Script = {}, token = user.key, key = idem()) =>
  h.request("POST", "/_test/jobs", { token, idempotencyKey: key, body: { reserveSeconds, script } });
const get = (id: string, token = user.key) => h.request("GET", `/_test/jobs/${id}`, { token });
const cancel = (id: string, token = user.key) =>
  h.request("POST", `/_test/jobs/${id}/cancel`, { token, idempotencyKey: idem(), body: {} });
const wallet = async (token = user.key) => (await h.request("GET", "/wallet", { token })).body;
/** Until the scripted run reached its gate: it is running, held after its first step. */
const held = (g: Gate) => within(g.arrived, { what: "the scripted run to reach its gate" });

const ENVELOPE_FIELDS = [
  "artifactsExpired",
  "cancellable",
  "cost",
  "createdAt",
  "error",
  "expiresAt",
  "finishedAt",
  "id",
  "idempotencyKey",
  "internalStatus",
  "kind",
  "pollAfterMs",
  "progress",
  "requestId",
  "result",
  "stage",
  "startedAt",
  "state",
];

describe("job envelope and settlement", () => {
  it("creates a queued job (202, Location), reserving its seconds, with all 18 fields", async () => {
    const before = await wallet();
    const key = idem();
    const res = await h.request("POST", "/_test/jobs", {
      token: user.key,
      idempotencyKey: key,
      body: { reserveSeconds: 60 },
      headers: { "x-request-id": "req-created-1" },
    });
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/api/v1/_test/jobs/${res.body.id}`);
    expect(Object.keys(res.body).sort()).toEqual(ENVELOPE_FIELDS);
    expect(res.body).toMatchObject({
      kind: "walkthrough.render",
      state: "queued",
      progress: null,
      error: null,
      result: null,
      cost: { secondsReserved: 60, secondsCharged: null, watermark: false },
      artifactsExpired: false,
      cancellable: true,
      idempotencyKey: key,
      requestId: "req-created-1",
      startedAt: null,
      finishedAt: null,
      pollAfterMs: 2000,
    });
    expect((await wallet()).reservedSeconds).toBe(before.reservedSeconds + 60);
    await h.drain();
  });

  it("runs to succeeded: charges the real length (rounded up), releases the rest, signs artifact URLs", async () => {
    const before = await wallet();
    const created = await create(60, { durationSeconds: 42.3 });
    await h.drain();
    const job = (await get(created.body.id)).body;
    expect(job).toMatchObject({
      state: "succeeded",
      progress: null,
      stage: null,
      cancellable: false,
      pollAfterMs: null,
      error: null,
    });
    expect(job.cost).toEqual({ secondsReserved: 60, secondsCharged: 43, watermark: false });
    expect(job.result.durationSeconds).toBe(42.3);
    const [artifact] = job.result.artifacts;
    expect(artifact).toMatchObject({
      type: "video",
      bytes: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const file = await h.app.inject({ method: "GET", url: artifact.url.replace(h.deps.config.publicUrl, "") });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(`fake video of ${job.id}`);
    expect(Date.parse(job.expiresAt) - Date.parse(job.finishedAt)).toBe(30 * 86_400_000);
    const after = await wallet();
    expect(after.reservedSeconds).toBe(before.reservedSeconds);
    expect(after.availableSeconds).toBe(before.availableSeconds - 43);
    const ledger = (await h.request("GET", "/wallet/ledger?limit=3", { token: user.key })).body.data;
    expect(ledger.map((e: { type: string; jobId: string }) => [e.type, e.jobId])).toEqual([
      ["release", job.id],
      ["charge", job.id],
      ["reservation", job.id],
    ]);
    expect(ledger[1].deltas).toEqual({ planSeconds: -43, paygSeconds: 0, freeSeconds: 0, reservedSeconds: -43 });
    expect(ledger[0].deltas.reservedSeconds).toBe(-17);
  });

  it("shows a run's finer status as internalStatus once it succeeded (a degraded scan)", async () => {
    const plain = await create(60, { durationSeconds: 3 });
    const degraded = await create(60, { durationSeconds: 3, internalStatus: "succeeded_degraded" });
    await h.drain();
    expect((await get(plain.body.id)).body).toMatchObject({ state: "succeeded", internalStatus: "succeeded" });
    expect((await get(degraded.body.id)).body).toMatchObject({
      state: "succeeded",
      internalStatus: "succeeded_degraded",
    });
  });

  it("refuses a tampered or expired artifact URL", async () => {
    const created = await create(10);
    await h.drain();
    const url: string = (await get(created.body.id)).body.result.artifacts[0].url.replace(h.deps.config.publicUrl, "");
    expect((await h.app.inject({ method: "GET", url: url.replace("video.mp4", "other.mp4") })).statusCode).toBe(404);
    h.clock.advance(3601_000);
    expect((await h.app.inject({ method: "GET", url })).statusCode).toBe(404);
    h.clock.advance(-3601_000);
  });

  it("keeps progress from ever going down, and null once terminal", async () => {
    const g = gate("progress");
    const created = await create(10, { progress: [40, 20, 90], gate: "progress" });
    void h.drain();
    await held(g);
    expect((await get(created.body.id)).body.progress).toMatchObject({ stage: "step-1", percent: 40 });
    g.open();
    await h.drain();
    const done = (await get(created.body.id)).body;
    expect(done.progress).toBeNull();
    // The report of 20 after 40 was ignored where progress is stored.
    expect(done.state).toBe("succeeded");
  });

  it("never lowers stored progress, whatever order reports arrive in", async () => {
    const g = gate("order");
    const created = await create(10, { progress: [70, 10], gate: "order" });
    void h.drain();
    await held(g);
    const { recordProgress } = await import("../../src/jobs/store.js");
    await recordProgress(h.db.kysely, created.body.id, "late", 30, h.clock.now());
    expect((await get(created.body.id)).body.progress.percent).toBe(70);
    await recordProgress(h.db.kysely, created.body.id, "ahead", 85, h.clock.now());
    expect((await get(created.body.id)).body.progress).toMatchObject({ stage: "ahead", percent: 85 });
    g.open();
    await h.drain();
  });

  it("settles a non-retryable failure at once, releasing everything", async () => {
    const before = await wallet();
    const created = await create(30, { outcome: "fail" });
    await h.drain();
    const job = (await get(created.body.id)).body;
    expect(job).toMatchObject({ state: "failed", result: null, cost: { secondsReserved: 30, secondsCharged: 0 } });
    expect(job.error).toEqual({
      code: "render_failed",
      reason: "the script said so",
      retryable: false,
      terminal: true,
    });
    expect((await wallet()).availableSeconds).toBe(before.availableSeconds);
  });

  it("runs a retryable failure again after its delay, and succeeds", async () => {
    const created = await create(30, { outcome: "retryable-once" });
    await h.drain();
    const waiting = (await get(created.body.id)).body;
    expect(waiting).toMatchObject({ state: "queued", internalStatus: "retry_scheduled" });
    h.clock.advance(5000);
    await h.drain();
    expect((await get(created.body.id)).body.state).toBe("succeeded");
  });

  it("fails a job whose retryable failures use up its attempts, flagged retryable", async () => {
    const created = await create(30, { outcome: "retryable" });
    for (let i = 0; i < 3; i++) {
      await h.drain();
      h.clock.advance(5000);
    }
    await h.drain();
    const job = (await get(created.body.id)).body;
    expect(job.state).toBe("failed");
    expect(job.error).toMatchObject({ code: "capture_timeout", retryable: true, terminal: true });
  });

  it("turns an unexpected crash of the run into a retryable internal_error, never a lost job", async () => {
    const created = await create(5, { outcome: "crash" });
    for (let i = 0; i < 3; i++) {
      await h.drain();
      h.clock.advance(5000);
    }
    expect((await get(created.body.id)).body.error).toMatchObject({ code: "internal_error", retryable: true });
  });
});

describe("refusals at create", () => {
  it("answers 402 insufficient_seconds with needed and available, creating nothing", async () => {
    const poor = await h.user({ planId: undefined, paid: false, topupSeconds: 20 });
    const jobsBefore = await h.db.kysely.selectFrom("jobs").select("id").execute();
    const res = await create(100, {}, poor.key);
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: "insufficient_seconds", details: { needed: 100, available: 20 } });
    expect(await h.db.kysely.selectFrom("jobs").select("id").execute()).toHaveLength(jobsBefore.length);
    expect((await wallet(poor.key)).reservedSeconds).toBe(0);
  });

  it("answers 409 too_many_in_flight at the ceiling (three by default)", async () => {
    const busy = await h.user();
    const g = gate("busy");
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await create(10, { gate: "busy" }, busy.key)).body.id);
    const fourth = await create(10, {}, busy.key);
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toMatchObject({ code: "too_many_in_flight", details: { limit: 3, inFlight: 3 } });
    g.open();
    await h.drain();
    expect((await create(10, {}, busy.key)).status).toBe(202);
    await h.drain();
  });

  it("answers 200 with the existing job when the idempotency claim has expired but the job is known", async () => {
    const key = idem();
    const first = await create(10, {}, user.key, key);
    await h.drain();
    h.clock.advance(25 * 3600_000);
    const again = await create(10, {}, user.key, key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.location).toBe(first.headers.location);
    h.clock.advance(-25 * 3600_000);
  });

  it("hides another account's job: 404", async () => {
    const other = await h.user();
    const created = await create(10);
    expect((await get(created.body.id, other.key)).status).toBe(404);
    expect((await cancel(created.body.id, other.key)).status).toBe(404);
    await h.drain();
  });
});

describe("cancellation", () => {
  it("cancels a queued job at once, taking it out of the queue and releasing its seconds", async () => {
    const paused = await Harness.start({
      extraOperations: JOB_TEST_OPERATIONS,
      jobDefinitions: [scriptedJob],
      workers: false,
    });
    try {
      const u = await paused.user();
      const created = await paused.request("POST", "/_test/jobs", {
        token: u.key,
        idempotencyKey: idem(),
        body: { reserveSeconds: 40 },
      });
      const res = await paused.request("POST", `/_test/jobs/${created.body.id}/cancel`, {
        token: u.key,
        idempotencyKey: idem(),
        body: {},
      });
      expect(res.status).toBe(200);
      expect(res.body.removedFromQueue).toBe(true);
      expect(res.body.resource).toMatchObject({ state: "cancelled", cancellable: false, cost: { secondsCharged: 0 } });
      expect((await paused.request("GET", "/wallet", { token: u.key })).body.reservedSeconds).toBe(0);
      const tasks = await paused.db.kysely.selectFrom("tasks").select("id").execute();
      expect(tasks).toHaveLength(0);
    } finally {
      await paused.close();
    }
  });

  it("stops a running job at its next step boundary", async () => {
    const g = gate("running");
    const created = await create(20, { progress: [10, 20, 30], gate: "running" });
    void h.drain();
    await held(g);
    const res = await cancel(created.body.id);
    expect(res.status).toBe(200);
    expect(res.body.removedFromQueue).toBe(false);
    expect(res.body.resource.state).toBe("running");
    g.open();
    await h.drain();
    expect((await get(created.body.id)).body).toMatchObject({ state: "cancelled", cost: { secondsCharged: 0 } });
  });

  it("stops a running job held in one long step a few seconds after the cancel, without waiting for the step to end", async () => {
    // Its own harness, asking about cancels every 50 ms instead of every few seconds.
    const quick = await Harness.start({
      extraOperations: JOB_TEST_OPERATIONS,
      jobDefinitions: [scriptedJob],
      rateStore: "memory",
      config: { cancelWatchMs: 50 },
    });
    try {
      const someone = await quick.user({ topupSeconds: 100 });
      const g = gate("long-step");
      const created = await quick.request("POST", "/_test/jobs", {
        token: someone.key,
        idempotencyKey: idem(),
        body: { reserveSeconds: 20, script: { gate: "long-step" } },
      });
      void quick.drain();
      await held(g);
      const res = await quick.request("POST", `/_test/jobs/${created.body.id}/cancel`, {
        token: someone.key,
        idempotencyKey: idem(),
        body: {},
      });
      expect(res.body.resource.state).toBe("running");
      await quick.drain(); // the gate is never opened: only the watch can end the step
      const after = await quick.request("GET", `/_test/jobs/${created.body.id}`, { token: someone.key });
      expect(after.body).toMatchObject({ state: "cancelled", cost: { secondsCharged: 0 } });
      const w = await quick.request("GET", "/wallet", { token: someone.key });
      expect(w.body).toMatchObject({ reservedSeconds: 0 });
    } finally {
      await quick.close();
    }
  });

  it("refuses to cancel a settled job: 409 already_settled, nothing changes", async () => {
    const created = await create(10);
    await h.drain();
    const before = (await get(created.body.id)).body;
    const res = await cancel(created.body.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("already_settled");
    expect((await get(created.body.id)).body).toEqual(before);
  });
});

describe("retention and recovery", () => {
  it("deletes files after the retention period; the record stays with artifactsExpired", async () => {
    const created = await create(10);
    await h.drain();
    const job = (await get(created.body.id)).body;
    const path = job.result.artifacts[0].url.replace(h.deps.config.publicUrl, "");
    h.clock.set(new Date(Date.parse(job.expiresAt) + 1000));
    expect(await sweepExpiredArtifacts(h.deps)).toBeGreaterThanOrEqual(1);
    const expired = (await get(created.body.id)).body;
    expect(expired.artifactsExpired).toBe(true);
    expect(expired.state).toBe("succeeded");
    expect(expired.result.artifacts[0]).toMatchObject({
      url: null,
      expiresAt: null,
      sha256: job.result.artifacts[0].sha256,
    });
    expect(await h.deps.storage.exists(`jobs/${job.id}/video.mp4`)).toBe(false);
    expect((await h.app.inject({ method: "GET", url: path })).statusCode).toBe(404);
  });

  it("takes over a running job whose runner died once its lease runs out", async () => {
    const paused = await Harness.start({
      extraOperations: JOB_TEST_OPERATIONS,
      jobDefinitions: [scriptedJob],
      workers: false,
    });
    try {
      const u = await paused.user();
      const created = await paused.request("POST", "/_test/jobs", {
        token: u.key,
        idempotencyKey: idem(),
        body: { reserveSeconds: 10 },
      });
      // A runner took it and died: running, with a lease and a task lease that nobody renews.
      const t = paused.clock.now().toISOString();
      await paused.db.kysely
        .updateTable("jobs")
        .set({ state: "running", attempts: 1, started_at: t, lease_until: t })
        .execute();
      await paused.db.kysely.updateTable("tasks").set({ lease_until: t }).execute();
      paused.clock.advance(31_000);
      const { startWorkers } = await import("../../src/workers.js");
      paused.workers = startWorkers(paused.deps);
      await paused.drain();
      const job = (await paused.request("GET", `/_test/jobs/${created.body.id}`, { token: u.key })).body;
      expect(job.state).toBe("succeeded");
    } finally {
      await paused.close();
    }
  });

  it("fails a job whose runners died on every attempt with a catalogue code; worker_lost is the reason", async () => {
    const paused = await Harness.start({
      extraOperations: JOB_TEST_OPERATIONS,
      jobDefinitions: [scriptedJob],
      workers: false,
    });
    try {
      const u = await paused.user();
      const created = await paused.request("POST", "/_test/jobs", {
        token: u.key,
        idempotencyKey: idem(),
        body: { reserveSeconds: 10 },
      });
      // Its last attempt's runner died too: taking it again would be one attempt too many.
      const t = paused.clock.now().toISOString();
      await paused.db.kysely
        .updateTable("jobs")
        .set({ state: "running", attempts: scriptedJob.maxAttempts, started_at: t, lease_until: t })
        .execute();
      await paused.db.kysely.updateTable("tasks").set({ lease_until: t }).execute();
      paused.clock.advance(31_000);
      const { startWorkers } = await import("../../src/workers.js");
      paused.workers = startWorkers(paused.deps);
      await paused.drain();
      const job = (await paused.request("GET", `/_test/jobs/${created.body.id}`, { token: u.key })).body;
      expect(job.state).toBe("failed");
      expect(job.error).toMatchObject({ code: "internal_error", reason: "worker_lost", retryable: true });
      expect(Object.keys(ERROR_CODES)).toContain(job.error.code);
    } finally {
      await paused.close();
    }
  });
});
