// Servers under test run in child processes: autocannon in this process must not share (and slow)
// the event loop it is measuring.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface ServerInfo {
  port: number;
  /** API key the server seeded, when it has one. */
  key?: string;
}

export interface RunningServer {
  info: ServerInfo;
  base: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const live = new Set<() => void>();
// If this process dies early, its children must not outlive it holding ports and schemas.
process.once("exit", () => {
  for (const kill of live) kill();
});

/** Starts `script` with `node [nodeArgs] --import tsx` and waits for its one JSON line on stdout. */
export async function startServer(
  script: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const kill = () => child.kill("SIGTERM");
  live.add(kill);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const info = await new Promise<ServerInfo>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} not ready after ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
    createInterface({ input: child.stdout }).once("line", (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as ServerInfo);
      } catch {
        reject(new Error(`${script} printed ${JSON.stringify(line)} instead of its JSON line`));
      }
    });
    child.once("exit", (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  }).catch((err: unknown) => {
    kill();
    throw err;
  });

  return {
    info,
    base: `http://127.0.0.1:${info.port}`,
    async stop() {
      live.delete(kill);
      if (child.exitCode === null && child.signalCode === null) kill();
      await exited;
    },
  };
}
