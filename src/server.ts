import { mkdirSync, statSync } from "node:fs";
import { buildApp } from "./app.js";
import { type Config, ConfigError } from "./config.js";
import { ensureDevAccount } from "./dev-bootstrap.js";
import { containmentProblem, NO_SANDBOX_WARNING } from "./media/browser/sandbox.js";
import { startWorkers } from "./workers.js";

/**
 * Checks made before a process that may run jobs starts: the browser can be contained as configured
 * (refused otherwise), and the data directory (database, vault-sealed secrets, artifacts) is private to
 * the service's user.
 */
export function prepareHost(config: Config, runsJobs: boolean, warn: (line: string) => void): void {
  if (runsJobs) {
    const problem = containmentProblem(config.browser, process.getuid?.() ?? null);
    if (problem) throw new ConfigError(problem);
    if (!config.browser.sandbox) warn(NO_SANDBOX_WARNING);
  }
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  if ((statSync(config.dataDir).mode & 0o077) !== 0) {
    warn(`${config.dataDir} is readable by other users; chmod 700 it (it holds the database and sealed secrets)`);
  }
}

const stderrWarning = (line: string): void => {
  process.stderr.write(`warning: ${line}\n`);
};

/** Listens until SIGINT/SIGTERM, then drains and closes everything. */
export async function serve(config: Config, role: "all" | "api"): Promise<void> {
  prepareHost(config, role === "all", stderrWarning);
  const { app, deps } = await buildApp({ config });
  const workers = role === "all" ? startWorkers(deps) : null;
  app.addHook("onClose", async () => workers?.close());
  await app.listen({ port: config.port, host: config.host });
  const base = `http://${config.host}:${config.port}`;
  if (config.env === "development" && role === "all") {
    const dev = await ensureDevAccount(deps);
    process.stdout.write(
      [
        "",
        `Clipwright is running at ${base} (data in ${config.dataDir})`,
        "Development account (kept in dev-credentials.json in the data directory):",
        `  email     ${dev.email}`,
        `  password  ${dev.password}`,
        `  API key   ${dev.apiKey}`,
        "",
        `Try: curl -H "Authorization: Bearer ${dev.apiKey}" ${base}/api/v1/account`,
        "",
      ].join("\n"),
    );
  } else {
    process.stdout.write(`Clipwright${role === "api" ? " API" : ""} listening on ${base}\n`);
  }
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** `clipwright worker`: job runs, deliveries and retention only, no HTTP (scale-out). */
export async function work(config: Config): Promise<void> {
  prepareHost(config, true, stderrWarning);
  const { app, deps } = await buildApp({ config });
  const workers = startWorkers(deps);
  process.stdout.write(`Clipwright worker running (${deps.queue.driver} queue)\n`);
  const stop = async () => {
    await workers.close();
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
