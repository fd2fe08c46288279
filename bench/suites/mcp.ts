// MCP over Streamable HTTP: what a read tool call (account_get) adds to the same operation over plain
// HTTP (GET /api/v1/account), in one run against one server process.
//
// Target (issue "MCP"): MCP adds ≤ 2 ms at p95, measured sequentially (one call at a time, as an agent
// calls tools). A modest concurrency (4 in flight) is recorded too, for information.
//
// The service runs in a child process (bench/servers/service.ts: buildApp, SQLite, raised limits, one
// paid account and an all-scopes key). The load comes from this process with undici over keep-alive
// connections, and each measurement alternates the two kinds request by request, so drift on a shared
// machine falls on both alike. The MCP request is what a stateless Streamable HTTP client sends after
// `initialize`: one POST of a JSON-RPC tools/call with Accept and Mcp-Protocol-Version. Latencies are
// taken per request with the high-resolution clock (microseconds, unlike autocannon's whole ms).
// Two more figures, for information: the server's CPU time per request of each kind (each kind alone,
// sequential), and the same tool call made with the SDK's own Client (client-side parsing included).
import { resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Pool } from "undici";
import { BenchError, median } from "../lib/load.js";
import { int, load, machine, table } from "../lib/report.js";
import { type RunningServer, startServer } from "../lib/server.js";
import type { Suite, SuiteResult } from "../lib/suite.js";

const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
// Overridable for a quick look (BENCH_CALLS=500 BENCH_ROUNDS=1); the recorded figures use the defaults.
const CALLS = num("BENCH_CALLS", 4000); // per kind, per round and concurrency
const WARMUP = Math.min(1000, CALLS);
const ROUNDS = num("BENCH_ROUNDS", 3);
const CONCURRENCIES = [1, 4];
const SCORED_CONCURRENCY = 1;
const TARGET_ADDED_P95_MS = 2;

const SERVICE = resolve(import.meta.dirname, "../servers/service.ts");
const PROTOCOL_VERSION = "2025-06-18";

type Kind = "http" | "mcp";
const KIND_LABEL: Record<Kind, string> = {
  http: "HTTP GET /api/v1/account",
  mcp: "MCP tools/call account_get",
};

interface Latencies {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of sorted numbers. */
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;

function summarize(samples: number[]): Latencies {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s.at(-1) ?? Number.NaN };
}

const msText = (n: number): string => `${n.toFixed(2)} ms`;

function requester(server: RunningServer, pool: Pool) {
  const auth = `Bearer ${server.info.key}`;
  let id = 0;
  const mcpHeaders = {
    authorization: auth,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": PROTOCOL_VERSION,
  };
  return async (kind: Kind): Promise<string> => {
    const res =
      kind === "http"
        ? await pool.request({ method: "GET", path: "/api/v1/account", headers: { authorization: auth } })
        : await pool.request({
            method: "POST",
            path: "/api/v1/mcp",
            headers: mcpHeaders,
            body: JSON.stringify({
              jsonrpc: "2.0",
              id: ++id,
              method: "tools/call",
              params: { name: "account_get", arguments: {} },
            }),
          });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new BenchError(`${KIND_LABEL[kind]} answered ${res.statusCode}: ${text}`);
    return text;
  };
}

/** One plain call of each kind: a wrong setup must fail here, not as thousands of refusals. */
async function sanityCheck(send: (kind: Kind) => Promise<string>): Promise<void> {
  const http = JSON.parse(await send("http")) as { account?: { id: string } };
  const mcp = JSON.parse(await send("mcp")) as {
    result?: { isError?: boolean; structuredContent?: { account?: { id: string } } };
  };
  if (mcp.result?.isError || mcp.result?.structuredContent?.account?.id !== http.account?.id) {
    throw new BenchError(`account_get did not return the account: ${JSON.stringify(mcp)}`);
  }
}

/** `calls` of each kind, alternating, `concurrency` in flight; per-request latency in ms. */
async function alternate(send: (kind: Kind) => Promise<string>, calls: number, concurrency: number) {
  const samples: Record<Kind, number[]> = { http: [], mcp: [] };
  let next = 0;
  const total = calls * 2;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const kind: Kind = i % 2 === 0 ? "http" : "mcp";
      const start = process.hrtime.bigint();
      await send(kind);
      samples[kind].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return samples;
}

