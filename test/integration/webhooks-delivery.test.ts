import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Harness, idem } from "../../src/testutil/harness.js";
import { verifyWebhook } from "../../src/webhooks/verify.js";
import { startWorkers } from "../../src/workers.js";
import { staticResolver } from "../support/static-resolver.js";
import { gate, JOB_TEST_OPERATIONS, type Script, scriptedJob } from "../support/test-jobs.js";
import { within } from "../support/wait.js";
import {
  RESPONSE_MARKER,
  type Received,
  type Receiver,
  type Reply,
  startReceiver,
} from "../support/webhook-receiver.js";

// Deliveries end to end: the real dispatcher posts to a real HTTP receiver on 127.0.0.1 (the only address
// any test here connects to); time between attempts passes on the fake clock. The resolver table is
// mutable: hooks.example.com is public only while it is registered, and private before anything is sent.

const RESOLVE: Record<string, string[]> = { "hooks.example.com": ["10.0.0.5"] };
const HARNESS = {
  rateStore: "memory" as const,
  resolver: staticResolver(RESOLVE),
  extraOperations: JOB_TEST_OPERATIONS,
  jobDefinitions: [scriptedJob],
  // A budget no loaded CI machine reaches while a receiver answers; the hang test has a short one of its own.
  config: { allowPrivateHosts: ["127.0.0.1"], webhookTimeoutMs: 30_000 },
};

type User = Awaited<ReturnType<Harness["user"]>>;
let h: Harness;
let recv: Receiver;
/** Whose fake clock the receiver reads when a request arrives (the restart test has a harness of its own). */
let clockOf: () => Harness;
beforeAll(async () => {
  h = await Harness.start(HARNESS);
  clockOf = () => h;
  recv = await startReceiver(() => clockOf().clock.now());
});
afterAll(async () => {
  await h.close();
  await recv.close();
});

// Every endpoint is deleted after its test, so no retry of one test fires when a later one moves the clock.
const made: { h: Harness; token: string; id: string }[] = [];
afterEach(async () => {
  for (const e of made.splice(0))
    await e.h.request("DELETE", `/webhooks/${e.id}`, { token: e.token, idempotencyKey: idem(), body: {} });
});

let paths = 0;
async function endpoint(u: User, events: string[], reply: Reply = 200, on: Harness = h) {
  const path = `/hook/${++paths}`;
  recv.reply(path, reply);
  const res = await on.request("POST", "/webhooks", {
    token: u.key,
    idempotencyKey: idem(),
    body: { url: recv.url(path), events },
  });
  expect(res.status).toBe(201);
  if (on === h) made.push({ h: on, token: u.key, id: res.body.endpoint.id });
  return { id: res.body.endpoint.id as string, secret: res.body.secret as string, path };
}
const sendTest = (u: User, id: string, headers: Record<string, string> = {}, on: Harness = h) =>
  on.request("POST", `/webhooks/${id}/test`, { token: u.key, idempotencyKey: idem(), body: {}, headers });
const getEndpoint = async (u: User, id: string) => (await h.request("GET", `/webhooks/${id}`, { token: u.key })).body;
const patch = (u: User, id: string, body: unknown) =>
  h.request("PATCH", `/webhooks/${id}`, { token: u.key, idempotencyKey: idem(), body });
/** The delivery log, oldest attempt first. */
const log = async (u: User, id: string, on: Harness = h) =>
  (await on.request("GET", `/webhooks/${id}/deliveries?limit=100`, { token: u.key })).body.data.reverse();
const createJob = (u: User, script: Script, requestId: string) =>
  h.request("POST", "/_test/jobs", {
    token: u.key,
    idempotencyKey: idem(),
    body: { reserveSeconds: 60, script },
    headers: { "x-request-id": requestId },
  });
const getJob = async (u: User, id: string) => (await h.request("GET", `/_test/jobs/${id}`, { token: u.key })).body;
const body = (r: Received) => JSON.parse(r.raw.toString("utf8"));
const now = () => h.clock.now().toISOString();

