#!/usr/bin/env node
// Makes a machine ready to run Clipwright. Runs before `npm start` (prestart) and `npm test`
// (pretest, with --for-tests), so it uses nothing but node: builtins: it runs before anything is
// installed. When everything is already in place it prints nothing and takes a few milliseconds.
//
//   node scripts/setup.mjs              npm packages + Debian packages (ffmpeg, chromium, espeak-ng, festival,
//                                       fluidsynth and its soundfont, fonts) + the dashboard's build (web/dist,
//                                       when missing or older than its sources: scripts/build-web.mjs)
//   node scripts/setup.mjs --for-tests  also: PostgreSQL / Redis from DATABASE_URL / REDIS_URL answer,
//                                       and the site corpus (test/sites) is installed
//
// Missing Debian packages are installed when running as root with apt-get; otherwise a message names
// them and the setup carries on (the API runs without them; media features report themselves
// unavailable). Only a failed `npm ci` / `npm install`, a failed dashboard build (over its bundle budget
// included) or, with --for-tests, an unreachable database/Redis fails.

import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, readdirSync, statSync, utimesSync } from "node:fs";
import { connect } from "node:net";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const FOR_TESTS = process.argv.includes("--for-tests");
const IS_ROOT = typeof process.getuid === "function" && process.getuid() === 0;
const SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

const log = (msg) => console.log(`setup: ${msg}`);
const warn = (msg) => console.error(`setup: ${msg}`);

function mtimeMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

function which(name) {
  const dirs = `${process.env.PATH ?? ""}${delimiter}${SYSTEM_PATH.replaceAll(":", delimiter)}`.split(delimiter);
  for (const dir of dirs) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {}
  }
  return undefined;
}

function run(cmd, args, env) {
  const res = spawnSync(cmd, args, {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: env ? { ...process.env, ...env } : process.env,
  });
  if (res.error) warn(`${cmd}: ${res.error.message}`);
  return res.status === 0;
}

// ---------------------------------------------------------------------------------------------
// Node and npm packages
// ---------------------------------------------------------------------------------------------

function checkNode() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 20 || (major === 20 && minor < 18)) {
    warn(`Node ${process.versions.node} is too old; Clipwright needs Node >= 20.18.`);
  }
}

function ensureNodeModules() {
  const marker = join(ROOT, "node_modules", ".package-lock.json");
  const installed = mtimeMs(marker);
  const wanted = Math.max(mtimeMs(join(ROOT, "package.json")) ?? 0, mtimeMs(join(ROOT, "package-lock.json")) ?? 0);
  if (installed !== undefined && installed >= wanted) return;

  log(
    installed === undefined
      ? "installing npm packages (node_modules is missing)"
      : "updating npm packages (package.json or package-lock.json changed since the last install)",
  );
  // With a lock, install exactly what it pins (`npm ci` also refuses a lock that disagrees with
  // package.json instead of quietly rewriting it); `npm install` only for a checkout without one.
  const hasLock = existsSync(join(ROOT, "package-lock.json"));
  const command = hasLock ? "ci" : "install";
  if (!run("npm", [command, "--no-audit", "--no-fund"])) {
    warn(`npm ${command} failed; fix the error above and run it again.`);
    if (hasLock) warn("If package.json changed on purpose, `npm install` brings package-lock.json in line with it.");
    process.exit(1);
  }
  // npm may leave the hidden lockfile untouched when nothing changed; mark this state as installed so
  // the next run does not install again.
  const now = new Date();
  try {
    utimesSync(marker, now, now);
  } catch {}
}

// The compositor's native pixel loops (native/pixels.c): `npm ci` builds them; built again here when the
// addon is missing or older than its source (a pull that changed only the C file). Not fatal: the
// TypeScript loops give the same bytes, more slowly.
function ensureNativeLoops() {
  const addon = mtimeMs(join(ROOT, "build", "Release", "clipwright_pixels.node"));
  const source = Math.max(mtimeMs(join(ROOT, "native", "pixels.c")) ?? 0, mtimeMs(join(ROOT, "binding.gyp")) ?? 0);
  if (addon !== undefined && addon >= source) return;
  log("building the native pixel loops (native/pixels.c)");
  if (!run("npm", ["run", "--silent", "build:native"]))
    warn("the native pixel loops did not build; exports use the slower TypeScript loops (same bytes).");
}

// ---------------------------------------------------------------------------------------------
// Debian packages
// ---------------------------------------------------------------------------------------------

function hasFont(dirs, family) {
  if (dirs.some((d) => existsSync(d))) return true;
  // Fonts may live elsewhere (other distributions); ask fontconfig before declaring them missing.
  if (!which("fc-list")) return false;
  const res = spawnSync("fc-list", [":", "family"], { encoding: "utf8" });
  return res.status === 0 && res.stdout.toLowerCase().includes(family.toLowerCase());
}

const DEBIAN_PACKAGES = [
  { pkg: "ffmpeg", why: "video encoding and probing", present: () => !!which("ffmpeg") && !!which("ffprobe") },
  {
    pkg: "chromium",
    why: "page capture",
    present: () => existsSync("/usr/bin/chromium") || !!which("chromium"),
  },
  { pkg: "espeak-ng", why: "offline narration voice", present: () => !!which("espeak-ng") },
  { pkg: "festival", why: "English narration voice (speech engine)", present: () => !!which("text2wave") },
  {
    pkg: "festvox-us-slt-hts",
    why: "English narration voice (US English, female)",
    present: () => existsSync("/usr/share/festival/voices/us/cmu_us_slt_arctic_hts"),
  },
  { pkg: "fluidsynth", why: "marketing music beds (offline MIDI synthesis)", present: () => !!which("fluidsynth") },
  {
    pkg: "fluid-soundfont-gm",
    why: "marketing music beds (General MIDI soundfont, MIT)",
    present: () => existsSync("/usr/share/sounds/sf2/FluidR3_GM.sf2"),
  },
  {
    pkg: "fonts-dejavu-core",
    why: "text rendering",
    present: () => hasFont(["/usr/share/fonts/truetype/dejavu"], "DejaVu Sans"),
  },
  {
    pkg: "fonts-liberation",
    why: "text rendering",
    present: () =>
      hasFont(["/usr/share/fonts/truetype/liberation", "/usr/share/fonts/truetype/liberation2"], "Liberation Sans"),
  },
];

