// Load: how one process behaves as the traffic offered to it rises past what it can take. A self-hosted
// Clipwright is one process; when a spike comes, the contract is that it sheds what it cannot take with
// clean refusals (429/503 with a documented code and Retry-After), not that it times out, resets
// connections or answers 5xx.
//
// Stepped open-loop load (bench/lib/open-loop.ts: a fixed arrival rate, latency from when a request
// was due) of a realistic mix (bench/lib/load-mix.ts) against the service in its own process, from a
// low rate up by ×1.5 a step until well past saturation; bare Fastify measured in the same run, as the
// core suite does, so the knee can be read as a share of what this machine does.
//
// Targets: no 5xx but a documented 503 refusal; no timeouts or connection resets at any step up to 3×
// the knee; past the knee, answered requests' p99 ≤ 1 s (shedding, not unbounded queueing); every
// 429 and 503 has the code the error table gives its status and a Retry-After; the rate limiter's 429s
// under load likewise; after the load stops, GET /account answers in its idle latency again.
import { resolve } from "node:path";
import type { Pool } from "undici";
import { latency, msText } from "../lib/latency.js";
import { type LoadOptions, measure } from "../lib/load.js";
import { slotOf, WriteChurn } from "../lib/load-mix.js";
import { kneeOf, rampDone, type StepFigures, stepFigures } from "../lib/load-steps.js";
import { openLoopPool, runOpenLoop, type Shot } from "../lib/open-loop.js";
import { int, load, machine, machineBusySeconds, pct, table } from "../lib/report.js";
import { type RunningServer, startServer } from "../lib/server.js";
import type { Suite, SuiteResult } from "../lib/suite.js";

const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
// Overridable for a quick look (BENCH_STEP_SECONDS=2 BENCH_MAX_STEPS=3); the recorded figures use the defaults.
const STEP_SECONDS = num("BENCH_STEP_SECONDS", 10);
const START_RATE = num("BENCH_START_RATE", 100);
const MAX_STEPS = num("BENCH_MAX_STEPS", 16);
const FACTOR = 1.5;
const WARMUP_SECONDS = 3;
/** A request unanswered this long is a timeout: the service's own headers deadline is 10 s too. */
const TIMEOUT_MS = 10_000;
/** The knee's bound: the highest step with every answer's p99 within it and nothing refused or lost. */
const KNEE_P99_MS = 100;
const TARGETS = { pastKneeP99: 1000, cleanUpTo: 3 };
/** The limiter step: a key of its own limited to this many requests a minute, offered twice as many in one step. */
const LIMITED_PER_MINUTE = 300;
const LIMITER_RATE = Math.ceil((2 * LIMITED_PER_MINUTE) / STEP_SECONDS);
/** Sequential GET /account before and after the ramp: its idle latency, and whether it came back to it. */
const PROBES = 50;
/** Saved templates the writes may hold at once (the account's cap is 50). */
const TEMPLATE_CAP = 30;
const BARE_LOAD: LoadOptions = {
  connections: 50,
  warmupSeconds: num("BENCH_WARMUP", 3),
  seconds: num("BENCH_SECONDS", 8),
};

const SERVERS = resolve(import.meta.dirname, "../servers");

type Db = "sqlite" | "postgres";
const DB_LABEL: Record<Db, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

interface Probe {
  statuses: number[];
  p50: number;
  p95: number;
  max: number;
}

/** A step's figures and the CPU spent during it, in cores: the service's, the generator's, and other work's. */
interface Step {
  figures: StepFigures;
  server: number;
  generator: number;
  others: number;
}

interface DbRun {
  db: Db;
  steps: Step[];
  limiter: StepFigures;
  idle: Probe;
  after: Probe;
  /** From the last arrival until every request of the ramp had settled, in ms. */
  settleMs: number;
}