/** Headers and signature of one received attempt; the signature must verify at the receiver's clock. */
function expectDelivery(r: Received, secret: string, want: { eventId: string; type: string; attempt: number }) {
  expect(r.method).toBe("POST");
  expect(r.headers["content-type"]).toBe("application/json");
  expect(r.headers["user-agent"]).toBe("Service-Webhooks/1.0");
  expect(r.headers["service-event-id"]).toBe(want.eventId);
  expect(r.headers["service-event-type"]).toBe(want.type);
  expect(r.headers["service-delivery-attempt"]).toBe(String(want.attempt));
  expect(r.headers["service-delivery-id"]).toMatch(/^[0-9a-f-]{36}$/);
  const signature = r.headers["service-signature"] as string;
  expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  // Signed at send time: t is the (fake) clock when this attempt went out.
  expect(verifyWebhook(secret, signature, r.raw, r.at)).toEqual({
    ok: true,
    timestamp: Math.floor(r.at.getTime() / 1000),
  });
  expect(body(r)).toMatchObject({ id: want.eventId, type: want.type, apiVersion: "v1" });
}

/** This process's webhook delivery attempts by outcome, as /metrics reports them. */
async function attemptsByOutcome(): Promise<Record<string, number>> {
  const { values } = await h.deps.metrics.deliveries.get();
  return Object.fromEntries(values.map((v) => [String(v.labels.outcome), v.value]));
}

describe("POST /webhooks/{id}/test", () => {
  it("sends one signed webhook.test delivery and logs it as succeeded", async () => {
    const u = await h.user();
    const ep = await endpoint(u, ["render.succeeded"]); // a test goes out whatever the subscription
    const res = await sendTest(u, ep.id, { "x-request-id": "req-webhook-test" });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ deliveryId: expect.any(String), eventId: expect.any(String) });
    await h.drain();

    const got = recv.received(ep.path);
    expect(got).toHaveLength(1);
    const r = got[0] as Received;
    expectDelivery(r, ep.secret, { eventId: res.body.eventId, type: "webhook.test", attempt: 1 });
    expect(r.headers["service-delivery-id"]).toBe(res.body.deliveryId);
    expect(body(r)).toEqual({
      id: res.body.eventId,
      type: "webhook.test",
      createdAt: now(),
      apiVersion: "v1",
      data: { endpointId: ep.id, message: expect.any(String), sentAt: now(), requestId: "req-webhook-test" },
    });
    // Only the right secret, and only within 300 s, verifies.
    const sig = r.headers["service-signature"] as string;
    expect(verifyWebhook(`${ep.secret}x`, sig, r.raw, r.at)).toEqual({ ok: false, reason: "signature_mismatch" });
    expect(verifyWebhook(ep.secret, sig, r.raw, r.at.getTime() + 301_000)).toEqual({
      ok: false,
      reason: "timestamp_out_of_tolerance",
    });

    expect(await log(u, ep.id)).toEqual([
      {
        id: res.body.deliveryId,
        endpointId: ep.id,
        eventId: res.body.eventId,
        eventType: "webhook.test",
        attempt: 1,
        status: "succeeded",
        responseStatus: 200,
        responseMs: expect.any(Number),
        lastError: null,
        nextAttemptAt: null,
        deliveredAt: now(),
        createdAt: now(),
        updatedAt: now(),
      },
    ]);
    expect(await getEndpoint(u, ep.id)).toMatchObject({ failureStreak: 0, lastDeliveryAt: now(), status: "active" });
  });
});