/** Server CPU per request of one kind alone (sequential), in microseconds. */
async function cpuPerRequest(server: RunningServer, send: (kind: Kind) => Promise<string>, kind: Kind) {
  const before = server.cpuSeconds();
  for (let i = 0; i < CALLS; i++) await send(kind);
  return ((server.cpuSeconds() - before) / CALLS) * 1e6;
}

/** The same call through the SDK's Client (its transport, JSON-RPC handling and output validation). */
async function sdkClientLatencies(server: RunningServer): Promise<Latencies> {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/api/v1/mcp", server.base), {
      requestInit: { headers: { authorization: `Bearer ${server.info.key}` } },
      // The transport passes one long-lived AbortSignal to every fetch, and undici unhooks each
      // request's listener from it only when the request is collected: thousands of calls in a
      // tight loop trip Node's listener-leak warning. Without the signal the calls are the same.
      fetch: (url, init) => fetch(url, { ...init, signal: null }),
    }),
  );
  try {
    await client.listTools(); // as a client does first; caches the output validators
    const call = async () => {
      const res = await client.callTool({ name: "account_get", arguments: {} });
      if (res.isError) throw new BenchError(`SDK client: account_get refused: ${JSON.stringify(res)}`);
    };
    for (let i = 0; i < WARMUP; i++) await call();
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = process.hrtime.bigint();
      await call();
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    return summarize(samples);
  } finally {
    await client.close();
  }
}

interface RoundFigures {
  byConcurrency: Map<number, Record<Kind, Latencies>>;
}

async function run(ctx: { command: string }): Promise<SuiteResult> {
  const loadBefore = load();
  const server = await startServer(SERVICE, { BENCH_DB: "sqlite" });
  const pool = new Pool(server.base, { connections: Math.max(...CONCURRENCIES), pipelining: 1 });
  const rounds: RoundFigures[] = [];
  const cpu: Record<Kind, number[]> = { http: [], mcp: [] };
  let sdk: Latencies;
  try {
    const send = requester(server, pool);
    await sanityCheck(send);
    await alternate(send, WARMUP, 1); // JIT, caches, the SDK's lazy import on the server
    for (let round = 0; round < ROUNDS; round++) {
      const byConcurrency = new Map<number, Record<Kind, Latencies>>();
      for (const concurrency of CONCURRENCIES) {
        const samples = await alternate(send, CALLS, concurrency);
        const figures = { http: summarize(samples.http), mcp: summarize(samples.mcp) };
        byConcurrency.set(concurrency, figures);
        console.log(
          `  round ${round + 1}/${ROUNDS}  concurrency ${concurrency}  ` +
            `HTTP p50 ${msText(figures.http.p50)} p95 ${msText(figures.http.p95)}  ` +
            `MCP p50 ${msText(figures.mcp.p50)} p95 ${msText(figures.mcp.p95)}`,
        );
      }
      rounds.push({ byConcurrency });
      // CPU: each kind alone, the order flipping every round.
      const kinds: Kind[] = round % 2 === 0 ? ["http", "mcp"] : ["mcp", "http"];
      for (const kind of kinds) cpu[kind].push(await cpuPerRequest(server, send, kind));
      console.log(
        `  round ${round + 1}/${ROUNDS}  server CPU/request  HTTP ${cpu.http.at(-1)?.toFixed(0)} µs  MCP ${cpu.mcp.at(-1)?.toFixed(0)} µs`,
      );
    }
    sdk = await sdkClientLatencies(server);
  } finally {
    await pool.close();
    await server.stop();
  }
  return report({
    command: ctx.command,
    load: `${loadBefore} at start, ${load()} at end`,
    version: server.info.version ?? "",
    rounds,
    cpu,
    sdk,
  });
}

interface RunFacts {
  command: string;
  load: string;
  version: string;
  rounds: RoundFigures[];
  cpu: Record<Kind, number[]>;
  sdk: Latencies;
}