/** `count` GET /account one after another on a connection of their own. */
async function probe(server: RunningServer, count: number): Promise<Probe> {
  const statuses: number[] = [];
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${server.base}/api/v1/account`, {
      headers: { authorization: `Bearer ${server.info.key}` },
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    statuses.push(res.status);
  }
  const l = latency(times);
  return { statuses, p50: l.p50, p95: l.p95, max: l.max };
}

const TEMPLATE_OPTIONS = { targetSeconds: 60 };

/** The mix's arrival `i`: reads by the main key, template writes with an Idempotency-Key each. */
function mixShot(key: string, churn: WriteChurn, run: string, standingId: string) {
  const auth = { authorization: `Bearer ${key}` };
  return (i: number): Shot & { label: string } => {
    const slot = slotOf(i);
    const read = (path: string): Shot & { label: string } => ({
      label: slot,
      method: "GET",
      path: `/api/v1${path}`,
      headers: auth,
    });
    if (slot === "account") return read("/account");
    if (slot === "ledger") return read("/wallet/ledger?limit=20");
    if (slot === "renders") return read("/renders?limit=20");
    if (slot === "templates") return read("/templates?limit=20");
    const write = churn.next();
    const headers = { ...auth, "idempotency-key": `load-${run}-${i}` };
    const json = { ...headers, "content-type": "application/json" };
    if (write.kind === "delete") {
      return {
        label: "delete",
        method: "DELETE",
        path: `/api/v1/templates/${write.id}`,
        headers,
        onAnswer: () => churn.deleted(),
        onMiss: (answered) => churn.notDeleted(write.id, answered),
      };
    }
    if (write.kind === "update") {
      return {
        label: "update",
        method: "PUT",
        path: `/api/v1/templates/${standingId}`,
        headers: json,
        body: JSON.stringify({ name: `standing ${i}`, options: TEMPLATE_OPTIONS }),
      };
    }
    return {
      label: "create",
      method: "POST",
      path: "/api/v1/templates",
      headers: json,
      body: JSON.stringify({ name: `load ${i}`, options: TEMPLATE_OPTIONS }),
      onAnswer: (body) => churn.created((body as { id: string }).id),
      onMiss: (answered) => churn.notCreated(answered),
    };
  };
}

/** One template the writes update when they can neither create nor delete (WriteChurn); updated once here. */
async function standingTemplate(server: RunningServer): Promise<string> {
  const call = async (method: string, path: string, name: string) => {
    const res = await fetch(`${server.base}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${server.info.key}`,
        "content-type": "application/json",
        "idempotency-key": `load-standing-${method}`,
      },
      body: JSON.stringify({ name, options: TEMPLATE_OPTIONS }),
    });
    const body = (await res.json()) as { id: string };
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(body)}`);
    return body.id;
  };
  const id = await call("POST", "/templates", "standing");
  await call("PUT", `/templates/${id}`, "standing, updated");
  return id;
}

/** The mix's every kind of request once or more before measuring: a wrong setup should fail here, not as a ramp of 4xx. */
async function sanityCheck(server: RunningServer, standingId: string): Promise<void> {
  const churn = new WriteChurn(TEMPLATE_CAP);
  const pool = openLoopPool(server.base);
  try {
    const next = mixShot(server.info.key as string, churn, "sanity", standingId);
    // Two cycles: every read, and creates then deletes.
    const outcomes = await runOpenLoop(pool, { rate: 100, seconds: 0.4, next, timeoutMs: TIMEOUT_MS });
    const bad = outcomes.filter((o) => o.status === null || o.status >= 300);
    if (bad.length) {
      throw new Error(
        `sanity check: ${bad.map((o) => `${o.label} ${o.status ?? o.detail} ${o.code ?? ""}`).join(", ")}`,
      );
    }
    if (!outcomes.some((o) => o.label === "delete")) throw new Error("sanity check: no template was deleted");
  } finally {
    await pool.close();
  }
}

async function runDb(server: RunningServer, db: Db): Promise<DbRun> {
  const key = server.info.key as string;
  const standingId = await standingTemplate(server);
  await sanityCheck(server, standingId);
  const pool = openLoopPool(server.base);
  const churn = new WriteChurn(TEMPLATE_CAP);
  const next = mixShot(key, churn, db, standingId);
  let arrivals = 0;
  const offset = (i: number) => next(arrivals + i);
  try {
    const warm = await runOpenLoop(pool, {
      rate: START_RATE,
      seconds: WARMUP_SECONDS,
      next: offset,
      timeoutMs: TIMEOUT_MS,
    });
    arrivals += warm.length;
    const idle = await probe(server, PROBES);

    const limitedKey = server.info.limitedKey as string;
    const limiterOutcomes = await runOpenLoop(pool, {
      rate: LIMITER_RATE,
      seconds: STEP_SECONDS,
      next: () => ({
        label: "account (limited key)",
        method: "GET",
        path: "/api/v1/account",
        headers: { authorization: `Bearer ${limitedKey}` },
      }),
      timeoutMs: TIMEOUT_MS,
    });
    const limiter = stepFigures(LIMITER_RATE, STEP_SECONDS, limiterOutcomes);
    console.log(
      `  ${DB_LABEL[db]} limiter step: ${limiter.ok} ok, ${limiter.refused429} × 429 (${limiter.badRefusals} without code or Retry-After)`,
    );

    const steps: Step[] = [];
    let settleMs = 0;
    for (let rate = START_RATE; ; rate = Math.round(rate * FACTOR)) {
      const measured = await measureStep(server, pool, rate, offset);
      arrivals += measured.sent;
      settleMs = measured.settleMs;
      steps.push(measured.step);
      console.log(`  ${DB_LABEL[db]} ${stepLine(measured.step)}`);
      const figures = steps.map((s) => s.figures);
      if (rampDone(figures, KNEE_P99_MS, TARGETS.cleanUpTo) || steps.length >= MAX_STEPS) break;
    }
    const after = await probe(server, PROBES);
    return { db, steps, limiter, idle, after, settleMs };
  } finally {
    await pool.close();
  }
}

