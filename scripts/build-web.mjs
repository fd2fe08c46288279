#!/usr/bin/env node
// Builds the dashboard (web/) into web/dist with Vite, which the service serves at `/`. The build fails
// when the first load's JavaScript is over its budget (web/build/bundle-budget.ts).
//
//   node scripts/build-web.mjs          build only when web/dist is missing or older than its sources
//   node scripts/build-web.mjs --force  build in any case (`npm run build:web`)
//
// "Older" is decided by content, not clocks: a successful build writes web/dist/.sources, a hash of
// every input (web/ outside dist, and the lockfile's pinned versions); a build whose hash still matches
// is current. Concurrent callers (the setup script, test files started in parallel) take a lock, so one
// builds and the others wait for it and find the build current.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const WEB = join(ROOT, "web");
const DIST = join(WEB, "dist");
const STAMP = join(DIST, ".sources");
const LOCK = join(ROOT, "node_modules", ".cache", "clipwright-web-build.lock");
const LOCK_STALE_MS = 5 * 60_000;

function* inputs(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (path === DIST || entry.name === "node_modules") continue;
    if (entry.isDirectory()) yield* inputs(path);
    else if (entry.isFile()) yield path;
  }
}

/** A hash of everything the build reads. */
function sourcesHash() {
  const hash = createHash("sha256");
  for (const path of [...inputs(WEB), join(ROOT, "package-lock.json")]) {
    hash.update(relative(ROOT, path)).update("\0").update(readFileSync(path)).update("\0");
  }
  return hash.digest("hex");
}

const isCurrent = (hash) => {
  try {
    return readFileSync(STAMP, "utf8").trim() === hash;
  } catch {
    return false;
  }
};

async function withLock(fn) {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
      // A lock left by a build that was killed does not block forever.
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > LOCK_STALE_MS) rmdirSync(LOCK);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    rmdirSync(LOCK);
  }
}

/**
 * Makes web/dist current. Returns "current" or "built"; throws when the build fails (over budget
 * included), leaving no stamp, so the next call builds again.
 */
export async function ensureWebBuild({ force = false, log = console.log } = {}) {
  return withLock(() => {
    const hash = sourcesHash();
    if (!force && isCurrent(hash)) return "current";
    log("building the dashboard (web/ into web/dist)");
    rmSync(STAMP, { force: true });
    const vite = join(ROOT, "node_modules", "vite", "bin", "vite.js");
    const res = spawnSync(
      process.execPath,
      [vite, "build", "--config", join(WEB, "vite.config.ts"), "--logLevel", "warn"],
      {
        cwd: ROOT,
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    if (res.status !== 0) throw new Error("the dashboard build failed (see above)");
    writeFileSync(STAMP, `${hash}\n`);
    const measure = JSON.parse(readFileSync(join(DIST, ".first-load.json"), "utf8"));
    log(
      `dashboard built: first-load JavaScript ${(measure.gzipBytes / 1000).toFixed(1)} kB gzipped ` +
        `(budget ${(measure.budgetBytes / 1000).toFixed(0)} kB)`,
    );
    return "built";
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await ensureWebBuild({ force: process.argv.includes("--force") });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
