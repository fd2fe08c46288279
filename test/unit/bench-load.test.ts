import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Pool } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { MIX_CYCLE, slotOf, WriteChurn } from "../../bench/lib/load-mix.js";
import {
  cleanRefusal,
  healthy,
  kneeOf,
  rampDone,
  type StepFigures,
  saturated,
  stepFigures,
} from "../../bench/lib/load-steps.js";
import {
  arrivalsDue,
  dueAt,
  errorCode,
  failureOf,
  type Outcome,
  openLoopPool,
  runOpenLoop,
} from "../../bench/lib/open-loop.js";

// The load benchmark's own parts: the open-loop schedule (and that it stays open when the server
// stalls), how answers and failures are sorted and counted, the knee and the ramp's end, and the mix.

const outcome = (over: Partial<Outcome>): Outcome => ({
  label: "account",
  dueMs: 0,
  lagMs: 0,
  latencyMs: 5,
  status: 200,
  code: null,
  retryAfter: null,
  failure: null,
  detail: null,
  ...over,
});

/** A step that answered everything it was offered within the step, unless told otherwise. */
const step = (rate: number, over: Partial<StepFigures> = {}): StepFigures => ({
  ...stepFigures(rate, 1, [outcome({})]),
  answeredRate: rate,
  ...over,
});

describe("the open-loop schedule", () => {
  it("makes the first arrival due at once and the next ones 1/rate apart", () => {
    expect(arrivalsDue(-1, 100)).toBe(0);
    expect(arrivalsDue(0, 100)).toBe(1);
    expect(arrivalsDue(9.9, 100)).toBe(1);
    expect(arrivalsDue(10, 100)).toBe(2);
    expect(arrivalsDue(1000, 100)).toBe(101);
    expect(dueAt(50, 100)).toBe(500);
    // A due time computed from the rate counts as due, despite floating point.
    for (let i = 0; i < 30; i++) expect(arrivalsDue(dueAt(i, 3), 3)).toBe(i + 1);
  });
});

describe("sorting answers and failures", () => {
  it("tells timeouts, resets and other errors apart", () => {
    expect(failureOf(new DOMException("signal timed out", "TimeoutError")).failure).toBe("timeout");
    expect(failureOf(Object.assign(new Error("x"), { code: "UND_ERR_HEADERS_TIMEOUT" })).failure).toBe("timeout");
    expect(failureOf(Object.assign(new Error("x"), { code: "UND_ERR_CONNECT_TIMEOUT" })).failure).toBe("timeout");
    expect(failureOf(Object.assign(new Error("read"), { code: "ECONNRESET" })).failure).toBe("reset");
    expect(failureOf(Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" })).failure).toBe("reset");
    expect(failureOf(new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } })).failure).toBe("reset");
    expect(failureOf(new Error("something else"))).toEqual({ failure: "error", detail: "Error" });
  });

  it("reads the code of the service's error body, and nothing from other bodies", () => {
    expect(errorCode('{"error":{"code":"rate_limited","message":"…"}}')).toBe("rate_limited");
    expect(errorCode('{"code":"x"}')).toBeNull();
    expect(errorCode("<html>")).toBeNull();
    expect(errorCode("")).toBeNull();
  });

  it("takes a refusal as clean only with the table's code for its status and whole-seconds Retry-After", () => {
    expect(cleanRefusal({ status: 429, code: "rate_limited", retryAfter: "12" })).toBe(true);
    expect(cleanRefusal({ status: 503, code: "service_unavailable", retryAfter: "1" })).toBe(true);
    expect(cleanRefusal({ status: 503, code: "service_unavailable", retryAfter: null })).toBe(false);
    expect(cleanRefusal({ status: 503, code: "service_unavailable", retryAfter: "0" })).toBe(false);
    expect(cleanRefusal({ status: 503, code: "service_unavailable", retryAfter: "1.5" })).toBe(false);
    expect(cleanRefusal({ status: 503, code: "rate_limited", retryAfter: "1" })).toBe(false);
    expect(cleanRefusal({ status: 503, code: null, retryAfter: "1" })).toBe(false);
    expect(cleanRefusal({ status: 429, code: "no_such_code", retryAfter: "1" })).toBe(false);
  });
});

