// Webhook fan-out: terminal job states → signed deliveries at a loopback receiver.
//
// Issue "webhooks benchmark": 5,000 terminal events fanned out to a loopback receiver; deliveries/s
// and the p50/p99 delay from the terminal state to the first attempt. Targets on the embedded
// topology (SQLite, embedded queue): p99 ≤ 1 s and ≥ 500 deliveries/s. The Redis topology
// (PostgreSQL + BullMQ on Redis; deliveries still come from the table) is recorded without a target.
//
// The service runs in a child process (bench/servers/webhooks-service.ts: buildApp + startWorkers),
// the receiver in this one (bench/lib/receiver.ts), so the two never share an event loop. Per round:
//   baseline  the same 5,000 signed bodies sent straight from the child with pinnedPost at the
//             dispatcher's concurrency (32): no database, no dispatcher; what the receiver path allows
//   burst     5,000 running render jobs settled succeeded with settleJob back to back (the scored run):
//             each commit writes the event and its pending delivery, the dispatcher sends them
//   paced     the same at an offered 500 settles/s (the rate target): the delay when the dispatcher
//             keeps up, for information
// The delay of a delivery is its first attempt's arrival at the receiver minus the commit of the
// settle that caused it; deliveries/s is 5,000 ÷ (last arrival − start of the first settle, or of the
// first send for the baseline). Both processes read the system clock (performance.timeOrigin + now).
import { resolve } from "node:path";
import { BenchError, median } from "../lib/load.js";
import { type Receiver, startReceiver } from "../lib/receiver.js";
import { int, load, machine, ms, pct, table } from "../lib/report.js";
import { type RunningServer, startServer } from "../lib/server.js";
import type { Suite, SuiteResult } from "../lib/suite.js";

const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
// Overridable for a quick look (BENCH_EVENTS=1000 BENCH_ROUNDS=1); the recorded figures use the defaults.
const EVENTS = num("BENCH_EVENTS", 5000);
const ROUNDS = num("BENCH_ROUNDS", 3);
const CONCURRENCY = 32; // the dispatcher's (src/domains/webhooks/dispatcher.ts)
const PACED_RATE = 500;
const WARMUP_EVENTS = Math.min(1000, EVENTS);
const WAIT_MS = 180_000;

const TARGETS = { p99: 1000, rate: 500 };

const SERVER = resolve(import.meta.dirname, "../servers/webhooks-service.ts");

type Phase = "baseline" | "burst" | "paced";
const PHASES: Phase[] = ["baseline", "burst", "paced"];
const PHASE_LABEL: Record<Phase, string> = {
  baseline: "baseline: signed POSTs, pinnedPost × 32, no db",
  burst: `burst: ${int(EVENTS)} settles back to back`,
  paced: `paced: ${int(EVENTS)} settles at ${PACED_RATE}/s`,
};

interface Topology {
  id: "embedded" | "redis";
  label: string;
  env: Record<string, string>;
  phases: Phase[];
}

interface Figures {
  /** Deliveries per second: EVENTS ÷ (last arrival − first settle/send). */
  rate: number;
  /** Settles (or sends) per second: how fast the events were produced. */
  produced: number;
  p50: number;
  p99: number;
  max: number;
  /** Share of one core the service process used from the first settle to the last arrival. */
  busy: number;
}

interface ChildInfo {
  port: number;
  version: string;
  secret: string;
  queue: string;
}

