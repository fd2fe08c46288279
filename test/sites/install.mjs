#!/usr/bin/env node

// Installs the site corpus (test/sites/packages/package.json, pinned by its package-lock.json) into
// node_modules/.cache/clipwright-sites, where the tests and benchmarks serve each template from its own
// HTML root (corpus.ts). Node builtins only: scripts/setup.mjs --for-tests runs it before anything else.
// Nothing happens when the installed copy was made from the same lock file (a marker holds its hash).
//
//   node test/sites/install.mjs      install if needed; prints the directory

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(dirname(HERE));
/** Its own folder: a package.json beside the TypeScript files would make TypeScript read them as CommonJS. */
const PACKAGES = join(HERE, "packages");
/** Where the corpus is installed: under node_modules, so `npm ci` starts it afresh like every package. */
export const SITE_CORPUS_DIR = join(ROOT, "node_modules", ".cache", "clipwright-sites");
const FILES = ["package.json", "package-lock.json", ".npmrc"];

const lockHash = () => {
  const hash = createHash("sha256");
  for (const file of FILES) hash.update(readFileSync(join(PACKAGES, file)));
  return hash.digest("hex");
};

/** Installs the corpus unless the installed copy is already this lock's; returns its directory. */
export function ensureSiteCorpus({ log = (msg) => console.log(`sites: ${msg}`) } = {}) {
  const marker = join(SITE_CORPUS_DIR, ".installed");
  const wanted = lockHash();
  if (existsSync(marker) && readFileSync(marker, "utf8") === wanted) return SITE_CORPUS_DIR;
  log(`installing the site corpus into ${SITE_CORPUS_DIR}`);
  rmSync(SITE_CORPUS_DIR, { recursive: true, force: true });
  mkdirSync(SITE_CORPUS_DIR, { recursive: true });
  for (const file of FILES) copyFileSync(join(PACKAGES, file), join(SITE_CORPUS_DIR, file));
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const res = spawnSync(npm, ["ci", "--no-audit", "--no-fund", "--ignore-scripts"], {
    cwd: SITE_CORPUS_DIR,
    stdio: "inherit",
  });
  if (res.status !== 0) throw new Error(`npm ci of the site corpus failed (exit ${res.status})`);
  writeFileSync(marker, wanted);
  return SITE_CORPUS_DIR;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(ensureSiteCorpus());
}