function ensureDebianPackages() {
  const missing = DEBIAN_PACKAGES.filter((p) => !p.present());
  if (missing.length === 0) return;
  const names = missing.map((p) => p.pkg).join(" ");
  const why = missing.map((p) => `${p.pkg} for ${p.why}`).join(", ");

  const aptGet = which("apt-get");
  if (IS_ROOT && aptGet) {
    log(`installing Debian packages: ${why}`);
    const env = {
      DEBIAN_FRONTEND: "noninteractive",
      PATH: `${process.env.PATH ?? ""}:${SYSTEM_PATH}`,
    };
    // Wait for a dpkg lock held by another apt run instead of failing at once.
    const lock = ["-o", "DPkg::Lock::Timeout=600"];
    if (!run(aptGet, ["update", "-qq", ...lock], env)) warn("apt-get update failed; trying the install anyway");
    if (run(aptGet, ["install", "-y", "-qq", ...lock, ...missing.map((p) => p.pkg)], env)) return;
    warn(`apt-get install ${names} failed; media features will report themselves unavailable.`);
    return;
  }

  warn(`missing Debian packages: ${why}.`);
  warn("The API runs without them, but rendering features report themselves unavailable until you run:");
  warn(`  sudo apt-get install -y ${names}`);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL and Redis (tests only)
// ---------------------------------------------------------------------------------------------

function endpoint(envName, defaultPort) {
  const raw = process.env[envName];
  if (!raw) return undefined;
  let url;
  try {
    url = new URL(raw);
  } catch {
    warn(`${envName} is not a valid URL`);
    return undefined;
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) return undefined; // a Unix socket (postgres://...?host=/run/postgresql): nothing to probe by TCP
  return { envName, host, port: Number(url.port || defaultPort) };
}

function answers({ host, port }, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

const isLocal = (host) => ["127.0.0.1", "localhost", "::1", "0.0.0.0"].includes(host);

const SERVICES = [
  {
    name: "PostgreSQL",
    envName: "DATABASE_URL",
    defaultPort: 5432,
    start() {
      const versions = existsSync("/etc/postgresql") ? readdirSync("/etc/postgresql") : [];
      const clusters = versions.filter((v) => existsSync(join("/etc/postgresql", v, "main")));
      const ctl = which("pg_ctlcluster");
      if (clusters.length === 0 || !ctl) return false;
      for (const v of clusters) run(ctl, ["--skip-systemctl-redirect", v, "main", "start"]);
      return true;
    },
    hint: "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start",
  },
  {
    name: "Redis",
    envName: "REDIS_URL",
    defaultPort: 6379,
    start(ep) {
      const server = which("redis-server");
      if (!server) return false;
      for (const dir of ["/var/lib/redis", "/var/log/redis"]) mkdirSync(dir, { recursive: true });
      // redis-server prints nothing with --daemonize yes unless something is wrong.
      return run(server, [
        "--daemonize",
        "yes",
        "--bind",
        "127.0.0.1",
        "-::1",
        "--port",
        String(ep.port),
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        "/var/lib/redis",
        "--logfile",
        "/var/log/redis/ci.log",
      ]);
    },
    hint: 'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no',
  },
];

async function ensureServices() {
  const targets = SERVICES.map((s) => ({ ...s, ep: endpoint(s.envName, s.defaultPort) })).filter((s) => s.ep);
  const down = [];
  for (const [i, ok] of (await Promise.all(targets.map((s) => answers(s.ep)))).entries()) {
    if (!ok) down.push(targets[i]);
  }
  if (down.length === 0) return;

  const startable = down.filter((s) => IS_ROOT && isLocal(s.ep.host));
  for (const s of startable) {
    log(`${s.name} is not answering on ${s.ep.host}:${s.ep.port} (${s.envName}); starting it`);
    if (!s.start(s.ep)) warn(`could not start ${s.name} (is it installed?)`);
  }

  let waiting = startable;
  const deadline = Date.now() + 20_000;
  while (waiting.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const ok = await Promise.all(waiting.map((s) => answers(s.ep)));
    waiting = waiting.filter((_, i) => !ok[i]);
  }

  const stillDown = down.filter((s) => !startable.includes(s) || waiting.includes(s));
  if (stillDown.length === 0) return;
  for (const s of stillDown) {
    warn(`${s.name} does not answer on ${s.ep.host}:${s.ep.port} (from ${s.envName}); the tests need it.`);
    if (isLocal(s.ep.host)) warn(`  start it (as root) with: ${s.hint}`);
  }
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------

checkNode();
ensureNodeModules();
ensureNativeLoops();
ensureDebianPackages();
// Imported only now: the build needs the npm packages installed just above.
const { ensureWebBuild } = await import("./build-web.mjs");
try {
  await ensureWebBuild({ log });
} catch (err) {
  warn(err.message);
  process.exit(1);
}
if (FOR_TESTS) {
  await ensureServices();
  // The real templates the walkthrough tests and benchmarks run on (test/sites/README.md).
  const { ensureSiteCorpus } = await import("../test/sites/install.mjs");
  ensureSiteCorpus({ log });
}
