// Platform core: what the request pipeline (auth, scopes, rate limits, usage metering, conventions,
// database) costs compared with bare Fastify on the same machine, in the same run.
//
// Targets (issue "platform-core benchmark"): GET /account ≥ 50 % of the bare route's req/s with
// p99 ≤ 10 ms at 50 connections; an authenticated list of 20 rows ≥ 3,000 req/s.
import { resolve } from "node:path";
import { type LoadOptions, type Measurement, measure, median } from "../lib/load.js";
import { int, load, machine, ms, pct, table } from "../lib/report.js";
import { type RunningServer, startServer } from "../lib/server.js";
import type { Suite, SuiteResult } from "../lib/suite.js";

const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
// Overridable for a quick look (BENCH_SECONDS=2 BENCH_ROUNDS=1); the recorded figures use the defaults.
const LOAD: LoadOptions = { connections: 50, warmupSeconds: num("BENCH_WARMUP", 3), seconds: num("BENCH_SECONDS", 8) };
const ROUNDS = num("BENCH_ROUNDS", 3);

const TARGETS = { ratio: 0.5, p99: 10, listRps: 3000 };

const SERVERS = resolve(import.meta.dirname, "../servers");

interface Target {
  id: string;
  label: string;
  db: string;
  url: string;
  headers: Record<string, string>;
}

type Db = "sqlite" | "postgres";
const DB_LABEL: Record<Db, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

function serviceTargets(server: RunningServer, db: Db): Target[] {
  const headers = { authorization: `Bearer ${server.info.key}` };
  const label = DB_LABEL[db];
  return [
    { id: `account:${db}`, label: "GET /account", db: label, url: `${server.base}/api/v1/account`, headers },
    {
      id: `list:${db}`,
      label: "GET /wallet/ledger?limit=20",
      db: label,
      url: `${server.base}/api/v1/wallet/ledger?limit=20`,
      headers,
    },
  ];
}

/** One plain request each before measuring: a wrong setup should fail here, not as 10 s of 401s. */
async function sanityCheck(t: Target): Promise<void> {
  const res = await fetch(t.url, { headers: t.headers });
  const body = (await res.json()) as { data?: unknown[] };
  if (res.status !== 200) throw new Error(`${t.label} (${t.db}) answered ${res.status}: ${JSON.stringify(body)}`);
  if (t.id.startsWith("list:") && body.data?.length !== 20) {
    throw new Error(`${t.label} (${t.db}) returned ${body.data?.length} rows, not 20`);
  }
}

async function run(ctx: { command: string }): Promise<SuiteResult> {
  const dbs: Db[] = process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
  const servers: RunningServer[] = [];
  const results = new Map<string, Measurement[]>();
  const targets: Target[] = [];
  const loadBefore = load();
  try {
    const bare = await startServer(resolve(SERVERS, "bare.ts"));
    servers.push(bare);
    targets.push({ id: "bare", label: "bare Fastify GET", db: "—", url: `${bare.base}/bare`, headers: {} });
    for (const db of dbs) {
      const service = await startServer(resolve(SERVERS, "service.ts"), { BENCH_DB: db });
      servers.push(service);
      targets.push(...serviceTargets(service, db));
    }
    for (const t of targets) await sanityCheck(t);

    // One target at a time (two loads at once would share the 2 cores); the order flips every round
    // so drift on a shared machine (thermal, neighbours) does not always favour the same target.
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const t of order) {
        const m = await measure(t.url, t.headers, LOAD);
        results.set(t.id, [...(results.get(t.id) ?? []), m]);
        console.log(
          `  round ${round + 1}/${ROUNDS}  ${t.label.padEnd(28)} ${t.db.padEnd(10)} ${int(m.rps).padStart(7)} req/s  p99 ${m.p99} ms`,
        );
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  return report(ctx.command, `${loadBefore} at start, ${load()} at end`, dbs, targets, results);
}

function report(
  command: string,
  loadAvg: string,
  dbs: Db[],
  targets: Target[],
  results: Map<string, Measurement[]>,
): SuiteResult {
  const runs = (id: string) => results.get(id) ?? [];
  const med = (id: string, f: (m: Measurement) => number) => median(runs(id).map(f));
  // Ratio per round (bare and target measured minutes apart, not a whole run apart), then the median.
  const ratio = (id: string) => median(runs(id).map((m, i) => m.rps / (runs("bare")[i]?.rps ?? Number.NaN)));

  const figures = table(
    ["Target", "Database", "req/s", "p50", "p99", "÷ bare req/s"],
    targets.map((t) => [
      t.label,
      t.db,
      int(med(t.id, (m) => m.rps)),
      ms(med(t.id, (m) => m.p50)),
      ms(med(t.id, (m) => m.p99)),
      t.id === "bare" ? "—" : pct(ratio(t.id)),
    ]),
  );

  const checks: string[][] = [];
  const missed: string[] = [];
  const check = (what: string, target: string, measured: string, ok: boolean) => {
    checks.push([what, target, measured, ok ? "PASS" : "**MISSED**"]);
    if (!ok) missed.push(`${what}: ${measured} (target ${target})`);
  };
  for (const db of dbs) {
    const r = ratio(`account:${db}`);
    const p99 = med(`account:${db}`, (m) => m.p99);
    const list = med(`list:${db}`, (m) => m.rps);
    check(`GET /account ÷ bare req/s (${DB_LABEL[db]})`, `≥ ${pct(TARGETS.ratio)}`, pct(r), r >= TARGETS.ratio);
    check(`GET /account p99 (${DB_LABEL[db]})`, `≤ ${ms(TARGETS.p99)}`, ms(p99), p99 <= TARGETS.p99);
    check(`list of 20 req/s (${DB_LABEL[db]})`, `≥ ${int(TARGETS.listRps)}`, int(list), list >= TARGETS.listRps);
  }

  const markdown = [
    "## core: platform request path",
    "",
    `Command: \`${command}\` · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC · ${machine()} · load average (1 min) ${loadAvg}`,
    "",
    `autocannon, ${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up (discarded) + ${LOAD.seconds} s measured ` +
      `per target, targets one at a time, ${ROUNDS} rounds in alternating order; figures are medians of the rounds ` +
      "(the ratio is the median of per-round ratios). Each server is its own process: bare Fastify with one route " +
      "returning a body like GET /account's; the service (buildApp) on a fresh database with raised rate limits, " +
      `one paid account, an all-scopes API key and 26 ledger rows${dbs.includes("postgres") ? "" : " (PostgreSQL skipped: DATABASE_URL not set)"}.`,
    "",
    figures,
    "",
    table(["Check", "Target", "Measured", "Result"], checks),
  ].join("\n");
  return { markdown, missed };
}

export const core: Suite = { name: "core", title: "platform request path", run };