describe("a step's figures", () => {
  it("counts answers by status and failures by kind, and times only what was answered", () => {
    const outcomes = [
      // Due 0 to 1880 ms; the last five answered after the step's 2 s.
      ...Array.from({ length: 95 }, (_, i) =>
        outcome({ dueMs: i * 20, latencyMs: i + 1 + (i >= 90 ? 200 : 0), lagMs: i === 0 ? 40 : 1 }),
      ),
      outcome({ status: 503, code: "service_unavailable", retryAfter: "1", latencyMs: 2 }),
      outcome({ status: 503, code: "service_unavailable", retryAfter: null, latencyMs: 2 }),
      outcome({ status: 429, code: "rate_limited", retryAfter: "30", latencyMs: 2 }),
      outcome({ status: 500, code: "internal_error", latencyMs: 2 }),
      outcome({ status: 409, code: "template_limit", latencyMs: 2 }),
      outcome({ status: 404, code: null, latencyMs: 2 }),
      outcome({ status: null, latencyMs: Number.NaN, failure: "timeout", detail: "UND_ERR_HEADERS_TIMEOUT" }),
      outcome({ status: null, latencyMs: Number.NaN, failure: "reset", detail: "ECONNRESET" }),
      outcome({ status: null, latencyMs: Number.NaN, failure: "reset", detail: "ECONNRESET" }),
      outcome({ status: null, latencyMs: Number.NaN, failure: "error", detail: "UND_ERR_INFO" }),
    ];
    const f = stepFigures(50, 2, outcomes);
    expect(f).toMatchObject({
      rate: 50,
      sent: 105,
      answered: 101,
      answeredRate: 48,
      ok: 95,
      refused503: 2,
      refused429: 1,
      other5xx: 1,
      badRefusals: 1,
      timeouts: 1,
      resets: 2,
      errors: 1,
      clientErrors: { "409 template_limit": 1, "404 (no code)": 1 },
      causes: { "timeout UND_ERR_HEADERS_TIMEOUT": 1, "reset ECONNRESET": 2, "error UND_ERR_INFO": 1 },
      max: 295,
    });
    expect(f.p50).toBe(45); // nearest rank of 101 answered: 51st fastest, after six 2 ms answers
    expect(f.p99).toBe(294);
    expect(f.lagP99).toBe(1);
    expect(f.lagMax).toBe(40);
  });
});

