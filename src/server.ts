import { mkdirSync } from "node:fs";
import { buildApp } from "./app.js";
import type { Config } from "./config.js";
import { ensureDevAccount } from "./dev-bootstrap.js";
import { startWorkers } from "./workers.js";

/** Listens until SIGINT/SIGTERM, then drains and closes everything. */
export async function serve(config: Config, role: "all" | "api"): Promise<void> {
  mkdirSync(config.dataDir, { recursive: true });
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
  mkdirSync(config.dataDir, { recursive: true });
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