function report({ command, load, version, rounds, cpu, sdk }: RunFacts): SuiteResult {
  const med = (concurrency: number, kind: Kind, f: (l: Latencies) => number) =>
    median(rounds.map((r) => f(r.byConcurrency.get(concurrency)?.[kind] as Latencies)));
  // What MCP adds: per round (both kinds measured interleaved), then the median of the rounds.
  const added = (concurrency: number, f: (l: Latencies) => number) =>
    median(
      rounds.map((r) => {
        const c = r.byConcurrency.get(concurrency) as Record<Kind, Latencies>;
        return f(c.mcp) - f(c.http);
      }),
    );

  const rows: string[][] = [];
  for (const concurrency of CONCURRENCIES) {
    for (const kind of ["http", "mcp"] as Kind[]) {
      rows.push([
        KIND_LABEL[kind],
        String(concurrency),
        msText(med(concurrency, kind, (l) => l.p50)),
        msText(med(concurrency, kind, (l) => l.p95)),
        msText(med(concurrency, kind, (l) => l.p99)),
        msText(med(concurrency, kind, (l) => l.max)),
        kind === "mcp" ? `+${msText(added(concurrency, (l) => l.p95))}` : "—",
      ]);
    }
  }
  rows.push([
    "MCP via the SDK's Client (callTool)",
    "1",
    msText(sdk.p50),
    msText(sdk.p95),
    msText(sdk.p99),
    msText(sdk.max),
    "information",
  ]);

  const checks: string[][] = [];
  const missed: string[] = [];
  const addedP95 = added(SCORED_CONCURRENCY, (l) => l.p95);
  const ok = addedP95 <= TARGET_ADDED_P95_MS;
  checks.push([
    "p95 added by MCP, sequential",
    `≤ ${msText(TARGET_ADDED_P95_MS)}`,
    `${addedP95 >= 0 ? "+" : ""}${msText(addedP95)}`,
    ok ? "PASS" : "**MISSED**",
  ]);
  if (!ok) missed.push(`p95 added by MCP: ${msText(addedP95)} (target ≤ ${msText(TARGET_ADDED_P95_MS)})`);
  const concurrent = CONCURRENCIES.filter((c) => c !== SCORED_CONCURRENCY);
  for (const c of concurrent) {
    checks.push([`p95 added by MCP, ${c} in flight`, "information", `+${msText(added(c, (l) => l.p95))}`, "—"]);
  }
  const cpuHttp = median(cpu.http);
  const cpuMcp = median(cpu.mcp);
  checks.push([
    "server CPU per request (HTTP → MCP)",
    "information",
    `${int(cpuHttp)} µs → ${int(cpuMcp)} µs (+${int(cpuMcp - cpuHttp)} µs)`,
    "—",
  ]);

  const markdown = [
    "## mcp: tool call over Streamable HTTP vs the same operation over HTTP",
    "",
    `Command: \`${command}\` · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Machine: ${machine()} · load average (1 min) ${load} · ${version}`,
    "",
    `One service process (buildApp on SQLite, raised rate limits, one paid account, an all-scopes key); the ` +
      `client is this process (undici, keep-alive). Per round and concurrency, ${int(CALLS)} calls of each kind, ` +
      "alternating request by request (after a discarded warm-up); latency is per request from send to the last " +
      `byte of the answer, high-resolution clock. ${ROUNDS} rounds; figures are medians of the rounds, and *added* is ` +
      "the median of the per-round differences MCP − HTTP. The MCP request is a stateless Streamable HTTP " +
      "`tools/call` of `account_get` (JSON answer, no session), which the server answers by running GET /account " +
      "through its own pipeline (app.inject). *server CPU per request* is the server process's CPU time " +
      `(/proc/<pid>/stat) over ${int(CALLS)} sequential calls of one kind alone. The SDK Client row adds the ` +
      "client side of a real MCP client (JSON-RPC handling, output-schema validation).",
    "",
    table(["Call", "In flight", "p50", "p95", "p99", "max", "p95 added"], rows),
    "",
    table(["Check", "Target", "Measured", "Result"], checks),
  ].join("\n");
  return { markdown, missed };
}

export const mcp: Suite = { name: "mcp", title: "MCP tool call vs plain HTTP", run };