describe("reading the ramp", () => {
  const ok = (rate: number) => step(rate, { p99: 20 });
  const slow = (rate: number) => step(rate, { p99: 400 });

  it("puts the knee at the highest healthy step, past a step that missed for a moment", () => {
    expect(healthy(ok(100), 100)).toBe(true);
    expect(healthy(step(100, { p99: 20, refused503: 1 }), 100)).toBe(false);
    expect(healthy(step(100, { p99: 20, timeouts: 1 }), 100)).toBe(false);
    expect(healthy(step(100, { p99: 20, errors: 1 }), 100)).toBe(false);
    expect(healthy(step(100, { p99: 20, clientErrors: { "409 template_limit": 3 } }), 100)).toBe(true);
    expect(kneeOf([ok(100), ok(150), slow(225), ok(338), slow(506)], 100)?.rate).toBe(338);
    expect(kneeOf([slow(100), slow(150)], 100)).toBeNull();
  });

  it("takes a step the server answered only in part, or refused or lost, as past what it can take", () => {
    expect(saturated(step(100, { answeredRate: 96 }))).toBe(false);
    expect(saturated(step(100, { answeredRate: 90 }))).toBe(true);
    expect(saturated(step(100, { answeredRate: 100, refused503: 1 }))).toBe(true);
    expect(saturated(step(100, { answeredRate: 100, resets: 1 }))).toBe(true);
  });

  it("ends the ramp at twice the first unhealthy rate, three times the knee, and a step past saturation", () => {
    const full = (rate: number) => step(rate, { p99: 900, answeredRate: rate * 0.8 });
    const ramp = [ok(100), ok(150), slow(225), slow(338), full(506), slow(759), slow(1139)];
    const done = ramp.map((_, i) => rampDone(ramp.slice(0, i + 1), 100, 3));
    // First unhealthy 225 → at least 450; knee 150 → at least 450; first saturated 506 → at least 759.
    expect(done).toEqual([false, false, false, false, false, true, true]);
    // A healthy step after a miss moves the knee up, and the end with it (338 × 3).
    const recovered = [ok(100), slow(150), ok(225), ok(338), full(506), slow(759), slow(1139)];
    expect(recovered.map((_, i) => rampDone(recovered.slice(0, i + 1), 100, 3))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    // Slow but keeping up: not done, however far past the bound.
    expect(rampDone([slow(100), slow(150), slow(225)], 100, 3)).toBe(false);
    expect(rampDone([full(100), full(150)], 100, 3)).toBe(false);
    expect(rampDone([full(100), full(150), full(225)], 100, 3)).toBe(true);
    expect(rampDone([ok(100), ok(10_000)], 100, 3)).toBe(false);
  });
});

describe("the mix", () => {
  it("is 80 % reads and 20 % writes, never two writes in a row", () => {
    const counts = Object.fromEntries(["account", "ledger", "renders", "templates", "write"].map((s) => [s, 0]));
    for (const slot of MIX_CYCLE) counts[slot] = (counts[slot] ?? 0) + 1;
    expect(counts).toEqual({ account: 6, ledger: 5, renders: 3, templates: 2, write: 4 });
    for (let i = 0; i < 100; i++) expect(slotOf(i) === "write" && slotOf(i + 1) === "write").toBe(false);
  });

  it("alternates creating and deleting, deletes the oldest, and stays under the cap", () => {
    const churn = new WriteChurn(3);
    expect(churn.next()).toEqual({ kind: "create" });
    churn.created("a");
    expect(churn.next()).toEqual({ kind: "delete", id: "a" });
    expect(churn.next()).toEqual({ kind: "create" });
    // Nothing known to exist yet: a delete turn creates instead.
    expect(churn.next()).toEqual({ kind: "create" });
    churn.created("b");
    churn.created("c");
    expect(churn.held).toBe(3); // a being deleted, b and c
    // At the cap a create turn deletes.
    expect(churn.next()).toEqual({ kind: "delete", id: "b" });
    churn.deleted();
    churn.notDeleted("b", true); // refused: still there
    expect(churn.held).toBe(2);
    expect(churn.next()).toEqual({ kind: "delete", id: "c" });
    expect(churn.next()).toEqual({ kind: "create" });
    churn.notCreated(true); // refused: nothing made
    expect(churn.held).toBe(2); // c being deleted, b back in line
    expect(churn.next()).toEqual({ kind: "delete", id: "b" });
    // No answer: it may have happened, so it still counts against the cap and is never deleted again.
    churn.notDeleted("b", false);
    churn.notDeleted("c", false);
    expect(churn.held).toBe(2);
    expect(churn.next()).toEqual({ kind: "create" });
    churn.notCreated(false);
    expect(churn.held).toBe(3);
    expect([churn.next(), churn.next()]).toEqual([{ kind: "update" }, { kind: "update" }]);
  });

  it("updates instead when it is at the cap with nothing answered to delete (a queue)", () => {
    const churn = new WriteChurn(2);
    expect([churn.next(), churn.next()]).toEqual([{ kind: "create" }, { kind: "create" }]);
    expect([churn.next(), churn.next(), churn.next()]).toEqual([
      { kind: "update" },
      { kind: "update" },
      { kind: "update" },
    ]);
    expect(churn.held).toBe(2);
    churn.created("a");
    expect(churn.next()).toEqual({ kind: "delete", id: "a" });
  });
});

describe("the open-loop generator against a server that stalls", () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** GET / at `rate` for `seconds` through `pool`, which is closed after. */
  async function getAt(pool: Pool, rate: number, seconds: number, timeoutMs: number): Promise<Outcome[]> {
    try {
      return await runOpenLoop(pool, {
        rate,
        seconds,
        next: () => ({ label: "x", method: "GET", path: "/", headers: {} }),
        timeoutMs,
      });
    } finally {
      await pool.close();
    }
  }

  async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
    const listening = createServer(handler);
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  }

  it("keeps sending at its rate while earlier requests wait, and times them from when they were due", async () => {
    let open = 0;
    let mostOpen = 0;
    const base = await listen((_req, res) => {
      open++;
      mostOpen = Math.max(mostOpen, open);
      setTimeout(() => {
        open--;
        res.writeHead(503, { "content-type": "application/json", "retry-after": "1" });
        res.end('{"error":{"code":"service_unavailable"}}');
      }, 150);
    });
    const outcomes = await getAt(openLoopPool(base), 100, 0.3, 5000);
    expect(outcomes).toHaveLength(30);
    // A closed loop of one connection would hold one request at a time; 150 ms at 100/s is ~15.
    expect(mostOpen).toBeGreaterThanOrEqual(10);
    expect(outcomes.every((o) => o.status === 503 && o.latencyMs >= 150)).toBe(true);
    expect(outcomes.every((o) => o.code === "service_unavailable" && o.retryAfter === "1")).toBe(true);
    expect(Math.max(...outcomes.map((o) => o.dueMs))).toBeCloseTo(290, 5);
  });

  it("abandons a request past its deadline as a timeout, and a dropped connection as a reset", async () => {
    const base = await listen((req, res) => {
      if (req.url === "/drop") req.socket.destroy();
      else if (req.url === "/ok") res.end("{}");
      // "/hang": never answered
    });
    const pool = openLoopPool(base);
    const paths = ["/hang", "/drop", "/ok"];
    const outcomes = await runOpenLoop(pool, {
      rate: 100,
      seconds: 0.03,
      next: (i) => ({ label: paths[i] as string, method: "GET", path: paths[i] as string, headers: {} }),
      timeoutMs: 100,
    });
    await pool.close();
    expect(outcomes.map((o) => [o.label, o.status, o.failure, o.detail])).toEqual([
      ["/hang", null, "timeout", "DEADLINE"],
      ["/drop", null, "reset", expect.any(String)],
      ["/ok", 200, null, null],
    ]);
  });

  it("counts the deadline from when a request was due, waiting for a connection included", async () => {
    const base = await listen((_req, res) => {
      setTimeout(() => res.end("{}"), 60);
    });
    // One connection, each answer 60 ms, a request due every 10 ms: all but the first wait their turn.
    const outcomes = await getAt(new Pool(base, { connections: 1 }), 100, 0.1, 200);
    // The k-th is answered at 60 (k + 1) ms at the earliest, and abandoned at 10 k + 200 ms.
    const answered = outcomes.filter((o) => o.status === 200);
    const late = outcomes.filter((o) => o.failure === "timeout");
    expect(answered.length + late.length).toBe(10);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(late.length).toBeGreaterThanOrEqual(4);
    expect(late.every((o) => o.detail === "DEADLINE")).toBe(true);
  });
});
