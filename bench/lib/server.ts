// Servers under test run in child processes: autocannon in this process must not share (and slow)
// the event loop it is measuring.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

export interface ServerInfo {
  port: number;
  /** API key the server seeded, when it has one. */
  key?: string;
  /** A second key with a low rateLimitPerMinute, when the server was asked for one. */
  limitedKey?: string;
  /** The database and its version, when it has one. */
  version?: string;
}

export interface RunningServer {
  info: ServerInfo;
  base: string;
  /** The server process's id, to read its figures from /proc. */
  pid: number;
  /** The server process's CPU time so far (user + system), in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

// Linux's clock tick for /proc/<pid>/stat (USER_HZ): 100 on every Linux the project runs on.
const TICKS_PER_SECOND = 100;

/** utime + stime of a process, from /proc/<pid>/stat (fields 14 and 15, after the command name). */
function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
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
    pid: child.pid as number,
    cpuSeconds: () => processCpuSeconds(child.pid as number),
    async stop() {
      live.delete(kill);
      if (child.exitCode === null && child.signalCode === null) kill();
      await exited;
    },
  };
}
