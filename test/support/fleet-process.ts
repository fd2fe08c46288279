// One process of a fleet, as an operator starts it: the real bin (`clipwright api` or `clipwright worker`)
// with its configuration in the environment. Used by the fleet test (test/integration/fleet.test.ts).
import { type ChildProcess, spawn } from "node:child_process";
import { BIN, ROOT } from "./cli-process.js";
import { waitFor } from "./wait.js";

export type FleetRole = "api" | "worker";

export class FleetProcess {
  private out = "";
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive = true;

  private constructor(
    readonly name: string,
    readonly role: FleetRole,
    readonly child: ChildProcess,
    /** The API's port (a worker listens on none). */
    readonly port: number,
  ) {
    const keep = (chunk: string) => {
      this.out = (this.out + chunk).slice(-20_000);
    };
    child.stdout?.setEncoding("utf8").on("data", keep);
    child.stderr?.setEncoding("utf8").on("data", keep);
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.alive = false;
        resolve({ code, signal });
      });
    });
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}/api/v1`;
  }

  output(): string {
    return `--- ${this.name} (pid ${this.child.pid}) ---\n${this.out.slice(-4000)}`;
  }

  /** Starts it and waits until it is ready: an API answers GET /readyz 200, a worker says it runs. */
  static async start(name: string, role: FleetRole, port: number, env: NodeJS.ProcessEnv): Promise<FleetProcess> {
    const child = spawn(process.execPath, [BIN, role], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const p = new FleetProcess(name, role, child, port);
    const ready = async () => {
      if (!p.alive) throw new Error(`${name} exited before it was ready\n${p.output()}`);
      if (role === "worker") return p.out.includes("worker running");
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      return res?.status === 200;
    };
    try {
      await waitFor(ready, {
        what: `${name} to be ready`,
        timeoutMs: 180_000,
        intervalMs: 100,
        detail: () => p.output(),
      });
    } catch (err) {
      p.signal("SIGKILL");
      throw err;
    }
    return p;
  }

  /** Sends a signal to this child's PID (never by name). */
  signal(sig: NodeJS.Signals): void {
    if (!this.alive) return;
    try {
      process.kill(this.child.pid as number, sig);
    } catch {
      /* already gone */
    }
  }
}