describe("job events", () => {
  it("delivers render.succeeded with the job envelope exactly as GET answers it, only to subscribers", async () => {
    const u = await h.user({ topupSeconds: 1000 });
    const succeeded = await endpoint(u, ["render.succeeded"]);
    const others = await endpoint(u, ["render.failed", "render.cancelled", "storyboard.succeeded"]);
    const created = await createJob(u, { durationSeconds: 12 }, "req-job-ok");
    expect(created.status).toBe(202);
    await h.drain();

    expect(recv.received(others.path)).toEqual([]);
    expect(await log(u, others.id)).toEqual([]);
    const got = recv.received(succeeded.path);
    expect(got).toHaveLength(1);
    const r = got[0] as Received;
    const job = await getJob(u, created.body.id); // same fake clock time as the event: same signed URLs
    expect(job.state).toBe("succeeded");
    const event = body(r);
    expectDelivery(r, succeeded.secret, { eventId: event.id, type: "render.succeeded", attempt: 1 });
    expect(event).toEqual({
      id: r.headers["service-event-id"],
      type: "render.succeeded",
      createdAt: job.finishedAt,
      apiVersion: "v1",
      data: job,
    });
    expect(event.data.requestId).toBe("req-job-ok");
    expect(await log(u, succeeded.id)).toEqual([
      expect.objectContaining({ eventId: event.id, eventType: "render.succeeded", status: "succeeded", attempt: 1 }),
    ]);
  });

  it("delivers render.failed and render.cancelled the same way", async () => {
    const u = await h.user({ topupSeconds: 1000 });
    const ep = await endpoint(u, ["render.failed", "render.cancelled"]);
    const failed = await createJob(u, { outcome: "fail" }, "req-job-fail");
    await h.drain();
    const g = gate("webhook-cancel");
    const cancelled = await createJob(u, { gate: "webhook-cancel" }, "req-job-cancel");
    const running = h.drain();
    await within(g.arrived, { what: "the scripted run to reach its gate" });
    const cancel = await h.request("POST", `/_test/jobs/${cancelled.body.id}/cancel`, {
      token: u.key,
      idempotencyKey: idem(),
      body: {},
    });
    expect(cancel.status).toBe(200);
    g.open();
    await running;
    await h.drain();

    const got = recv.received(ep.path).map(body);
    expect(got.map((e) => e.type)).toEqual(["render.failed", "render.cancelled"]);
    const [f, c] = got;
    expect(f.data).toEqual(await getJob(u, failed.body.id));
    expect(f.data).toMatchObject({ state: "failed", requestId: "req-job-fail", error: { code: "render_failed" } });
    expect(c.data).toEqual(await getJob(u, cancelled.body.id));
    expect(c.data).toMatchObject({ state: "cancelled", requestId: "req-job-cancel" });
  });

  it("sends nothing to a disabled endpoint, and nothing fired meanwhile after it is re-enabled", async () => {
    const u = await h.user({ topupSeconds: 1000 });
    const ep = await endpoint(u, ["render.succeeded"]);
    expect((await patch(u, ep.id, { status: "disabled" })).status).toBe(200);
    await createJob(u, {}, "req-while-disabled");
    await h.drain();
    expect(await log(u, ep.id)).toEqual([]);

    expect((await patch(u, ep.id, { status: "active" })).body.status).toBe("active");
    await h.drain();
    h.clock.advance(3_600_000);
    await h.drain();
    expect(recv.received(ep.path)).toEqual([]);

    const later = await createJob(u, {}, "req-after");
    await h.drain();
    const got = recv.received(ep.path);
    expect(got.map((r) => body(r).data.id)).toEqual([later.body.id]);
  });
});

