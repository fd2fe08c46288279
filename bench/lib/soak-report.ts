// The soak suite's report: the measured windows' table, the first and last windows side by side with the
// quiet readings, and the checks against the targets (a missed one is listed, never lowered).
import { msText, percentile } from "./latency.js";
import type { ProcessFigures } from "./process-figures.js";
import { int, machine, table } from "./report.js";
import type { Run, Sample } from "./soak-record.js";
import {
  CLIENTS,
  IDLE_S,
  MEASURED_S,
  MINUTES,
  OFFERED,
  RATE_PER_CLIENT,
  SAMPLE_S,
  TARGETS,
  WARMUP_WINDOWS,
  WINDOW_S,
  WINDOWS,
} from "./soak-settings.js";
import { mean, slope, type Tally, total } from "./soak-stats.js";
import type { SuiteResult } from "./suite.js";

export interface Outcomes {
  run: Run;
  db: string;
  version: string;
  warm: Sample;
  idle: Sample;
  /** Storyboards still queued or running after the final idle. */
  stuck: number;
  failedPlans: number;
  /** Test events and job events that never reached the receiver. */
  undelivered: string[];
  receiverProblems: string[];
  stopSeconds: number;
}

const mb = (n: number) => (Number.isNaN(n) ? "—" : n < 10 ? n.toFixed(1) : n.toFixed(0));
const times = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : "—");
const fdText = (f: ProcessFigures) =>
  `${f.fds} (${f.fdKinds.socket} sockets, ${f.fdKinds.pipe} pipes, ${f.fdKinds.anon} anon, ${f.fdKinds.file} files)`;
const kindsText = (f: ProcessFigures) =>
  Object.entries(f.kinds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, n]) => `${n} ${kind}`)
    .join(", ") || "none";
const procText = (f: ProcessFigures) => `${f.children}${f.zombies ? ` (${f.zombies} zombies)` : ""}`;

/** Up to 12 windows, evenly spread, first and last included. */
function shownWindows(): number[] {
  if (WINDOWS <= 12) return Array.from({ length: WINDOWS }, (_, i) => i);
  return [...new Set(Array.from({ length: 12 }, (_, i) => Math.round((i * (WINDOWS - 1)) / 11)))];
}

