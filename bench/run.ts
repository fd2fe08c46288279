// `npm run bench` runs every suite; `npm run bench -- core` runs the named ones. Each suite writes its
// own section of docs/benchmarks.md. `--sites a,b` (site ids, or `id:named` / `id:vague` for one hint)
// narrows the suites that go site by site (quality, corpus-plan); a run narrowed so prints its figures
// and leaves docs/ alone, since its table would be a part of the whole. Missed targets are reported, not failed: a benchmark is a report,
// so the exit code is 0 unless the benchmark itself could not run (a non-2xx answer, a server that
// would not start).
import { writeSection } from "./lib/report.js";
import type { Suite } from "./lib/suite.js";
import { assistant } from "./suites/assistant.js";
import { core } from "./suites/core.js";
import { corpusPlan } from "./suites/corpus-plan.js";
import { exportSuite } from "./suites/export.js";
import { loadSuite } from "./suites/load.js";
import { marketing } from "./suites/marketing.js";
import { mcp } from "./suites/mcp.js";
import { quality } from "./suites/quality.js";
import { render } from "./suites/render.js";
import { scan } from "./suites/scan.js";
import { soakSuite } from "./suites/soak.js";
import { webhooks } from "./suites/webhooks.js";

const SUITES: Suite[] = [
  core,
  loadSuite,
  webhooks,
  mcp,
  render,
  quality,
  corpusPlan,
  scan,
  marketing,
  exportSuite,
  assistant,
  soakSuite,
];

const args = process.argv.slice(2).filter((a) => a !== "--");
const sitesAt = args.indexOf("--sites");
const sites =
  sitesAt >= 0
    ? (args[sitesAt + 1] ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : null;
if (sites?.length === 0) {
  console.error("--sites wants a comma-separated list of site ids (sb-admin,agency:named)");
  process.exit(2);
}
const asked = sitesAt >= 0 ? args.filter((_, i) => i !== sitesAt && i !== sitesAt + 1) : args;
const unknown = asked.filter((n) => !SUITES.some((s) => s.name === n));
if (unknown.length) {
  console.error(`unknown suite ${unknown.join(", ")}; known: ${SUITES.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const selected = asked.length ? SUITES.filter((s) => asked.includes(s.name)) : SUITES;
// As typed, with DATABASE_URL shown only as set (it may hold a password).
const command = `${process.env.DATABASE_URL ? "DATABASE_URL=postgres://… " : ""}npm run bench${args.length ? ` -- ${args.join(" ")}` : ""}`;

const missed: string[] = [];
for (const suite of selected) {
  console.log(`\n== ${suite.name}: ${suite.title}`);
  const result = await suite.run({ command, sites, writeDocs: sites === null });
  if (sites === null) writeSection(suite.name, result.markdown);
  console.log(`\n${result.markdown}\n`);
  missed.push(...result.missed.map((m) => `${suite.name}: ${m}`));
}

console.log(
  missed.length
    ? `MISSED ${missed.length} target(s):\n${missed.map((m) => `  MISSED ${m}`).join("\n")}`
    : "All targets met.",
);
console.log(sites === null ? "Figures written to docs/benchmarks.md" : "A subset (--sites): docs/ left alone");
