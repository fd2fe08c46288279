// An open-loop load generator: requests are sent at a fixed arrival rate whatever the server does, and
// each one is timed from the moment it was due, not from the moment it went out.
//
// Not autocannon: its `overallRate` / `connectionRate` only pace a fixed set of connections that each
// hold one request at a time. When the server slows down, a connection waits for its answer before it
// sends the next request, so the offered rate falls with the server (closed loop) and the time those
// requests spent waiting to be sent is not counted ("coordinated omission"). Past saturation that
// hides exactly what this measures: the queue. Here every arrival gets a connection of its own when
// none is free (as many clients would: a pool of up to CONNECTIONS), and its latency runs from when it
// was due, so a generator that falls behind shows up as latency and as its own `lagMs`, never as a
// quieter server.
import { Pool } from "undici";

/** What one arrival sends. */
export interface Shot {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path with query, from the server's root. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Hands the parsed body of a 2xx answer back (a created id, say); without it a 2xx body is not parsed. */
  onAnswer?: (body: unknown) => void;
  /**
   * Told the request got no 2xx: `answered` when the server said no (nothing was done), not when the
   * request timed out or its connection failed (the server may have done it all the same).
   */
  onMiss?: (answered: boolean) => void;
}

/** Why a request got no answer. */
export type Failure = "timeout" | "reset" | "error";

export interface Outcome {
  /** Label of the shot, for counts by operation. */
  label: string;
  /** When it was due, in ms after the run's start. */
  dueMs: number;
  /** How late the generator sent it, in ms: the generator's own lag, not the server's. */
  lagMs: number;
  /** From due to the whole answer read, in ms; NaN when there was no answer. */
  latencyMs: number;
  /** HTTP status, or null when there was no answer. */
  status: number | null;
  /** The error body's `code` (non-2xx answers that have one). */
  code: string | null;
  /** The Retry-After header as sent, or null. */
  retryAfter: string | null;
  failure: Failure | null;
  /** The error's code or message, for a failure. */
  detail: string | null;
}

/** Due time (ms after start) of the arrival numbered `i` (from 0) at `rate` per second. */
export const dueAt = (i: number, rate: number): number => (i * 1000) / rate;

/** How many arrivals are due `elapsedMs` after the start at `rate` per second (the first is due at 0). */
export const arrivalsDue = (elapsedMs: number, rate: number): number =>
  elapsedMs < 0 ? 0 : Math.floor((elapsedMs * rate) / 1000 + 1e-9) + 1;

/**
 * Sorts a failed request: a deadline passed (ours from when it was due, or undici's for connecting,
 * the answer's head or its body) is a timeout; a connection the server (or the kernel) closed or refused under the request is a reset;
 * anything else an error.
 */
export function failureOf(err: unknown): { failure: Failure; detail: string } {
  const e = err as { name?: string; code?: string; message?: string; cause?: unknown } | null;
  const code = e?.code ?? "";
  const name = e?.name ?? "";
  const detail = code || name || String(e?.message ?? err);
  if (name === "TimeoutError" || /^UND_ERR_(HEADERS|BODY|CONNECT)_TIMEOUT$/.test(code)) {
    return { failure: "timeout", detail };
  }
  if (
    ["ECONNRESET", "EPIPE", "ECONNREFUSED", "ECONNABORTED", "UND_ERR_SOCKET", "UND_ERR_CLOSED"].includes(code) ||
    /other side closed|socket hang up/i.test(String(e?.message ?? ""))
  ) {
    return { failure: "reset", detail };
  }
  if (e?.cause && e.cause !== err) return failureOf(e.cause);
  return { failure: "error", detail };
}

export interface OpenLoopOptions {
  /** Arrivals per second. */
  rate: number;
  seconds: number;
  /** The shot for arrival `i` (called when it is due, so it may depend on earlier answers). */
  next(i: number): Shot & { label: string };
  /**
   * A request unanswered this long after it was due is abandoned, whether it was still waiting for a
   * connection or on one (which is then closed): a timeout.
   */
  timeoutMs: number;
  /** Called once the last arrival has gone out (requests may still be in flight). */
  onSendsDone?: () => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Up to this many connections at once: each arrival finds one (as many clients would), past it they wait. */
const CONNECTIONS = 4096;

/** A pool of keep-alive connections to one server, shared by the runs of one benchmark. */
export function openLoopPool(base: string): Pool {
  return new Pool(base, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 30_000 });
}