export function report(command: string, loadText: string, o: Outcomes): SuiteResult {
  const { run, warm, idle } = o;
  const first = run.windows[0] as Tally;
  const last = run.windows[WINDOWS - 1] as Tally;
  const inWindow = (i: number) => run.samples.filter((s) => s.window === i);
  const rssMean = (i: number) => mean(inWindow(i).map((s) => s.figures.rssMb));
  const anonMean = (i: number) => mean(inWindow(i).map((s) => s.figures.rssAnonMb));
  const most = (i: number, f: (s: Sample) => number) => Math.max(...inWindow(i).map(f));
  const lastOf = (i: number, f: (s: Sample) => number) => {
    const s = inWindow(i).at(-1);
    return s ? f(s) : Number.NaN;
  };
  const plansIn = (i: number) => run.plans.filter((p) => p.window === i).map((p) => p.seconds);
  const deliveryIn = (i: number) =>
    run.tests.filter((t) => t.window === i && !Number.isNaN(t.delayMs)).map((t) => t.delayMs);
  const rps = (t: Tally) => t.requests / WINDOW_S;

  // The windows' table, column by column: its heading and its cell for window i.
  const columns: [string, (i: number) => string][] = [
    ["Window", (i) => `${i + 1}`],
    ["req/s", (i) => int(rps(run.windows[i] as Tally))],
    ["p50", (i) => msText((run.windows[i] as Tally).latency(50))],
    ["p99", (i) => msText((run.windows[i] as Tally).latency(99))],
    [
      "5xx / wrong refusal / unexpected / no answer",
      (i) => {
        const c = (run.windows[i] as Tally).counts;
        return `${c["5xx"]} / ${c["wrong-refusal"]} / ${c.unexpected} / ${c["no-answer"]}`;
      },
    ],
    [
      "plan (submit → settled)",
      (i) =>
        plansIn(i)
          .map((s) => `${s.toFixed(0)} s`)
          .join(", ") || "—",
    ],
    ["test delivery p50", (i) => msText(percentile(deliveryIn(i), 50))],
    ["RSS MB (mean)", (i) => mb(rssMean(i))],
    ["FDs (max)", (i) => `${most(i, (s) => s.figures.fds)}`],
    ["processes (max)", (i) => `${most(i, (s) => s.figures.children)}`],
    ...(o.db === "sqlite"
      ? [["SQLite + WAL MB", (i: number) => mb(lastOf(i, (s) => s.dbMb))] as [string, (i: number) => string]]
      : []),
    ["load average", (i) => lastOf(i, (s) => s.loadAverage).toFixed(1)],
  ];
  const windowTable = table(
    columns.map(([heading]) => heading),
    shownWindows().map((i) => columns.map(([, cell]) => cell(i))),
  );

  // Figures of the first and last windows side by side, with the quiet readings where there are some.
  const L = WINDOWS - 1;
  const side = (
    label: string,
    warmText: string,
    f: (i: number) => number,
    fmt: (n: number) => string,
    idleText: string,
  ) => [label, warmText, fmt(f(0)), fmt(f(L)), times(f(L) / f(0)), idleText];
  const fromTally = (label: string, f: (t: Tally) => number, fmt: (n: number) => string) =>
    side(label, "—", (i) => f(run.windows[i] as Tally), fmt, "—");
  const maxOnly = (n: number) => `${n} max`;
  const figuresTable = table(
    ["Figure", "warm-up reading", "first window", "last window", "last ÷ first", "after idle"],
    [
      side("RSS MB (mean)", mb(warm.figures.rssMb), rssMean, mb, mb(idle.figures.rssMb)),
      side(
        "of which anonymous MB (heap, malloc)",
        mb(warm.figures.rssAnonMb),
        anonMean,
        mb,
        mb(idle.figures.rssAnonMb),
      ),
      side(
        "open file descriptors",
        fdText(warm.figures),
        (i) => most(i, (s) => s.figures.fds),
        maxOnly,
        fdText(idle.figures),
      ),
      side(
        "processes below the service",
        procText(warm.figures),
        (i) => most(i, (s) => s.figures.children),
        maxOnly,
        procText(idle.figures),
      ),
      ...(o.db === "sqlite"
        ? [
            side("SQLite + WAL MB (window's end)", mb(warm.dbMb), (i) => lastOf(i, (s) => s.dbMb), mb, mb(idle.dbMb)),
            side("of which WAL MB", mb(warm.walMb), (i) => lastOf(i, (s) => s.walMb), mb, mb(idle.walMb)),
          ]
        : []),
      side("metrics series", `${warm.series}`, (i) => lastOf(i, (s) => s.series), String, `${idle.series}`),
      fromTally("requests/s", rps, int),
      fromTally("latency p50", (t) => t.latency(50), msText),
      fromTally("latency p99", (t) => t.latency(99), msText),
      side("test delivery p99", "—", (i) => percentile(deliveryIn(i), 99), msText, "—"),
    ],
  );

  const all = total([run.warmup, ...run.windows, run.after]);
  const measured = total(run.windows);
  const server5xx = idle.server5xx;
  const half = run.samples.filter((s) => s.window >= 0 && s.at >= MEASURED_S / 2);
  const rssSlope = slope(half.map((s) => [s.at / 3600, s.figures.rssMb] as const));
  const anonSlope = slope(half.map((s) => [s.at / 3600, s.figures.rssAnonMb] as const));
  const rssRatio = idle.figures.rssMb / warm.figures.rssMb;
  const p99Ratio = last.latency(99) / first.latency(99);
  const fdsOver = idle.figures.fds - warm.figures.fds;
  const refusals = all.counts.refused + all.counts["wrong-refusal"];

  const checks: string[][] = [];
  const missed: string[] = [];
  const check = (what: string, target: string, measuredText: string, ok: boolean) => {
    checks.push([what, target, measuredText, ok ? "PASS" : "**MISSED**"]);
    if (!ok) missed.push(`${what}: ${measuredText} (target ${target})`);
  };
  check(
    "5xx answers, whole run",
    "0",
    `${all.counts["5xx"]} (service's own count: ${server5xx})`,
    all.counts["5xx"] === 0 && server5xx === 0,
  );
  check(
    "refusals with their status and spec code",
    "all",
    `${int(all.counts.refused)} of ${int(refusals)}`,
    all.counts["wrong-refusal"] === 0,
  );
  check(
    "other unexpected answers (status, replay) or none at all",
    "0",
    `${all.counts.unexpected} unexpected, ${all.counts["no-answer"]} unanswered`,
    all.counts.unexpected + all.counts["no-answer"] === 0,
  );
  check(
    `RSS slope, second half of the load (${half.length} samples)`,
    `≤ ${TARGETS.slopeMbPerHour} MB/h`,
    `${rssSlope.toFixed(1)} MB/h`,
    rssSlope <= TARGETS.slopeMbPerHour,
  );
  checks.push(["of which anonymous memory (heap, malloc)", "information", `${anonSlope.toFixed(1)} MB/h`, "—"]);
  check("RSS after idle ÷ warm-up reading", `≤ ${TARGETS.rssRatio}`, times(rssRatio), rssRatio <= TARGETS.rssRatio);
  check("p99 last window ÷ first window", `≤ ${TARGETS.p99Ratio}`, times(p99Ratio), p99Ratio <= TARGETS.p99Ratio);
  check(
    "open FDs after idle − warm-up reading",
    `≤ +${TARGETS.fdsOver}`,
    `${fdsOver >= 0 ? "+" : ""}${fdsOver}`,
    fdsOver <= TARGETS.fdsOver,
  );
  check(
    "processes below the service after idle",
    `= warm-up (${warm.figures.children}), no zombie`,
    procText(idle.figures),
    idle.figures.children === warm.figures.children && idle.figures.zombies === 0,
  );
  check(
    "storyboard plans settled",
    "none stuck",
    `${o.stuck} stuck of ${run.plans.length} (${o.failedPlans} failed)`,
    o.stuck === 0,
  );
  check(
    "webhooks delivered (test events + job events)",
    "all",
    `${o.undelivered.length} missing of ${run.tests.length + run.plans.length}`,
    o.undelivered.length === 0,
  );
  checks.push(["requests/s over the measured load", `${OFFERED} offered`, int(measured.requests / MEASURED_S), "—"]);
  checks.push(["service stop after the run (SIGTERM → exit)", "information", `${o.stopSeconds.toFixed(1)} s`, "—"]);

  const problems = [...run.problems.entries()]
    .filter(([, p]) => p.outcome !== "ok")
    .sort((a, b) => b[1].count - a[1].count)
    .slice(0, 8)
    .map(([, p]) => `- ${p.outcome} × ${p.count}: ${p.example}`);
  const notes = [
    ...problems,
    ...o.undelivered.slice(0, 5).map((u) => `- not delivered: ${u}`),
    ...o.receiverProblems.slice(0, 5).map((p) => `- receiver: ${p}`),
  ];

  const share = (n: number) => `${((n / Math.max(1, measured.requests)) * 100).toFixed(0)} %`;
  const markdown = [
    "## soak: one process under steady use",
    "",
    `Command: \`SOAK_MINUTES=${MINUTES} ${command}\` · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${machine()} · load average (1 min) ${loadText} · ${o.version}`,
    "",
    "The service runs as `clipwright serve` does, in one child process (bench/servers/service.ts with " +
      "BENCH_WORKERS=1: the API, the job runner, the webhook dispatcher and the sweepers; GET /metrics on a " +
      `port of its own) on a fresh ${o.db === "sqlite" ? "SQLite file" : "PostgreSQL schema"}, with one paid account. ` +
      `Load: ${CLIENTS} clients × ${RATE_PER_CLIENT} req/s (${OFFERED} req/s offered, each request paced), in shuffled ` +
      "decks of 100 requests: two thirds reads (account, wallet, ledger pages, job lists, catalogue, usage, " +
      "webhooks); writes with Idempotency-Key (webhook endpoints registered, sent a test event, the test " +
      "replayed, the key reused with another body (409), the delivery awaited at a real receiver, the log read, " +
      "the endpoint deleted; API keys created through a dashboard session, replayed, used, refused a scope " +
      "(403), revoked and refused (401)); refusals (bad bodies, a missing Idempotency-Key, unknown ids, a bad " +
      "cursor, an API key on a session-only operation, a bad token), each checked for its status and spec " +
      "code; a sign-in and sign-out every fourth deck. Beside them one storyboard plan of the fixture site " +
      "(Chromium) at the start of every window, its events delivered to the receiver. " +
      `Measured: ${share(measured.counts.ok)} answered as asked, ${share(measured.counts.refused)} refused as expected.`,
    "",
    `\`SOAK_MINUTES\` (default 10) sets the measured load: ${WINDOWS} windows of ${WINDOW_S} s here, after a warm-up ` +
      `of ${WARMUP_WINDOWS * WINDOW_S} s of the same load and ${IDLE_S} s idle (the *warm-up reading*); after the load, ` +
      `the plans settle and ${IDLE_S} s idle (the *after-idle reading*). Every ${SAMPLE_S} s the service process is read ` +
      "from /proc (RSS, open file descriptors, processes below it: Chromium and whatever it started), with the " +
      "database file and GET /metrics; latencies are the clients' (request sent → body read), nearest-rank per " +
      "window; *load average* is the machine's (1 min) at the window's end, since neighbours on a shared " +
      "machine move latencies. The service exports no V8 heap figures, so the heap is not shown. The RSS " +
      "slope is a least-squares fit of the samples over the second half of the load.",
    "",
    windowTable,
    "",
    figuresTable,
    "",
    `Processes below the service at the warm-up reading: ${kindsText(warm.figures)}; after idle: ${kindsText(idle.figures)}.`,
    "",
    table(["Check", "Target", "Measured", "Result"], checks),
    ...(notes.length ? ["", "What went wrong (first example of each):", "", ...notes] : []),
  ].join("\n");
  return { markdown, missed };
}