describe("retries", () => {
  const GAPS_S = [30, 90, 210, 450, 930];

  it("retries a 500 five times on the 30 s backoff, re-signing each attempt; one success resets the streak", async () => {
    const u = await h.user();
    const attemptsBefore = await attemptsByOutcome();
    const ep = await endpoint(u, ["webhook.test"], 500);
    const sent = (await sendTest(u, ep.id)).body;
    await h.drain();
    const t1 = h.clock.now().getTime();
    expect(recv.received(ep.path)).toHaveLength(1);
    const [first, second] = await log(u, ep.id);
    expect(first).toMatchObject({
      id: sent.deliveryId,
      attempt: 1,
      status: "failed",
      responseStatus: 500,
      lastError: "HTTP 500",
      responseMs: expect.any(Number),
      deliveredAt: null,
    });
    expect(second).toMatchObject({ attempt: 2, status: "pending", eventId: sent.eventId, responseStatus: null });
    const estimate = Date.parse(second.nextAttemptAt) - t1;
    expect(estimate).toBeGreaterThanOrEqual(30_000);
    expect(estimate).toBeLessThanOrEqual(33_000);

    for (const [i, gap] of GAPS_S.entries()) {
      const attempt = i + 2;
      h.clock.advance(gap * 1000 - 1000); // not before the gap
      await h.drain();
      expect(recv.received(ep.path)).toHaveLength(attempt - 1);
      h.clock.advance(gap * 100 + 2000); // past the gap and its jitter (at most 10 %)
      await h.drain();
      expect(recv.received(ep.path)).toHaveLength(attempt);
    }
    h.clock.advance(2 * 3_600_000);
    await h.drain();

    const got = recv.received(ep.path);
    const entries = await log(u, ep.id);
    expect(got).toHaveLength(6);
    expect(entries.map((e: { attempt: number }) => e.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const [i, r] of got.entries()) {
      expectDelivery(r, ep.secret, { eventId: sent.eventId, type: "webhook.test", attempt: i + 1 });
      expect(r.headers["service-delivery-id"]).toBe(entries[i].id);
      expect(r.raw.equals((got[0] as Received).raw)).toBe(true); // same bytes every time
      expect(entries[i]).toMatchObject({ status: "failed", responseStatus: 500, lastError: "HTTP 500" });
    }
    expect(new Set(got.map((r) => r.headers["service-delivery-id"])).size).toBe(6);
    expect(new Set(got.map((r) => r.headers["service-signature"])).size).toBe(6);
    expect(entries[5].nextAttemptAt).toBeNull();
    // The real gaps between attempts: each at least the spec's gap, at most 10 % (+ rounding) more.
    for (const [i, gap] of GAPS_S.entries()) {
      const waited = (got[i + 1] as Received).at.getTime() - (got[i] as Received).at.getTime();
      expect(waited).toBeGreaterThanOrEqual(gap * 1000);
      expect(waited).toBeLessThanOrEqual(gap * 1100 + 2000);
    }

    expect(await getEndpoint(u, ep.id)).toMatchObject({ status: "active", failureStreak: 6 });
    recv.reply(ep.path, 200);
    await sendTest(u, ep.id);
    await h.drain();
    expect(await getEndpoint(u, ep.id)).toMatchObject({ status: "active", failureStreak: 0, lastDeliveryAt: now() });
    // The attempts as /metrics counts them: six failed, then the success.
    const attemptsAfter = await attemptsByOutcome();
    const delta = (outcome: string) => (attemptsAfter[outcome] ?? 0) - (attemptsBefore[outcome] ?? 0);
    expect([delta("failed"), delta("succeeded")]).toEqual([6, 1]);
  });

  it("records a 302 as a failure and never follows it; stores no response body", async () => {
    const u = await h.user();
    const ep = await endpoint(u, ["webhook.test"], 302);
    const sent = (await sendTest(u, ep.id)).body;
    await h.drain();
    expect(recv.received(ep.path)).toHaveLength(1);
    expect(recv.received("/redirected")).toEqual([]);
    const [entry, next] = await log(u, ep.id);
    expect(entry).toMatchObject({ id: sent.deliveryId, status: "failed", responseStatus: 302, lastError: "HTTP 302" });
    expect(next).toMatchObject({ attempt: 2, status: "pending" });

    const rows = await h.db.kysely
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("endpoint_id", "=", ep.id)
      .execute();
    expect(Object.keys(rows[0] as object).sort()).toEqual([
      "account_id",
      "attempt",
      "created_at",
      "delivered_at",
      "due_at",
      "endpoint_id",
      "event_id",
      "event_type",
      "id",
      "last_error",
      "lease_until",
      "next_attempt_at",
      "response_ms",
      "response_status",
      "status",
      "updated_at",
    ]);
    expect(JSON.stringify(rows)).not.toContain(RESPONSE_MARKER);
  });

  it("cuts a receiver that never answers at the response budget: lastError timeout", async () => {
    const short = await Harness.start({ ...HARNESS, config: { ...HARNESS.config, webhookTimeoutMs: 300 } });
    clockOf = () => short;
    try {
      const u = await short.user();
      const ep = await endpoint(u, ["webhook.test"], "hang", short);
      await sendTest(u, ep.id, {}, short);
      // The receiver never answers: drain() returns only because the attempt was cut off.
      await short.drain();
      expect(recv.received(ep.path)).toHaveLength(1);
      const [entry, next] = await log(u, ep.id, short);
      // Cut by the budget, not answered: the error says so and there is no status (how long it took is bench/'s business).
      expect(entry).toMatchObject({ status: "failed", lastError: "timeout", responseStatus: null });
      expect(entry.responseMs).toEqual(expect.any(Number));
      expect(next).toMatchObject({ attempt: 2, status: "pending" });
      const got = await short.request("GET", `/webhooks/${ep.id}`, { token: u.key });
      expect(got.body).toMatchObject({ failureStreak: 1 });
    } finally {
      clockOf = () => h;
      await short.close();
    }
  });
});

describe("auto-disable", () => {
  it("disables an endpoint after 20 consecutive failures and fails everything pending for it", async () => {
    const u = await h.user();
    const ep = await endpoint(u, ["webhook.test"], 500);
    for (let i = 0; i < 20; i++) expect((await sendTest(u, ep.id)).status).toBe(202);
    await h.drain();
    expect(recv.received(ep.path)).toHaveLength(20);
    expect(await getEndpoint(u, ep.id)).toMatchObject({
      status: "disabled",
      disabledReason: "consecutive_failures",
      disabledAt: now(),
      failureStreak: 20,
    });
    const entries = await log(u, ep.id);
    expect(entries.filter((e: { status: string }) => e.status !== "failed")).toEqual([]);
    expect(entries.filter((e: { attempt: number }) => e.attempt === 1)).toHaveLength(20);
    for (const e of entries.filter((x: { attempt: number }) => x.attempt === 1))
      expect(e).toMatchObject({ status: "failed", responseStatus: 500, lastError: "HTTP 500" });
    // The retries the first 19 failures had scheduled were settled failed by the disable.
    const retries = entries.filter((e: { attempt: number }) => e.attempt === 2);
    expect(retries).toHaveLength(19);
    for (const e of retries) expect(e).toMatchObject({ status: "failed", responseStatus: null, nextAttemptAt: null });

    expect((await sendTest(u, ep.id)).body.error.code).toBe("webhook_endpoint_disabled");
    h.clock.advance(3_600_000);
    await h.drain();
    expect(recv.received(ep.path)).toHaveLength(20);
    expect(await patch(u, ep.id, { status: "active" })).toMatchObject({
      status: 200,
      body: { status: "active", failureStreak: 0, disabledAt: null, disabledReason: null },
    });
  });

  it("leaves nothing pending when attempts still in flight fail after the disable", async () => {
    // A harness of its own: slots for all 22 attempts at once, and a budget far beyond the hold, so
    // every attempt is out before any answer and the last ones are recorded after the 20th disabled it.
    const wide = await Harness.start({
      ...HARNESS,
      config: { ...HARNESS.config, webhookTimeoutMs: 120_000, webhookSlots: { total: 32, perAccount: 32 } },
    });
    clockOf = () => wide;
    try {
      const u = await wide.user();
      const ep = await endpoint(u, ["webhook.test"], "hold", wide);
      const sent = await Promise.all(Array.from({ length: 22 }, () => sendTest(u, ep.id, {}, wide)));
      expect(sent.map((r) => r.status)).toEqual(Array(22).fill(202));
      await recv.waitFor(ep.path, 22); // all 22 in flight, none answered
      recv.release(ep.path, 500);
      await wide.drain();
      expect(recv.received(ep.path)).toHaveLength(22);
      const endpointNow = await wide.request("GET", `/webhooks/${ep.id}`, { token: u.key });
      expect(endpointNow.body).toMatchObject({ status: "disabled", disabledReason: "consecutive_failures" });
      const entries = await log(u, ep.id, wide);
      expect(entries.filter((e: { status: string }) => e.status === "pending")).toEqual([]);
      // Every attempt was recorded (none lost to a database conflict and left to be sent again).
      const firsts = entries.filter((e: { attempt: number }) => e.attempt === 1);
      expect(firsts).toHaveLength(22);
      for (const e of firsts) expect(e).toMatchObject({ status: "failed", lastError: "HTTP 500" });
      const rows = await wide.db.kysely
        .selectFrom("webhook_deliveries")
        .select("lease_until")
        .where("endpoint_id", "=", ep.id)
        .execute();
      expect(rows.filter((r) => r.lease_until !== null)).toEqual([]);
    } finally {
      clockOf = () => h;
      await wide.close();
    }
  });
});

describe("delivery safety", () => {
  it("fails at once with blocked:private when the target stopped resolving publicly, counting toward the streak", async () => {
    const u = await h.user();
    RESOLVE["hooks.example.com"] = ["93.184.216.34"]; // public while it is registered…
    const res = await h.request("POST", "/webhooks", {
      token: u.key,
      idempotencyKey: idem(),
      body: { url: "https://hooks.example.com/x", events: ["webhook.test"] },
    });
    RESOLVE["hooks.example.com"] = ["10.0.0.5"]; // …and private before anything is sent
    expect(res.status).toBe(201);
    const id = res.body.endpoint.id as string;
    made.push({ h, token: u.key, id });

    const sent = (await sendTest(u, id)).body;
    await h.drain();
    h.clock.advance(3_600_000);
    await h.drain();
    expect(await log(u, id)).toEqual([
      expect.objectContaining({
        id: sent.deliveryId,
        attempt: 1,
        status: "failed",
        lastError: "blocked:private",
        responseStatus: null,
        nextAttemptAt: null,
      }),
    ]);
    expect(await getEndpoint(u, id)).toMatchObject({ status: "active", failureStreak: 1 });
  });

  it("keeps a pending attempt across a restart of the workers", async () => {
    const other = await Harness.start(HARNESS);
    clockOf = () => other;
    try {
      const u = await other.user();
      const ep = await endpoint(u, ["webhook.test"], 200, other);
      await other.workers?.close(); // the process stops before sending anything
      const sent = (await sendTest(u, ep.id, {}, other)).body;
      // A second one was claimed by a worker that died mid-attempt: its lease must run out first.
      const leased = (await sendTest(u, ep.id, {}, other)).body;
      const leaseUntil = new Date(other.clock.now().getTime() + 60_000).toISOString();
      await other.db.kysely
        .updateTable("webhook_deliveries")
        .set({ lease_until: leaseUntil })
        .where("id", "=", leased.deliveryId)
        .execute();
      expect((await log(u, ep.id, other)).map((e: { status: string }) => e.status)).toEqual(["pending", "pending"]);
      expect(recv.received(ep.path)).toEqual([]);

      other.workers = startWorkers(other.deps); // the next process, on the same database
      await other.drain();
      expect(recv.received(ep.path).map((r) => r.headers["service-delivery-id"])).toEqual([sent.deliveryId]);
      other.clock.advance(61_000);
      await other.drain();
      const got = recv.received(ep.path);
      expect(got.map((r) => r.headers["service-delivery-id"])).toEqual([sent.deliveryId, leased.deliveryId]);
      expectDelivery(got[1] as Received, ep.secret, { eventId: leased.eventId, type: "webhook.test", attempt: 1 });
      expect((await log(u, ep.id, other)).map((e: { status: string }) => e.status)).toEqual(["succeeded", "succeeded"]);
    } finally {
      clockOf = () => h;
      await other.close();
    }
  });
});