/** One step of the ramp, with the CPU each party spent on it (the figures are counted after, not on the generator's time). */
async function measureStep(
  server: RunningServer,
  pool: Pool,
  rate: number,
  next: (i: number) => Shot & { label: string },
) {
  const started = performance.now();
  const before = { server: server.cpuSeconds(), generator: process.cpuUsage(), machine: machineBusySeconds() };
  let sendsDone = 0;
  const outcomes = await runOpenLoop(pool, {
    rate,
    seconds: STEP_SECONDS,
    next,
    timeoutMs: TIMEOUT_MS,
    onSendsDone: () => {
      sendsDone = performance.now();
    },
  });
  const settled = performance.now();
  const serverCpu = server.cpuSeconds() - before.server;
  const generator = process.cpuUsage(before.generator);
  const generatorCpu = (generator.user + generator.system) / 1e6;
  const others = Math.max(0, machineBusySeconds() - before.machine - serverCpu - generatorCpu);
  const seconds = (settled - started) / 1000;
  const step: Step = {
    figures: stepFigures(rate, STEP_SECONDS, outcomes),
    server: serverCpu / seconds,
    generator: generatorCpu / seconds,
    others: others / seconds,
  };
  return { step, sent: outcomes.length, settleMs: settled - sendsDone };
}

const cores = (n: number) => n.toFixed(2);

const stepLine = ({ figures: f, server, generator, others }: Step) =>
  `${int(f.rate).padStart(6)}/s offered ${int(f.answeredRate).padStart(6)}/s answered  p50 ${msText(f.p50)}  ` +
  `p99 ${msText(f.p99)}  max ${msText(f.max)}  503 ${f.refused503}  429 ${f.refused429}  5xx ${f.other5xx}  ` +
  `timeouts ${f.timeouts}  resets ${f.resets}  errors ${f.errors}  ${codes({ ...f.clientErrors, ...f.causes })}  ` +
  `cores: service ${cores(server)} generator ${cores(generator)} others ${cores(others)}  lag p99 ${msText(f.lagP99)}`;

async function run(ctx: { command: string }): Promise<SuiteResult> {
  const dbs: Db[] = process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
  const loadBefore = load();
  const bareRps: number[] = [];
  const runs: DbRun[] = [];
  const versions: string[] = [];
  const bare = await startServer(resolve(SERVERS, "bare.ts"));
  try {
    const bareOnce = async () => {
      const m = await measure(`${bare.base}/bare`, {}, BARE_LOAD, bare.cpuSeconds);
      bareRps.push(m.rps);
      console.log(`  bare Fastify GET: ${int(m.rps)} req/s (closed loop, ${BARE_LOAD.connections} connections)`);
    };
    await bareOnce();
    for (const db of dbs) {
      const service = await startServer(resolve(SERVERS, "service.ts"), {
        BENCH_DB: db,
        BENCH_LIMITED_KEY: String(LIMITED_PER_MINUTE),
      });
      try {
        if (service.info.version) versions.push(service.info.version);
        runs.push(await runDb(service, db));
      } finally {
        await service.stop();
      }
    }
    await bareOnce();
  } finally {
    await bare.stop();
  }
  return report({ command: ctx.command, load: `${loadBefore} at start, ${load()} at end`, versions, bareRps, runs });
}

interface RunFacts {
  command: string;
  load: string;
  versions: string[];
  bareRps: number[];
  runs: DbRun[];
}

