// The soak suite's arithmetic, kept pure so it can be tested: how an answer is classed against what was
// expected of it, a window's tally of answers and latencies, the least-squares slope of a series, and
// what kind of file an open descriptor is.
import { percentile } from "./latency.js";

/**
 * How one request went. `ok`: the status expected (and its check passed); `refused`: an expected
 * refusal with its status and its spec error code; `wrong-refusal`: a refusal with another status or
 * code; `unexpected`: any other status below 500, or a check that failed (a replay that was not one);
 * `5xx`: the service failed; `no-answer`: no HTTP answer at all (connection refused or reset, timeout).
 */
export type Outcome = "ok" | "refused" | "wrong-refusal" | "unexpected" | "5xx" | "no-answer";
export const OUTCOMES: readonly Outcome[] = ["ok", "refused", "wrong-refusal", "unexpected", "5xx", "no-answer"];

export interface Expectation {
  status: number;
  /** A refusal's `error.code`; set for every request sent to be refused. */
  code?: string;
  /** What else the answer must show (a replay's header and id); a problem's text, or undefined. */
  check?: (answer: { status: number; body: any; replayed: boolean }) => string | undefined;
}

export interface Classed {
  outcome: Outcome;
  /** Why it is not `ok` / `refused`, for the report's examples. */
  problem?: string;
}

/** Classes one answer (or the error in its place) against what the request expected. */
export function classify(
  what: string,
  expected: Expectation,
  answer: { status: number; body: any; replayed: boolean } | Error,
): Classed {
  if (answer instanceof Error) return { outcome: "no-answer", problem: `${what}: ${answer.message}` };
  const code: unknown = answer.body?.error?.code;
  const got = `${answer.status}${typeof code === "string" ? ` ${code}` : ""}`;
  if (answer.status >= 500) return { outcome: "5xx", problem: `${what}: ${got}` };
  if (expected.code !== undefined) {
    return answer.status === expected.status && code === expected.code
      ? { outcome: "refused" }
      : { outcome: "wrong-refusal", problem: `${what}: ${got}, not ${expected.status} ${expected.code}` };
  }
  if (answer.status !== expected.status) {
    return { outcome: "unexpected", problem: `${what}: ${got}, not ${expected.status}` };
  }
  const wrong = expected.check?.(answer);
  return wrong ? { outcome: "unexpected", problem: `${what}: ${wrong}` } : { outcome: "ok" };
}

/** The answers of one window: how many of each outcome, and every request's latency. */
export class Tally {
  readonly counts: Record<Outcome, number> = {
    ok: 0,
    refused: 0,
    "wrong-refusal": 0,
    unexpected: 0,
    "5xx": 0,
    "no-answer": 0,
  };
  readonly latencies: number[] = [];

  add(outcome: Outcome, ms: number): void {
    this.counts[outcome]++;
    this.latencies.push(ms);
  }

  get requests(): number {
    return this.latencies.length;
  }

  /** Nearest-rank percentile of the latencies (NaN for an empty window). */
  latency(p: number): number {
    return percentile(this.latencies, p);
  }

  /** Requests with any outcome but `ok` and `refused`. */
  get failures(): number {
    return this.requests - this.counts.ok - this.counts.refused;
  }
}

/** Adds up tallies (the whole run from its windows). */
export function total(tallies: readonly Tally[]): Tally {
  const sum = new Tally();
  for (const t of tallies) {
    for (const o of OUTCOMES) sum.counts[o] += t.counts[o];
    for (const ms of t.latencies) sum.latencies.push(ms);
  }
  return sum;
}

/** The least-squares slope of y over x (NaN with fewer than two distinct x). */
export function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

export type FdKind = "socket" | "pipe" | "anon" | "file";

/** What an open descriptor is, from its /proc/<pid>/fd link: `socket:[123]`, `pipe:[45]`, `anon_inode:[eventfd]`, a path. */
export function fdKind(link: string): FdKind {
  if (link.startsWith("socket:")) return "socket";
  if (link.startsWith("pipe:")) return "pipe";
  if (link.startsWith("anon_inode:")) return "anon";
  return "file";
}

/** The mean of a series (NaN when empty). */
export const mean = (xs: readonly number[]): number =>
  xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN;
