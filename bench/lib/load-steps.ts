// The figures of one step of a stepped open-loop ramp (bench/suites/load.ts), and the rules that read
// a ramp: where its knee is and when it has gone far enough past it.
import { ERROR_CODES } from "../../src/contract/error-codes.js";
import { percentile } from "./latency.js";
import type { Outcome } from "./open-loop.js";

export interface StepFigures {
  /** Offered: arrivals scheduled per second. */
  rate: number;
  seconds: number;
  sent: number;
  /** Answered with any HTTP status (by the time the step's requests had all settled). */
  answered: number;
  /** Answered within the step's own time, per second: what the server kept up with while it was offered `rate`. */
  answeredRate: number;
  /** 2xx answers. */
  ok: number;
  /** Latency of answered requests (any status), ms from when each was due. */
  p50: number;
  p99: number;
  max: number;
  /** 503 answers (the service's refusal when it is briefly unable to take work). */
  refused503: number;
  /** 429 answers (a rate limit). */
  refused429: number;
  /** 5xx answers other than 503. */
  other5xx: number;
  /** 4xx answers other than 429, by "status code" ("409 template_limit"). */
  clientErrors: Record<string, number>;
  /** 503 and 429 answers without a whole-seconds Retry-After or without a code the error table gives that status. */
  badRefusals: number;
  timeouts: number;
  resets: number;
  errors: number;
  /** Requests that got no answer, by what the client was told ("timeout UND_ERR_CONNECT_TIMEOUT"). */
  causes: Record<string, number>;
  /** The generator's own lateness in sending (p99 and max, ms): large means the generator, not the server, fell behind. */
  lagP99: number;
  lagMax: number;
}

/** The largest of many numbers (NaN for none), without spreading tens of thousands of arguments. */
const largest = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => Math.max(a, b)) : Number.NaN);

/** Retry-After as the spec has it: whole seconds, at least 1. */
const wholeSeconds = (v: string | null): boolean => v !== null && /^\d+$/.test(v) && Number(v) >= 1;

/** A 429 or 503 with Retry-After and a code the error table lists for that very status. */
export function cleanRefusal(o: Pick<Outcome, "status" | "code" | "retryAfter">): boolean {
  const row = o.code === null ? undefined : (ERROR_CODES as Record<string, readonly [number, string]>)[o.code];
  return row !== undefined && row[0] === o.status && wholeSeconds(o.retryAfter);
}

export function stepFigures(rate: number, seconds: number, outcomes: readonly Outcome[]): StepFigures {
  const answered = outcomes.filter((o) => o.status !== null);
  const latencies = answered.map((o) => o.latencyMs);
  const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
  const clientErrors: Record<string, number> = {};
  const causes: Record<string, number> = {};
  const tally = (into: Record<string, number>, label: string) => {
    into[label] = (into[label] ?? 0) + 1;
  };
  for (const o of outcomes) {
    const s = o.status;
    if (s !== null && s >= 400 && s < 500 && s !== 429) tally(clientErrors, `${s} ${o.code ?? "(no code)"}`);
    if (o.failure !== null) tally(causes, `${o.failure} ${o.detail}`);
  }
  const lags = outcomes.map((o) => o.lagMs);
  return {
    rate,
    seconds,
    sent: outcomes.length,
    answered: answered.length,
    answeredRate: answered.filter((o) => o.dueMs + o.latencyMs <= seconds * 1000).length / seconds,
    ok: count((o) => o.status !== null && o.status >= 200 && o.status < 300),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: largest(latencies),
    refused503: count((o) => o.status === 503),
    refused429: count((o) => o.status === 429),
    other5xx: count((o) => o.status !== null && o.status >= 500 && o.status !== 503),
    clientErrors,
    badRefusals: count((o) => (o.status === 503 || o.status === 429) && !cleanRefusal(o)),
    timeouts: count((o) => o.failure === "timeout"),
    resets: count((o) => o.failure === "reset"),
    errors: count((o) => o.failure === "error"),
    causes,
    lagP99: percentile(lags, 99),
    lagMax: largest(lags),
  };
}

/** Within the bound and nothing refused, failed or lost: a step the service took in its stride. */
export const healthy = (s: StepFigures, boundMs: number): boolean =>
  s.sent > 0 && s.p99 <= boundMs && s.refused503 + s.refused429 + s.other5xx + s.timeouts + s.resets + s.errors === 0;

/**
 * The knee: the highest step that was healthy (null when none was). The highest, not the last before the
 * first unhealthy one: on a shared machine one step can miss for a moment's stall of something else.
 */
export function kneeOf(steps: readonly StepFigures[], boundMs: number): StepFigures | null {
  let knee: StepFigures | null = null;
  for (const s of steps) if (healthy(s, boundMs) && (knee === null || s.rate > knee.rate)) knee = s;
  return knee;
}

/**
 * Offered more than it took: it answered less than 95 % of the rate within the step, or refused or lost
 * requests. Past this point the server is beyond what it can take, however its latency looks.
 */
export const saturated = (s: StepFigures): boolean =>
  s.answeredRate < 0.95 * s.rate || s.refused503 + s.refused429 + s.timeouts + s.resets + s.errors > 0;

/**
 * The ramp has gone far enough past saturation once a step has offered at least twice the rate of the
 * first unhealthy step, `kneeMultiple` times the knee's, and 1.5 times the first saturated step's (so
 * that at least one step offers more than the server could take).
 */
export function rampDone(steps: readonly StepFigures[], boundMs: number, kneeMultiple: number): boolean {
  const firstBad = steps.find((s) => !healthy(s, boundMs));
  const firstSaturated = steps.find(saturated);
  if (!firstBad || !firstSaturated) return false;
  const needed = Math.max(
    2 * firstBad.rate,
    kneeMultiple * (kneeOf(steps, boundMs)?.rate ?? 0),
    1.5 * firstSaturated.rate,
  );
  return (steps.at(-1)?.rate ?? 0) >= needed;
}