async function call<T>(server: RunningServer, path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(server.base + path, { method: "POST", body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200) throw new BenchError(`${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Nearest-rank percentile of sorted numbers. */
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;

async function runPhase(phase: Phase, server: RunningServer, receiver: Receiver, events = EVENTS): Promise<Figures> {
  const info = server.info as unknown as ChildInfo;
  const before = await call<{ deliveries: Record<string, number> }>(server, "/quiet");
  receiver.reset(info.secret);
  let ids: string[];
  let start: number;
  let stamps: number[]; // per id: settle commit, or the send of the baseline's POST
  let cpu0: number;
  if (phase === "baseline") {
    cpu0 = server.cpuSeconds();
    const r = await call<{ start: number; ids: string[]; sent: number[] }>(server, "/baseline", {
      count: events,
      concurrency: CONCURRENCY,
    });
    ({ ids, start } = r);
    stamps = r.sent;
  } else {
    ids = (await call<{ ids: string[] }>(server, "/prepare", { count: events })).ids;
    cpu0 = server.cpuSeconds();
    const r = await call<{ start: number; settled: number[] }>(server, "/settle", {
      ids,
      ratePerSecond: phase === "paced" ? PACED_RATE : 0,
    });
    start = r.start;
    stamps = r.settled;
  }
  await receiver.waitFor(events, WAIT_MS);
  const cpu = server.cpuSeconds() - cpu0;

  const problems = [...receiver.problems];
  const delays: number[] = [];
  let last = 0;
  ids.forEach((id, i) => {
    const a = receiver.arrivals.get(id);
    if (!a) {
      problems.push(`${id}: never arrived`);
      return;
    }
    if (a.attempt !== 1) problems.push(`${id}: first arrival was attempt ${a.attempt}`);
    if (a.count !== 1) problems.push(`${id}: arrived ${a.count} times`);
    delays.push(a.at - (stamps[i] as number));
    last = Math.max(last, a.at);
  });
  if (receiver.arrivals.size !== ids.length)
    problems.push(`${receiver.arrivals.size} distinct arrivals, not ${ids.length}`);
  if (receiver.verified() === 0) problems.push("no signature was checked");
  if (phase !== "baseline") {
    // Every delivery of this phase recorded as succeeded on its first attempt, and nothing else.
    const after = (await call<{ deliveries: Record<string, number> }>(server, "/quiet")).deliveries;
    const added = (k: string) => (after[k] ?? 0) - (before.deliveries[k] ?? 0);
    const others = Object.keys(after).filter((k) => k !== "succeeded#1" && added(k) !== 0);
    if (added("succeeded#1") !== events || others.length)
      problems.push(`deliveries recorded: ${JSON.stringify(after)} (before: ${JSON.stringify(before.deliveries)})`);
  }
  if (problems.length) {
    throw new BenchError(`${phase}: ${problems.length} problem(s): ${problems.slice(0, 5).join("; ")}`);
  }
  const lastStamp = Math.max(...stamps);
  delays.sort((a, b) => a - b);
  return {
    rate: events / ((last - start) / 1000),
    produced: events / ((lastStamp - start) / 1000),
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    max: delays[delays.length - 1] as number,
    busy: cpu / ((last - start) / 1000),
  };
}

async function run(ctx: { command: string }): Promise<SuiteResult> {
  const topologies: Topology[] = [
    { id: "embedded", label: "embedded (SQLite, embedded queue)", env: { BENCH_DB: "sqlite" }, phases: PHASES },
  ];
  if (process.env.DATABASE_URL) {
    const redis = process.env.REDIS_URL ? "BullMQ on Redis" : "embedded queue (REDIS_URL not set)";
    // No paced run: PostgreSQL settles one after the other slower than the paced rate (see produced/s).
    topologies.push({
      id: "redis",
      label: `Redis (PostgreSQL, ${redis})`,
      env: { BENCH_DB: "postgres" },
      phases: ["baseline", "burst"],
    });
  }
  const loadBefore = load();
  const results = new Map<string, Figures[]>();
  const versions: string[] = [];
  const receiver = await startReceiver();
  try {
    for (const topo of topologies) {
      const server = await startServer(
        SERVER,
        { ...topo.env, BENCH_RECEIVER_URL: receiver.url },
        process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
      );
      try {
        const info = server.info as unknown as ChildInfo;
        versions.push(`${topo.id}: ${info.version}, queue ${info.queue}`);
        // A throw-away warm-up (JIT, connection pools, statement caches), then the rounds, the order
        // of the phases flipped every round so drift does not always favour the same one.
        await runPhase("baseline", server, receiver, WARMUP_EVENTS);
        await runPhase("burst", server, receiver, WARMUP_EVENTS);
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? topo.phases : [...topo.phases].reverse();
          for (const phase of order) {
            const f = await runPhase(phase, server, receiver);
            const key = `${topo.id}:${phase}`;
            results.set(key, [...(results.get(key) ?? []), f]);
            console.log(
              `  round ${round + 1}/${ROUNDS}  ${topo.id.padEnd(8)} ${phase.padEnd(8)} ` +
                `${int(f.rate).padStart(6)} deliveries/s  p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  ` +
                `max ${f.max.toFixed(0)} ms  produced ${int(f.produced)}/s  service busy ${pct(f.busy)}`,
            );
          }
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await receiver.close();
  }
  return report(ctx.command, `${loadBefore} at start, ${load()} at end`, versions, topologies, results);
}

function report(
  command: string,
  loadText: string,
  versions: string[],
  topologies: Topology[],
  results: Map<string, Figures[]>,
): SuiteResult {
  const runs = (key: string) => results.get(key) ?? [];
  const med = (key: string, f: (m: Figures) => number) => median(runs(key).map(f));
  // Ratio per round (service and baseline measured seconds apart), then the median.
  const ratio = (topo: string, phase: Phase) =>
    median(runs(`${topo}:${phase}`).map((m, i) => m.rate / (runs(`${topo}:baseline`)[i]?.rate ?? Number.NaN)));
  const ms1 = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

  const rows: string[][] = [];
  for (const topo of topologies) {
    for (const phase of topo.phases) {
      const key = `${topo.id}:${phase}`;
      rows.push([
        topo.id,
        PHASE_LABEL[phase],
        int(med(key, (m) => m.rate)),
        // Only the burst is the dispatcher's capacity; a paced run goes at the rate it is offered.
        phase === "burst" ? pct(ratio(topo.id, phase)) : "—",
        int(med(key, (m) => m.produced)),
        ms1(med(key, (m) => m.p50)),
        ms1(med(key, (m) => m.p99)),
        ms1(med(key, (m) => m.max)),
        pct(med(key, (m) => m.busy)),
      ]);
    }
  }
  const figures = table(
    [
      "Topology",
      "Run",
      "deliveries/s",
      "÷ baseline",
      "produced/s",
      "delay p50",
      "delay p99",
      "delay max",
      "service busy",
    ],
    rows,
  );

  const checks: string[][] = [];
  const missed: string[] = [];
  const check = (what: string, target: string, measured: string, ok: boolean) => {
    checks.push([what, target, measured, ok ? "PASS" : "**MISSED**"]);
    if (!ok) missed.push(`${what}: ${measured} (target ${target})`);
  };
  const p99 = med("embedded:burst", (m) => m.p99);
  const rate = med("embedded:burst", (m) => m.rate);
  check("delay p99, burst (embedded)", `≤ ${ms(TARGETS.p99)}`, ms1(p99), p99 <= TARGETS.p99);
  check("deliveries/s, burst (embedded)", `≥ ${int(TARGETS.rate)}`, int(rate), rate >= TARGETS.rate);
  checks.push(["deliveries/s ÷ baseline, burst (embedded)", "information", pct(ratio("embedded", "burst")), "—"]);
  const pacedP99 = med("embedded:paced", (m) => m.p99);
  checks.push([`delay p99 at ${PACED_RATE} settles/s (embedded)`, "information", ms1(pacedP99), "—"]);
  if (topologies.some((t) => t.id === "redis")) {
    checks.push(["deliveries/s, burst (Redis)", "recorded, no target", int(med("redis:burst", (m) => m.rate)), "—"]);
    checks.push(["delay p99, burst (Redis)", "recorded, no target", ms1(med("redis:burst", (m) => m.p99)), "—"]);
  }

  const noRedis = topologies.some((t) => t.id === "redis")
    ? ""
    : " Redis topology skipped: DATABASE_URL (and REDIS_URL) not set.";
  const markdown = [
    "## webhooks: terminal events → deliveries",
    "",
    `Command: \`${command}\` · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${machine()} · load average (1 min) ${loadText} · ${versions.join("; ")}`,
    "",
    `Topologies: ${topologies.map((t) => `*${t.id}* = ${t.label}`).join("; ")}.${noRedis} The service ` +
      "(buildApp + startWorkers, so the dispatcher runs in it as under `clipwright serve`) is a child process " +
      "on a fresh database (PostgreSQL: a fresh schema) with one paid account and one endpoint for " +
      "render.succeeded, registered through POST /webhooks, pointing at a receiver in the bench process " +
      "(node:http on 127.0.0.1, 204 at once; every 25th signature checked with src/webhooks/verify.ts). " +
      `Each run: ${int(EVENTS)} render jobs are inserted in state running (not timed), then settled succeeded ` +
      "with settleJob one after the other (the loop yields to the event loop between settles), each commit " +
      "writing the event and its pending delivery; the targets are scored on *burst*, which settles as fast " +
      `as it goes. *paced* (embedded only) starts one settle every ${1000 / PACED_RATE} ms, the rate target, to ` +
      "show the delay when events come no faster than that; PostgreSQL settles slower than that one after " +
      "the other, so its burst already is such a run. *baseline* sends the same signed bodies straight from " +
      `the service process with pinnedPost, ${CONCURRENCY} at a time (the dispatcher's concurrency): no ` +
      "database, no dispatcher.",
    "",
    "*deliveries/s* = events ÷ (last first-attempt arrival − start of the first settle or send); *÷ baseline* = " +
      "that ÷ the baseline's, per round; *produced/s* = how fast settles committed (or POSTs were sent); " +
      "*delay* = first-attempt arrival − commit of its settle (baseline: − its send), from the system clock " +
      "of both processes; *service busy* = the service process's CPU (from /proc) over the run, as a share of " +
      "one core. Where deliveries/s ≈ produced/s, the dispatcher kept up and the settles set the pace. " +
      `Warm-up (discarded): a baseline and a burst of ${int(WARMUP_EVENTS)}; then ${ROUNDS} round(s) in ` +
      "alternating order; figures are " +
      "medians of the rounds. Every run checks that each event arrived exactly once, as attempt 1, and " +
      "was recorded succeeded.",
    "",
    figures,
    "",
    table(["Check", "Target", "Measured", "Result"], checks),
  ].join("\n");
  return { markdown, missed };
}

export const webhooks: Suite = { name: "webhooks", title: "terminal events → webhook deliveries", run };
