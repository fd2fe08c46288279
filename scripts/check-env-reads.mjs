#!/usr/bin/env node
// Only src/config.ts reads process.env: every setting is read, validated and documented once, and the
// rest of the code gets it through Config / Deps (so tests can set it without touching the process).
// Part of `npm run lint`. Prints nothing and exits 0 when every read is accounted for.
//
// A line that mentions the environment must match an entry below: ALLOWED (kept on purpose, with the
// reason) or KNOWN_VIOLATIONS (to be moved into src/config.ts; the list only shrinks). An entry that no
// longer matches any line fails too, so a fixed violation is also struck from the list.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

// `process.env`, `process?.env`, `process["env"]`, and `env` imported from node:process.
const READS_ENV = /\bprocess\s*(\?\.|\.)\s*env\b|\bprocess\s*\[\s*["'`]env["'`]\s*\]|from\s+["'](node:)?process["']/;

/** Each entry: the file (or a folder ending in "/") and a piece of the line's text. */
const ALLOWED = [
  { file: "src/config.ts", text: "", reason: "the one place settings are read" },
  {
    file: "src/cli.ts",
    text: "{ ...process.env }",
    reason: "the entry point hands the environment (plus its flags) to loadConfig; it reads no setting itself",
  },
  {
    file: "src/media/browser/launch.ts",
    text: "env: { ...process.env,",
    reason: "the sandbox wrapper's child process inherits the environment; no setting is read",
  },
  {
    file: "src/testutil/",
    text: "",
    reason: "the test harness picks the test database and Redis from the environment, as vitest.config.ts does",
  },
];

const KNOWN_VIOLATIONS = [];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|cts|js|mjs|cjs)$/.test(entry.name)) yield path;
  }
}

const covers = (entry, file, line) =>
  (entry.file.endsWith("/") ? file.startsWith(entry.file) : file === entry.file) && line.includes(entry.text);

const used = new Set();
const unexpected = [];
for (const path of sourceFiles(join(ROOT, "src"))) {
  const file = relative(ROOT, path).split("\\").join("/");
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (!READS_ENV.test(line)) return;
      const entry = [...ALLOWED, ...KNOWN_VIOLATIONS].find((e) => covers(e, file, line));
      if (entry) used.add(entry);
      else unexpected.push(`  ${file}:${i + 1}: ${line.trim()}`);
    });
}

const stale = KNOWN_VIOLATIONS.filter((e) => !used.has(e));
if (unexpected.length > 0) {
  console.error("check-env-reads: only src/config.ts reads process.env; add the setting there and pass it on:");
  console.error(unexpected.join("\n"));
}
if (stale.length > 0) {
  console.error("check-env-reads: fixed, so strike from KNOWN_VIOLATIONS in scripts/check-env-reads.mjs:");
  for (const e of stale) console.error(`  ${e.file}: ${e.text}`);
}
if (unexpected.length > 0 || stale.length > 0) process.exit(1);
