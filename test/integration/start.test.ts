// The `npm start` path end to end, minus the prestart setup step: the real bin serving
// on a real port with the default embedded topology (SQLite in the data directory, no Redis), in
// development, where it creates a dev account once and prints its credentials on every start.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenApiChecker } from "../../src/testutil/openapi-check.js";
import { BIN, childEnv, ROOT } from "../support/cli-process.js";
import { within } from "../support/wait.js";

const BANNER_TIMEOUT_MS = 30_000;
const EXIT_TIMEOUT_MS = 10_000;

interface Banner {
  email: string;
  password: string;
  apiKey: string;
}

interface Server {
  child: ChildProcess;
  banner: Banner;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** `clipwright serve`, resolved once the development banner with all three credentials is printed. */
async function startServer(port: number, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", String(port), "--data-dir", dataDir], {
    cwd: ROOT,
    env: childEnv({ CLIPWRIGHT_ENV: "development" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let out = "";
  let err = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  const output = () => `--- stdout ---\n${out}\n--- stderr ---\n${err}`;

  // Read on every chunk of output: resolved by the banner itself, refused if the server exits first.
  const printed = new Promise<Banner>((resolve, reject) => {
    const read = () => {
      const email = /^ {2}email {5}(\S+)$/m.exec(out)?.[1];
      const password = /^ {2}password {2}(\S+)$/m.exec(out)?.[1];
      const apiKey = /^ {2}API key {3}(\S+)$/m.exec(out)?.[1];
      // The banner ends with the curl hint; wait for it so a line is never read half-written.
      if (email && password && apiKey && /^Try: curl .*$/m.test(out)) {
        child.stdout?.off("data", read);
        resolve({ email, password, apiKey });
      }
    };
    child.stdout?.on("data", read);
    void exited.then(({ code, signal }) => {
      reject(new Error(`the server exited (code ${code}, signal ${signal}) before printing the banner\n${output()}`));
    });
  });
  const banner = await within(printed, {
    what: "the development banner",
    timeoutMs: BANNER_TIMEOUT_MS,
    detail: output,
  });
  return { child, banner, output, exited };
}

/** SIGTERM, then the server's exit (SIGKILLed, and an error, if it has not exited by the deadline). */
async function stopServer(server: Server): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  server.child.kill("SIGTERM");
  try {
    return await within(server.exited, {
      what: "the server to exit after SIGTERM",
      timeoutMs: EXIT_TIMEOUT_MS,
      detail: server.output,
    });
  } catch (err) {
    server.child.kill("SIGKILL");
    throw err;
  }
}

describe.skipIf(process.env.CLIPWRIGHT_TEST_DB === "postgres")("clipwright serve in development (npm start)", () => {
  let dataDir: string;
  let port: number;
  let base: string;
  let first: Server;
  let checker: OpenApiChecker;

  const api = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${base}/api/v1${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    const body = text ? JSON.parse(text) : undefined;
    if (checker) {
      const problems = checker.check(init.method ?? "GET", path, res.status, body);
      expect(problems, text).toEqual([]);
    }
    return { status: res.status, headers: res.headers, body };
  };

  /** The dev credentials work: the key reads the account, the password signs in. */
  async function expectCredentialsWork(banner: Banner): Promise<void> {
    const account = await api("/account", { token: banner.apiKey });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    expect(Object.keys(account.body).sort()).toEqual(["account", "credential", "wallet"]);
    expect(account.body.account).toMatchObject({ email: banner.email, emailVerified: true });
    expect(account.body.wallet.planActive).toBe(true);
    expect(account.body.wallet.availableSeconds).toBeGreaterThan(0);
    expect(account.body.credential.kind).toBe("api_key");
    expect(account.body.credential.scopes).toHaveLength(12);
    expect(account.body.credential.scopes).not.toContain("keys:manage");

    const session = await api("/auth/sessions", {
      method: "POST",
      body: { email: banner.email, password: banner.password },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    expect(session.body.token).toMatch(/^sess_[0-9A-Za-z]{40}$/);
    expect(Date.parse(session.body.expiresAt)).toBeGreaterThan(Date.now());

    const bySession = await api("/account", { token: session.body.token });
    expect(bySession.status).toBe(200);
    expect(bySession.body.credential.kind).toBe("session");
    expect(bySession.body.account.id).toBe(account.body.account.id);
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "cw-start-"));
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    first = await startServer(port, dataDir);
  });

  afterAll(async () => {
    for (const child of running) child.kill("SIGKILL");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints the dev account's email, password and API key with the address", () => {
    const { banner } = first;
    expect(banner.email).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(banner.password.length).toBeGreaterThanOrEqual(8);
    expect(banner.apiKey).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
    expect(first.output()).toContain(`Clipwright is running at ${base}`);
    // Kept for later starts, readable by the owner only.
    expect(statSync(join(dataDir, "dev-credentials.json")).mode & 0o777).toBe(0o600);
  });

  it("serves the OpenAPI document", async () => {
    const res = await api("/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe("3.1.0");
    expect(Object.keys(res.body.paths).length).toBeGreaterThan(0);
    checker = new OpenApiChecker(res.body);
  });

  it("the printed credentials work: the API key reads the account and the password signs in", async () => {
    await expectCredentialsWork(first.banner);
  });

  it("logs each request as a line a person reads, not as JSON", () => {
    const out = first.output();
    expect(out).toMatch(/INFO.*: req_\S+ GET \/api\/v1\/account incoming request$/m);
    expect(out).toMatch(/INFO.*: req_\S+ 200 in \d+\.\d ms request completed$/m);
    expect(out).not.toMatch(/^\{"level"/m);
  });

  it("exits within 10 s of SIGTERM, and a restart on the same data dir prints the same credentials", async () => {
    const stopped = await stopServer(first);
    expect(stopped.code, first.output()).toBe(0);

    const second = await startServer(port, dataDir);
    try {
      expect(second.banner).toEqual(first.banner);
      await expectCredentialsWork(second.banner);
    } finally {
      const again = await stopServer(second);
      expect(again.code, second.output()).toBe(0);
    }
  });
});
