import { describe, expect, it } from "vitest";
import { classify, fdKind, mean, slope, Tally, total } from "../../bench/lib/soak-stats.js";

const answer = (status: number, body: unknown = {}, replayed = false) => ({ status, body, replayed });

describe("classing an answer against what the request expected", () => {
  it("a success with the expected status is ok; another status below 500 is unexpected", () => {
    expect(classify("GET /account", { status: 200 }, answer(200))).toEqual({ outcome: "ok" });
    expect(classify("GET /account", { status: 200 }, answer(429, { error: { code: "rate_limited" } }))).toEqual({
      outcome: "unexpected",
      problem: "GET /account: 429 rate_limited, not 200",
    });
  });

  it("a refusal counts only with both its status and its spec code", () => {
    const expected = { status: 404, code: "not_found" };
    expect(classify("GET /renders/{id}", expected, answer(404, { error: { code: "not_found" } }))).toEqual({
      outcome: "refused",
    });
    expect(classify("GET /renders/{id}", expected, answer(404, { error: { code: "project_not_found" } }))).toEqual({
      outcome: "wrong-refusal",
      problem: "GET /renders/{id}: 404 project_not_found, not 404 not_found",
    });
    expect(classify("GET /renders/{id}", expected, answer(200, { id: "x" })).outcome).toBe("wrong-refusal");
  });

  it("any 5xx is a 5xx, whatever was expected; a thrown error is no answer", () => {
    expect(classify("x", { status: 400, code: "validation_failed" }, answer(503)).outcome).toBe("5xx");
    expect(classify("x", { status: 200 }, answer(500, { error: { code: "internal" } }))).toEqual({
      outcome: "5xx",
      problem: "x: 500 internal",
    });
    expect(classify("x", { status: 200 }, new Error("socket hang up"))).toEqual({
      outcome: "no-answer",
      problem: "x: socket hang up",
    });
  });

  it("a failed check turns an expected status into unexpected", () => {
    const check = (a: { replayed: boolean }) => (a.replayed ? undefined : "not a replay");
    expect(classify("replay", { status: 201, check }, answer(201, {}, true)).outcome).toBe("ok");
    expect(classify("replay", { status: 201, check }, answer(201, {}, false))).toEqual({
      outcome: "unexpected",
      problem: "replay: not a replay",
    });
  });
});

describe("a window's tally", () => {
  it("counts outcomes and gives nearest-rank percentiles of its latencies", () => {
    const t = new Tally();
    for (let ms = 1; ms <= 100; ms++) t.add(ms % 10 === 0 ? "refused" : "ok", ms);
    t.add("5xx", 1000);
    expect(t.requests).toBe(101);
    expect(t.counts).toMatchObject({ ok: 90, refused: 10, "5xx": 1 });
    expect(t.failures).toBe(1);
    expect(t.latency(50)).toBe(51);
    expect(t.latency(99)).toBe(100);
    expect(new Tally().latency(99)).toBeNaN();
  });

  it("adds windows up into the whole run", () => {
    const a = new Tally();
    const b = new Tally();
    a.add("ok", 5);
    b.add("wrong-refusal", 7);
    b.add("ok", 3);
    const sum = total([a, b]);
    expect(sum.counts).toMatchObject({ ok: 2, "wrong-refusal": 1 });
    expect([...sum.latencies].sort()).toEqual([3, 5, 7]);
  });
});

describe("least-squares slope", () => {
  it("is exact on a line and ignores the intercept", () => {
    expect(slope([0, 1, 2, 3].map((x) => [x, 400 + 25 * x] as const))).toBeCloseTo(25, 10);
  });

  it("finds the trend under a sawtooth (garbage collection's) to within a small fraction of a tooth", () => {
    const saw = (rise: number) => Array.from({ length: 40 }, (_, i) => [i, 300 + rise * i + (i % 4) * 10] as const);
    expect(Math.abs(slope(saw(0)))).toBeLessThan(0.1);
    expect(Math.abs(slope(saw(2)) - 2)).toBeLessThan(0.1);
    expect(slope([[0, 1] as const])).toBeNaN();
    expect(slope([[2, 1] as const, [2, 5] as const])).toBeNaN();
  });
});

describe("descriptor kinds and means", () => {
  it("reads /proc/<pid>/fd links", () => {
    expect(fdKind("socket:[123456]")).toBe("socket");
    expect(fdKind("pipe:[789]")).toBe("pipe");
    expect(fdKind("anon_inode:[eventfd]")).toBe("anon");
    expect(fdKind("/tmp/cw-bench-x/clipwright.sqlite-wal")).toBe("file");
  });

  it("means a series; an empty one has none", () => {
    expect(mean([1, 2, 3, 6])).toBe(3);
    expect(mean([])).toBeNaN();
  });
});
