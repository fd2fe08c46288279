import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { BrowserPool } from "../../src/media/browser/index.js";
import { containmentProblem, NO_SANDBOX_WARNING } from "../../src/media/browser/sandbox.js";
import { prepareHost } from "../../src/server.js";

// Chromium's own sandbox around the pages the service records. Reads what the kernel says about the
// browser's processes (/proc): who they run as, whether renderers sit in their own PID namespace and under
// a seccomp filter. No database: sqlite project only.

const IS_ROOT = process.getuid?.() === 0;
/** The unprivileged user the browser is dropped to when these tests run as root (as CI does). */
const BROWSER_USER = IS_ROOT ? "nobody" : null;

interface ChromiumProcess {
  pid: number;
  type: string;
  uid: number;
  args: string[];
  /** PID namespace depth: 1 = the host's, more = nested (Chromium's namespace sandbox). */
  pidNamespaces: number;
  seccomp: number;
}

/** Every Chromium process descended from this test process. */
function chromiumProcesses(): ChromiumProcess[] {
  const parent = new Map<number, number>();
  const found: ChromiumProcess[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "m").exec(status)?.[1] ?? "";
      parent.set(Number(entry), Number(field("PPid")));
      // Chromium's child processes rewrite their title: one string with spaces instead of NUL-separated args.
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split(/[\0 ]/).filter(Boolean);
      if (!args.some((a) => a.includes("chrom"))) continue;
      found.push({
        pid: Number(entry),
        type: args.find((a) => a.startsWith("--type="))?.slice(7) ?? "browser",
        uid: Number(field("Uid").split(/\s+/)[0]),
        args,
        pidNamespaces: field("NSpid").split(/\s+/).length,
        seccomp: Number(field("Seccomp")),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parent.get(p) ?? 0, hops++) {
      if (p === process.pid) return true;
    }
    return false;
  };
  return found.filter((p) => descends(p.pid));
}

async function renderersOf(pool: BrowserPool): Promise<ChromiumProcess[]> {
  const session = await pool.newSession({
    width: 800,
    height: 600,
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  });
  await session.page.setContent("<p>contained</p>");
  expect(await session.page.textContent("p")).toBe("contained");
  return chromiumProcesses();
}

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("Chromium's sandbox", () => {
  let pool: BrowserPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it("runs renderers in their own PID namespace under seccomp, as an unprivileged user", async () => {
    pool = new BrowserPool({ sandbox: true, runAsUser: BROWSER_USER });
    const processes = await renderersOf(pool);
    const renderers = processes.filter((p) => p.type === "renderer");
    expect(renderers.length).toBeGreaterThan(0);
    for (const p of processes) {
      expect(p.args).not.toContain("--no-sandbox");
      expect(p.uid).not.toBe(0);
    }
    for (const r of renderers) {
      expect(r.pidNamespaces).toBeGreaterThan(1);
      expect(r.seccomp).toBe(2); // SECCOMP_MODE_FILTER
    }
  });

  it("is really off with --no-sandbox (what development and tests use)", async () => {
    pool = new BrowserPool({ sandbox: false });
    const renderers = (await renderersOf(pool)).filter((p) => p.type === "renderer");
    expect(renderers.length).toBeGreaterThan(0);
    for (const r of renderers) {
      expect(r.args).toContain("--no-sandbox");
      expect(r.seccomp).toBe(0);
    }
  });
});

describe("browser containment settings", () => {
  const production = { CLIPWRIGHT_ENV: "production", CLIPWRIGHT_VAULT_KEY: Buffer.alloc(32, 7).toString("base64") };

  it("sandboxes by default in production and refuses to turn it off there", () => {
    expect(loadConfig(production).browser).toEqual({
      executablePath: "/usr/bin/chromium",
      sandbox: true,
      runAsUser: null,
      maxResponseBytes: 8 * 1024 * 1024,
      maxDocumentBytes: 2 * 1024 * 1024,
      maxSessions: 4, // worker concurrency (2) + 2
    });
    expect(loadConfig({ CLIPWRIGHT_BROWSER_MAX_RESPONSE_BYTES: "1048576" }).browser.maxResponseBytes).toBe(1_048_576);
    expect(loadConfig({ CLIPWRIGHT_BROWSER_MAX_DOCUMENT_BYTES: "4194304" }).browser.maxDocumentBytes).toBe(4_194_304);
    expect(() => loadConfig({ CLIPWRIGHT_BROWSER_MAX_DOCUMENT_BYTES: "100" })).toThrow(ConfigError);
    expect(() => loadConfig({ CLIPWRIGHT_BROWSER_MAX_RESPONSE_BYTES: "100" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, CLIPWRIGHT_BROWSER_SANDBOX: "off" })).toThrow(ConfigError);
    expect(loadConfig({ CLIPWRIGHT_ENV: "development" }).browser.sandbox).toBe(false);
    expect(loadConfig({ CLIPWRIGHT_ENV: "test", CLIPWRIGHT_BROWSER_SANDBOX: "on" }).browser.sandbox).toBe(true);
    expect(() => loadConfig({ CLIPWRIGHT_BROWSER_SANDBOX: "maybe" })).toThrow(ConfigError);
    expect(() => loadConfig({ CLIPWRIGHT_BROWSER_USER: "x; rm -rf /" })).toThrow(ConfigError);
  });

  it("refuses a sandbox as root without a user to drop to, and a user switch when not root", () => {
    expect(containmentProblem({ sandbox: true, runAsUser: null }, 0)).toMatch(/as root/);
    expect(containmentProblem({ sandbox: true, runAsUser: "clipwright" }, 0)).toBeNull();
    expect(containmentProblem({ sandbox: true, runAsUser: null }, 1000)).toBeNull();
    expect(containmentProblem({ sandbox: true, runAsUser: "clipwright" }, 1000)).toMatch(
      /needs the service to run as root/,
    );
    expect(containmentProblem({ sandbox: false, runAsUser: null }, 0)).toBeNull();
  });

  it("warns at start when the sandbox is off, refuses an impossible one, keeps the data directory private", () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "cw-host-")), "data");
    try {
      const warnings: string[] = [];
      const dev = loadConfig({ CLIPWRIGHT_ENV: "development", CLIPWRIGHT_DATA_DIR: dataDir });
      prepareHost(dev, true, (line) => warnings.push(line));
      expect(warnings).toEqual([NO_SANDBOX_WARNING]);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);

      const apiOnly: string[] = [];
      prepareHost(dev, false, (line) => apiOnly.push(line));
      expect(apiOnly).toEqual([]); // an API-only process starts no browser

      const prod = loadConfig({ ...production, CLIPWRIGHT_DATA_DIR: dataDir });
      if (IS_ROOT) expect(() => prepareHost(prod, true, () => {})).toThrow(ConfigError);
      else expect(() => prepareHost(prod, true, () => {})).not.toThrow();
    } finally {
      rmSync(dirname(dataDir), { recursive: true, force: true });
    }
  });
});
