// The service as `npm start` runs it: the real bin (`clipwright serve`) as a child process on a real port,
// in development (it prints the dev account's credentials), with its own data directory (SQLite, the mail
// outbox). Browser tests drive it; its mail is read from the outbox as a person would open it.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, childEnv, ROOT } from "./cli-process.js";
import { waitFor, within } from "./wait.js";

export interface ServedApp {
  base: string;
  dataDir: string;
  /** The development account the banner printed. */
  dev: { email: string; password: string; apiKey: string };
  /** The link of the newest mail to `to` in the outbox (waits for it). */
  mailedLink(to: string, pattern: RegExp): Promise<string>;
  output(): string;
  stop(): Promise<void>;
}

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

/** Starts `clipwright serve` and resolves once the development banner is out (the dev account exists). */
export async function startServedApp(env: Record<string, string> = {}): Promise<ServedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "cw-served-"));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [BIN, "serve", "--port", String(port), "--data-dir", dataDir], {
    cwd: ROOT,
    env: childEnv({ CLIPWRIGHT_ENV: "development", LOG_LEVEL: "warn", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const output = () => out;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await within(exited, { what: "the served app to exit", timeoutMs: 15_000, detail: output }).catch(() =>
        child.kill("SIGKILL"),
      );
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const dev = await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`the served app exited early:\n${out}`);
        const email = /^ {2}email {5}(\S+)$/m.exec(out)?.[1];
        const password = /^ {2}password {2}(\S+)$/m.exec(out)?.[1];
        const apiKey = /^ {2}API key {3}(\S+)$/m.exec(out)?.[1];
        return email && password && apiKey && /^Try: curl /m.test(out) ? { email, password, apiKey } : null;
      },
      { what: "the development banner", timeoutMs: 60_000, intervalMs: 100, detail: output },
    );
    const outbox = join(dataDir, "outbox");
    const mailedLink = (to: string, pattern: RegExp) =>
      waitFor(
        () => {
          if (!existsSync(outbox)) return null;
          // Each mail is one file named by the time it was written: sorted, the newest is last.
          const mails = readdirSync(outbox)
            .filter((name) => name.endsWith(".eml"))
            .sort()
            .map((name) => readFileSync(join(outbox, name), "utf8"))
            .filter((text) => text.includes(`\r\nTo: ${to}\r\n`));
          return pattern.exec(mails.at(-1) ?? "")?.[0];
        },
        { what: `a mail to ${to} in the outbox`, intervalMs: 100 },
      );
    return { base: `http://127.0.0.1:${port}`, dataDir, dev, mailedLink, output, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