/** How often the deadlines are swept: a timed-out request is abandoned at most this late. */
const SWEEP_MS = 50;

/** What an abandoned request fails with (failureOf: a timeout). */
const deadlinePassed = () =>
  Object.assign(new Error("no answer within the deadline from when the request was due"), {
    name: "TimeoutError",
    code: "DEADLINE",
  });

/**
 * The requests' deadlines, swept together rather than a timer each (AbortSignal.timeout() per request
 * cost the generator more CPU than the request itself). Deadlines come in the order requests are due,
 * so a sweep only looks at the front of the line.
 */
class Deadlines {
  private readonly line: { at: number; controller: AbortController; settled: boolean }[] = [];
  private next = 0;
  private readonly timer = setInterval(() => this.sweep(), SWEEP_MS);

  constructor(private readonly timeoutMs: number) {}

  add(due: number) {
    const entry = { at: due + this.timeoutMs, controller: new AbortController(), settled: false };
    this.line.push(entry);
    return entry;
  }

  private sweep(): void {
    const now = performance.now();
    for (let e = this.line[this.next]; e !== undefined && e.at <= now; e = this.line[++this.next]) {
      if (!e.settled) e.controller.abort(deadlinePassed());
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** Sends `rate × seconds` requests at their due times; resolves with every outcome once all have settled. */
export async function runOpenLoop(pool: Pool, opts: OpenLoopOptions): Promise<Outcome[]> {
  const total = Math.round(opts.rate * opts.seconds);
  const pending: Promise<Outcome>[] = [];
  const deadlines = new Deadlines(opts.timeoutMs);
  const start = performance.now();
  let sent = 0;
  try {
    while (sent < total) {
      const due = Math.min(total, arrivalsDue(performance.now() - start, opts.rate));
      for (; sent < due; sent++) {
        const dueMs = dueAt(sent, opts.rate);
        pending.push(fire(pool, opts.next(sent), start, dueMs, deadlines.add(start + dueMs)));
      }
      if (sent < total) await sleep(Math.max(0, start + dueAt(sent, opts.rate) - performance.now()));
    }
    opts.onSendsDone?.();
    return await Promise.all(pending);
  } finally {
    deadlines.stop();
  }
}

async function fire(
  pool: Pool,
  shot: Shot & { label: string },
  start: number,
  dueMs: number,
  deadline: { controller: AbortController; settled: boolean },
): Promise<Outcome> {
  const due = start + dueMs;
  const lagMs = performance.now() - due;
  const base = { label: shot.label, dueMs, lagMs };
  try {
    const res = await pool.request({
      method: shot.method,
      path: shot.path,
      headers: shot.headers,
      body: shot.body,
      signal: deadline.controller.signal,
    });
    const text = await res.body.text();
    deadline.settled = true;
    const latencyMs = performance.now() - due;
    const retryAfter = res.headers["retry-after"];
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    let code: string | null = null;
    if (ok) shot.onAnswer?.(text ? JSON.parse(text) : undefined);
    else {
      shot.onMiss?.(true);
      code = errorCode(text);
    }
    return {
      ...base,
      latencyMs,
      status: res.statusCode,
      code,
      retryAfter: Array.isArray(retryAfter) ? retryAfter.join(",") : (retryAfter ?? null),
      failure: null,
      detail: null,
    };
  } catch (err) {
    deadline.settled = true;
    shot.onMiss?.(false);
    return { ...base, latencyMs: Number.NaN, status: null, code: null, retryAfter: null, ...failureOf(err) };
  }
}

/** The `code` of the service's error body ({"error":{"code":…}}), or null when it has none. */
export function errorCode(text: string): string | null {
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } } | null)?.error?.code;
    return typeof code === "string" ? code : null;
  } catch {
    return null;
  }
}