const codes = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([label, n]) => `${label} × ${int(n)}`)
    .join(", ") || "—";

function report({ command, load, versions, bareRps, runs }: RunFacts): SuiteResult {
  const bareMean = bareRps.reduce((a, b) => a + b, 0) / bareRps.length;
  const checks: string[][] = [];
  const missed: string[] = [];
  const check = (what: string, target: string, measured: string, ok: boolean) => {
    checks.push([what, target, measured, ok ? "PASS" : "**MISSED**"]);
    if (!ok) missed.push(`${what}: ${measured} (target ${target})`);
  };
  const sections: string[] = [];
  for (const r of runs) {
    const label = DB_LABEL[r.db];
    const figures = r.steps.map((s) => s.figures);
    const knee = kneeOf(figures, KNEE_P99_MS);
    const kneeRate = knee?.rate ?? 0;
    const sum = (f: (s: StepFigures) => number, of: readonly StepFigures[] = figures) =>
      of.reduce((a, s) => a + f(s), 0);

    sections.push(
      `### ${label}`,
      "",
      table(
        [
          "offered /s",
          "answered /s",
          "2xx",
          "p50",
          "p99",
          "max",
          "503",
          "429",
          "other 5xx",
          "timeouts",
          "resets",
          "errors",
          "4xx by code, unanswered by cause",
          "cores: service / generator / others",
          "generator lag p99 / max",
        ],
        r.steps.map(({ figures: f, server, generator, others }) => [
          f === knee ? `**${int(f.rate)}** (knee)` : int(f.rate),
          int(f.answeredRate),
          int(f.ok),
          msText(f.p50),
          msText(f.p99),
          msText(f.max),
          int(f.refused503),
          int(f.refused429),
          int(f.other5xx),
          int(f.timeouts),
          int(f.resets),
          int(f.errors),
          codes({ ...f.clientErrors, ...f.causes }),
          `${cores(server)} / ${cores(generator)} / ${cores(others)}`,
          `${msText(f.lagP99)} / ${msText(f.lagMax)}`,
        ]),
      ),
      "",
      `Knee: ${knee ? `${int(knee.rate)} req/s offered and answered (p99 ${msText(knee.p99)}), ${pct(knee.answeredRate / bareMean)} of bare Fastify's ${int(bareMean)} req/s` : `none: no step had p99 ≤ ${KNEE_P99_MS} ms with nothing refused or lost`}. ` +
        `Limiter step (${int(LIMITER_RATE)} req/s for ${STEP_SECONDS} s on a key limited to ${LIMITED_PER_MINUTE}/min): ` +
        `${int(r.limiter.ok)} × 2xx, ${int(r.limiter.refused429)} × 429, p99 ${msText(r.limiter.p99)}. ` +
        `GET /account one at a time, p50 / p95 / max: idle ${msText(r.idle.p50)} / ${msText(r.idle.p95)} / ${msText(r.idle.max)}; ` +
        `after the ramp ${msText(r.after.p50)} / ${msText(r.after.p95)} / ${msText(r.after.max)} ` +
        `(the last step's requests settled ${msText(r.settleMs)} after its last arrival).`,
      "",
    );

    const all = [...figures, r.limiter];
    const other5xx = sum((s) => s.other5xx, all);
    check(`5xx other than a 503 refusal (${label})`, "0", int(other5xx), other5xx === 0);
    const upTo = figures.filter((s) => knee !== null && s.rate <= TARGETS.cleanUpTo * kneeRate);
    const lost = sum((s) => s.timeouts + s.resets, upTo);
    const lastClean = upTo.at(-1)?.rate;
    check(
      `timeouts + resets, steps up to ${TARGETS.cleanUpTo}× the knee (${label})`,
      "0",
      knee ? `${int(lost)} (steps to ${int(lastClean ?? 0)} req/s)` : "no knee",
      knee !== null && lost === 0,
    );
    const past = figures.filter((s) => s.rate > kneeRate);
    const worst = past.reduce<StepFigures | null>((w, s) => (w === null || s.p99 > w.p99 ? s : w), null);
    check(
      `answered p99 past the knee, worst step (${label})`,
      `≤ ${msText(TARGETS.pastKneeP99)}`,
      worst ? `${msText(worst.p99)} at ${int(worst.rate)} req/s` : "no step past the knee",
      worst !== null && worst.p99 <= TARGETS.pastKneeP99,
    );
    const refusals = sum((s) => s.refused503 + s.refused429);
    const bad = sum((s) => s.badRefusals);
    check(
      `refusals (429, 503) with the table's code and Retry-After (${label})`,
      "all",
      refusals ? `${int(refusals - bad)} of ${int(refusals)}` : "none was made",
      bad === 0,
    );
    check(
      `limiter 429s under load with rate_limited and Retry-After (${label})`,
      "all, and some",
      `${int(r.limiter.refused429 - r.limiter.badRefusals)} of ${int(r.limiter.refused429)}`,
      r.limiter.refused429 > 0 && r.limiter.badRefusals === 0,
    );
    const bound = Math.max(2 * r.idle.p95, r.idle.p95 + 2);
    const all200 = r.after.statuses.every((s) => s === 200);
    check(
      `GET /account after the ramp, p95 of ${PROBES} (${label})`,
      `all 200, ≤ ${msText(bound)} (idle p95 ${msText(r.idle.p95)} ×2, or +2 ms)`,
      `${all200 ? "all 200" : `statuses ${[...new Set(r.after.statuses)].join(", ")}`}, ${msText(r.after.p95)}`,
      all200 && r.after.p95 <= bound,
    );
  }

  const noPostgres = runs.some((r) => r.db === "postgres") ? "" : " PostgreSQL skipped: DATABASE_URL not set.";
  const markdown = [
    "## load: one process past saturation",
    "",
    `Command: \`${command}\` · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${machine()} · load average (1 min) ${load} · ${versions.join(", ")}`,
    "",
    "Open-loop load from the parent process (bench/lib/open-loop.ts): requests go out at a fixed rate whatever " +
      "the server does, each on a free keep-alive connection (a new one when none is free, up to 4,096), and each " +
      `is timed from when it was due, so a queue shows as latency. Steps of ${STEP_SECONDS} s from ` +
      `${int(START_RATE)} req/s, ×${FACTOR} a step, after a ${WARMUP_SECONDS} s warm-up; each step's requests ` +
      `settle before the next starts. A request unanswered ${TIMEOUT_MS / 1000} s after it was due, waiting for a ` +
      "connection or on one, is abandoned and counted a timeout (`DEADLINE`; `UND_ERR_CONNECT_TIMEOUT` when " +
      "connecting gave up first); *resets* are connections closed or refused under a request. The mix, repeated every 20 requests: 6 GET /account, " +
      "5 GET /wallet/ledger?limit=20, 3 GET /renders?limit=20, 2 GET /templates?limit=20 and 4 writes with an " +
      "Idempotency-Key each: creating a saved template and deleting one in turn (or, while the benchmark's " +
      `own templates in flight would pass ${TEMPLATE_CAP} of the account's 50, updating a standing one). The ` +
      "service (bench/servers/service.ts, as core runs it: its own process, a fresh SQLite file or PostgreSQL " +
      "schema, rate limits raised so the ramp measures capacity, not the limiter) is told nothing about the load. " +
      `The *limiter step* (before the ramp) sends GET /account on a second key limited to ${LIMITED_PER_MINUTE} ` +
      `requests a minute. *Knee*: the highest step with p99 ≤ ${KNEE_P99_MS} ms and nothing refused or lost. The ` +
      "ramp stops once a step offers at least twice the rate of the first step that was not so, " +
      `${TARGETS.cleanUpTo}× the knee's, and 1.5× that of the first step the service did not keep up with ` +
      "(*answered /s*, the answers that came within the step's own time, under 95 % of the rate, or anything " +
      `refused or lost), or after ${MAX_STEPS} steps. The knee is also given as a share of bare ` +
      `Fastify's req/s (bench/servers/bare.ts, autocannon, ${BARE_LOAD.connections} connections, closed loop, as ` +
      `core measures it), measured before and after the ramps: ${bareRps.map((r) => int(r)).join(" and ")} req/s. ` +
      "*cores*: CPU time over the step (and its settling) in cores of the machine's 2: the service's, the load " +
      "generator's, and everything else's (/proc/stat, steal included; with PostgreSQL its server is among " +
      "them): the machine is shared, and a step where others took a core measures less of the service. *generator lag*: how late the generator itself sent " +
      `requests; latencies include it.${noPostgres}`,
    "",
    ...sections,
    table(["Check", "Target", "Measured", "Result"], checks),
  ].join("\n");
  return { markdown, missed };
}

export const loadSuite: Suite = { name: "load", title: "one process past saturation", run };
