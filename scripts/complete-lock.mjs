#!/usr/bin/env node
// Adds to package-lock.json the platform packages that the registry we install from does not serve.
//
// Several tools ship their native binary as one optional package per platform (@biomejs/cli-darwin-arm64,
// @oxc-parser/binding-win32-x64-msvc, ...). The registry reachable from our machines serves the Linux ones
// but not every other platform's, so `npm install` silently leaves those out of the lock, and `npm ci`
// then refuses the lock as out of sync with package.json ("Missing: @biomejs/cli-win32-x64@ from lock
// file"). This script writes an entry for each missing one (version from the parent's
// optionalDependencies, os/cpu/libc read from the package name), so the lock is complete: npm skips those
// entries on a platform they do not match and fetches them by version on one they do.
//
// Runs as the root `postinstall` (after npm has written the lock); with nothing missing, as after
// `npm ci`, it changes nothing and prints nothing.
//
//   node scripts/complete-lock.mjs          complete the lock in place
//   node scripts/complete-lock.mjs --check  exit 1 if entries are missing (changes nothing)

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const LOCK = join(ROOT, "package-lock.json");

const OSES = new Set([
  "aix",
  "android",
  "darwin",
  "freebsd",
  "linux",
  "netbsd",
  "openbsd",
  "openharmony",
  "sunos",
  "win32",
]);
const CPUS = new Set(["arm", "arm64", "ia32", "loong64", "mips64el", "ppc64", "riscv64", "s390x", "wasm32", "x64"]);
// Publishers mark `-gnu` and `-musl` builds with libc; their 32-bit ARM (`-gnueabihf`) builds carry none.
const LIBCS = { gnu: "glibc", musl: "musl" };

/** os/cpu/libc from a platform package name such as `cli-linux-x64-musl` or `binding-win32-arm64-msvc`. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const at = parts.findIndex((p, i) => OSES.has(p) && CPUS.has(parts[i + 1] ?? ""));
  if (at === -1) {
    // WebAssembly builds name no OS (`binding-wasm32-wasi`).
    return parts.includes("wasm32") ? { cpu: ["wasm32"] } : undefined;
  }
  const os = parts[at];
  const libc = os === "linux" ? LIBCS[parts[at + 2] ?? ""] : undefined;
  return { os: [os], cpu: [parts[at + 1]], ...(libc ? { libc: [libc] } : {}) };
}

/** Where Node would find `dep` from the package installed at `parentPath`, if the lock has it. */
function resolved(packages, parentPath, dep) {
  let dir = parentPath;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const up = dir.lastIndexOf("/node_modules/");
    dir = up === -1 ? "" : dir.slice(0, up);
  }
}

function missingEntries(packages) {
  const added = {};
  for (const [path, entry] of Object.entries(packages)) {
    for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      if (resolved(packages, path, dep)) continue;
      const platform = platformOf(dep);
      // Only platform builds are filled in; any other missing optional dependency is left to npm.
      if (!platform) continue;
      if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) {
        throw new Error(`${path} wants ${dep}@${spec}: not an exact version, cannot write a lock entry for it`);
      }
      const topLevel = `node_modules/${dep}`;
      const at = packages[topLevel] || added[topLevel] ? `${path}/node_modules/${dep}` : topLevel;
      // Fields in the order npm writes them, so a later `npm install` leaves these entries as they are.
      added[at] = {
        version: spec,
        ...(platform.cpu ? { cpu: platform.cpu } : {}),
        ...(entry.dev ? { dev: true } : {}),
        ...(platform.libc ? { libc: platform.libc } : {}),
        optional: true,
        ...(platform.os ? { os: platform.os } : {}),
      };
    }
  }
  return added;
}

if (!existsSync(LOCK)) process.exit(0); // installed as someone's dependency: no lock of ours to complete

const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const added = missingEntries(lock.packages ?? {});
const paths = Object.keys(added);
if (paths.length === 0) process.exit(0);

if (process.argv.includes("--check")) {
  console.error(`complete-lock: package-lock.json lacks ${paths.length} platform packages; run: npm run lock:complete`);
  for (const p of paths) console.error(`  ${p}`);
  process.exit(1);
}

// Keep the lock's order (root first, then paths sorted as npm sorts them) so diffs stay small.
const { "": root, ...rest } = { ...lock.packages, ...added };
const sorted = Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b, "en")));
lock.packages = { "": root, ...sorted };
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lock: added ${paths.length} platform packages the registry does not serve to package-lock.json`);
