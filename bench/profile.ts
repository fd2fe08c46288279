// Where does a request's time go? Starts the service (as the core suite does) under `node --cpu-prof`,
// loads one path, and summarises the profile: self time by package and by function, and inclusive
// time of the functions that take the most.
//
//   node --import tsx bench/profile.ts [path] [--seconds=N] [--rate-store=off] [--db=postgres]
//   node --import tsx bench/profile.ts --server=bare      (the baseline, to compare against)
//   (path defaults to /api/v1/account, or /bare; the raw .cpuprofile is kept for Chrome DevTools)
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { measure } from "./lib/load.js";
import { int, ms } from "./lib/report.js";
import { startServer } from "./lib/server.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: "string" },
    seconds: { type: "string" },
    "rate-store": { type: "string" },
    db: { type: "string" },
  },
});
const bare = values.server === "bare";
const path = positionals[0] ?? (bare ? "/bare" : "/api/v1/account");
const dir = mkdtempSync(join(tmpdir(), "cw-prof-"));
// Frames are named relative to this checkout (a worktree or a clone lives anywhere).
const ROOT = `${resolve(import.meta.dirname, "..")}/`;

const server = await startServer(
  resolve(import.meta.dirname, bare ? "servers/bare.ts" : "servers/service.ts"),
  { BENCH_DB: values.db ?? "sqlite", BENCH_RATE_STORE: values["rate-store"] ?? "on" },
  ["--cpu-prof", `--cpu-prof-dir=${dir}`],
);
const headers: Record<string, string> = bare ? {} : { authorization: `Bearer ${server.info.key}` };
const m = await measure(server.base + path, headers, {
  connections: 50,
  warmupSeconds: 3,
  seconds: Number(values.seconds ?? 10),
});
await server.stop();
console.log(`${path}: ${int(m.rps)} req/s, p50 ${ms(m.p50)}, p99 ${ms(m.p99)} (profile includes start-up and warm-up)`);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}
const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error(`no profile written in ${dir}`);
const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as { nodes: Node[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const total = profile.nodes.reduce((s, n) => s + n.hitCount, 0);
const idle = profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").reduce((s, n) => s + n.hitCount, 0);
const busy = total - idle;

/** node_modules/<package>, src/<dir>, node:internal, or V8's pseudo frames such as (garbage collector). */
function area(url: string, fn: string): string {
  if (!url) return fn.startsWith("(") ? fn : "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  const src = url.includes(ROOT)
    ? /^((?:src|bench)\/(?:[^/]+\/)?)/.exec(url.slice(url.indexOf(ROOT) + ROOT.length))
    : null;
  if (src) return src[1] as string;
  return url.startsWith("node:") ? "node: (core)" : url;
}
const label = (n: Node) => {
  const f = n.callFrame;
  const where = f.url
    .replace(/^.*node_modules\//, "")
    .replace(/^file:\/\//, "")
    .replace(ROOT, "");
  return `${f.functionName || "(anonymous)"} ${where}:${f.lineNumber + 1}`;
};

const self = new Map<string, number>();
const areas = new Map<string, number>();
for (const n of profile.nodes) {
  if (n.callFrame.functionName === "(idle)") continue;
  self.set(label(n), (self.get(label(n)) ?? 0) + n.hitCount);
  const a = area(n.callFrame.url, n.callFrame.functionName);
  areas.set(a, (areas.get(a) ?? 0) + n.hitCount);
}

// Inclusive time per function, counting each stack once even when the function recurses.
const inclusive = new Map<string, number>();
function walk(n: Node, onStack: Set<string>): number {
  let sum = n.hitCount;
  const key = label(n);
  const fresh = !onStack.has(key);
  if (fresh) onStack.add(key);
  for (const c of n.children ?? []) sum += walk(byId.get(c) as Node, onStack);
  if (fresh) {
    onStack.delete(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + sum);
  }
  return sum;
}
walk(profile.nodes[0] as Node, new Set());

const share = (hits: number) => `${((hits / busy) * 100).toFixed(1).padStart(5)} %`;
const top = (map: Map<string, number>, k: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([name, hits]) => `  ${share(hits)}  ${name}`)
    .join("\n");

console.log(`\nBusy samples: ${busy} of ${total} (the rest idle). Shares below are of busy time.`);
console.log(`\nSelf time by area:\n${top(areas, 20)}`);
console.log(`\nSelf time by function:\n${top(self, 30)}`);
inclusive.delete(label(profile.nodes[0] as Node));
console.log(`\nInclusive time by function:\n${top(inclusive, 45)}`);
console.log(`\nRaw profile: ${join(dir, file)}`);
