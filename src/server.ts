import { mkdirSync, statSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { type AppOptions, buildApp } from "./app.js";
import { type Config, ConfigError } from "./config.js";
import { ensureDevAccount } from "./dev-bootstrap.js";
import { closeGracefully } from "./http/drain.js";
import { containmentProblem, NO_SANDBOX_WARNING } from "./media/browser/sandbox.js";
import { startMetricsServer } from "./metrics/metrics-server.js";
import type { ServiceMetrics } from "./metrics/service-metrics.js";
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

/** Serves `GET /metrics` on its own port when configured; closed with the app. */
async function serveMetrics(config: Config, app: FastifyInstance, metrics: ServiceMetrics): Promise<void> {
  if (!config.metrics) return;
  const server = await startMetricsServer(metrics, config.metrics.host, config.metrics.port);
  app.addHook("onClose", async () => new Promise<void>((resolve) => server.close(() => resolve())));
  process.stdout.write(`Metrics at http://${config.metrics.host}:${config.metrics.port}/metrics\n`);
}

/** What a test's process adds to the service it runs (scripted job kinds, test-only operations). */
type Additions = Pick<AppOptions, "jobDefinitions" | "operations">;

/** Listens until SIGINT/SIGTERM, then drains and closes everything. */
export async function serve(config: Config, role: "all" | "api", additions: Additions = {}): Promise<void> {
  prepareHost(config, role === "all", stderrWarning);
  const { app, deps, lifecycle } = await buildApp({ config, ...additions });
  const workers = role === "all" ? startWorkers(deps) : null;
  app.addHook("onClose", async () => workers?.close());
  await serveMetrics(config, app, deps.metrics);
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
  onStopSignal(async () => {
    const workersStopped = workers?.close(); // starts now, beside the requests' drain
    // Then the workers (an onClose hook awaits the same drain) and the stores close.
    await closeGracefully(app, lifecycle, config.drainGraceMs);
    await workersStopped;
  }, config.drainGraceMs);
}

/** How long past the grace period a stop may take before the process exits anyway. */
const STOP_OVERRUN_MS = 30_000;

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits 0; exits 1 if it has not finished well after the
 * grace period (something hung), so an orchestrator never waits on it for ever.
 */
function onStopSignal(stop: () => Promise<void>, graceMs: number): void {
  const once = () => {
    const overrun = setTimeout(() => {
      process.stderr.write("stop did not finish within the grace period; exiting\n");
      process.exit(1);
    }, graceMs + STOP_OVERRUN_MS);
    overrun.unref();
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`stop failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", once);
  process.once("SIGTERM", once);
}

/** `clipwright worker`: job runs, deliveries and retention only, no HTTP (scale-out). */
export async function work(config: Config, additions: Additions = {}): Promise<void> {
  prepareHost(config, true, stderrWarning);
  const { app, deps } = await buildApp({ config, ...additions });
  const workers = startWorkers(deps);
  await serveMetrics(config, app, deps.metrics);
  process.stdout.write(`Clipwright worker running (${deps.queue.driver} queue)\n`);
  onStopSignal(async () => {
    await workers.close(); // stops claiming; runs still going after the grace period are handed back
    await app.close();
  }, config.drainGraceMs);
}
