// `npm run bench` runs every suite; `npm run bench -- core` runs the named ones. Each suite writes its
// own section of docs/benchmarks.md. Missed targets are reported, not failed: a benchmark is a report,
// so the exit code is 0 unless the benchmark itself could not run (a non-2xx answer, a server that
// would not start).
import { writeSection } from "./lib/report.js";
import type { Suite } from "./lib/suite.js";
import { core } from "./suites/core.js";
import { corpusPlan } from "./suites/corpus-plan.js";
import { mcp } from "./suites/mcp.js";
import { quality } from "./suites/quality.js";
import { render } from "./suites/render.js";
import { scan } from "./suites/scan.js";
import { webhooks } from "./suites/webhooks.js";

const SUITES: Suite[] = [core, webhooks, mcp, render, quality, corpusPlan, scan];

const asked = process.argv.slice(2).filter((a) => a !== "--");
const unknown = asked.filter((n) => !SUITES.some((s) => s.name === n));
if (unknown.length) {
  console.error(`unknown suite ${unknown.join(", ")}; known: ${SUITES.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const selected = asked.length ? SUITES.filter((s) => asked.includes(s.name)) : SUITES;
// As typed, with DATABASE_URL shown only as set (it may hold a password).
const command = `${process.env.DATABASE_URL ? "DATABASE_URL=postgres://… " : ""}npm run bench${asked.length ? ` -- ${asked.join(" ")}` : ""}`;

const missed: string[] = [];
for (const suite of selected) {
  console.log(`\n== ${suite.name}: ${suite.title}`);
  const result = await suite.run({ command });
  writeSection(suite.name, result.markdown);
  console.log(`\n${result.markdown}\n`);
  missed.push(...result.missed.map((m) => `${suite.name}: ${m}`));
}

console.log(
  missed.length
    ? `MISSED ${missed.length} target(s):\n${missed.map((m) => `  MISSED ${m}`).join("\n")}`
    : "All targets met.",
);
console.log("Figures written to docs/benchmarks.md");
