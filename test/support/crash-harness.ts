// Helpers of the crash test (test/integration/crash.test.ts): the service as a child process that
// can be SIGKILLed (test/support/crash-server.ts), and a real webhook receiver on 127.0.0.1 that
// verifies every delivery's signature and answers what the test tells it to.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer } from "node:net";
import { join } from "node:path";
import { type VerifyResult, verifyWebhook } from "../../src/webhooks/verify.js";
import { ROOT } from "./cli-process.js";
import { waitFor } from "./wait.js";

export const CRASH_SERVER = join(ROOT, "test", "support", "crash-server.ts");

export async function freePort(): Promise<number> {
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

/** One run of crash-server.ts. Stopped by PID only (SIGKILL for the crash, SIGTERM to finish). */
export class ServiceProcess {
  /** Parsed JSON lines of stdout ({ready}, {step}). */
  readonly lines: Record<string, unknown>[] = [];
  private out = "";
  private err = "";
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive = true;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      this.out += chunk;
      const parts = this.out.split("\n");
      this.out = parts.pop() ?? "";
      for (const part of parts) {
        try {
          this.lines.push(JSON.parse(part) as Record<string, unknown>);
        } catch {
          this.err += `${part}\n`; // not ours: keep it for the failure message
        }
      }
    });
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      this.err += chunk;
    });
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.alive = false;
        resolve({ code, signal });
      });
    });
  }

  get pid(): number {
    return this.child.pid as number;
  }
  get base(): string {
    return `http://127.0.0.1:${this.port}/api/v1`;
  }
  output(): string {
    return `--- stderr (pid ${this.pid}) ---\n${this.err.slice(-4000)}`;
  }

  /** `role`: which of `clipwright serve|api|worker` the child runs (a worker listens on no port). */
  static async start(
    port: number,
    dataDir: string,
    env: NodeJS.ProcessEnv,
    { timeoutMs = 30_000, role = "serve" }: { timeoutMs?: number; role?: "serve" | "api" | "worker" } = {},
  ) {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", CRASH_SERVER, "--port", String(port), "--data-dir", dataDir, "--role", role],
      { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    const p = new ServiceProcess(child, port);
    try {
      await waitFor(
        () => {
          if (!p.alive) throw new Error(`the service exited before it was ready\n${p.output()}`);
          return p.lines.some((l) => l.ready === true);
        },
        { what: "the service to print ready", timeoutMs, intervalMs: 50, detail: () => p.output() },
      );
    } catch (err) {
      p.signal("SIGKILL"); // by PID, only this child (a no-op once it exited)
      throw err;
    }
    return p;
  }

  /** Sends a signal to this child's PID (never by name). */
  signal(sig: NodeJS.Signals): void {
    if (!this.alive) return;
    try {
      process.kill(this.pid, sig);
    } catch {
      /* already gone */
    }
  }

  /** Job ids whose run reported a step in this process. */
  stepsByJob(): Map<string, { steps: number; attempts: Set<number> }> {
    const m = new Map<string, { steps: number; attempts: Set<number> }>();
    for (const l of this.lines) {
      if (typeof l.job !== "string") continue;
      const e = m.get(l.job) ?? { steps: 0, attempts: new Set<number>() };
      e.steps += 1;
      e.attempts.add(l.attempt as number);
      m.set(l.job, e);
    }
    return m;
  }

  async request(method: string, path: string, token: string, body?: unknown) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      headers["idempotency-key"] = `crash-${Math.random().toString(36).slice(2)}`;
    }
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as any) : undefined };
  }
}

export interface ReceivedDelivery {
  eventId: string;
  eventType: string;
  deliveryId: string;
  attempt: number;
  verified: VerifyResult;
  /** What the receiver answered: a status, or "held" (never answered). */
  answer: number | "held";
  jobId: string | undefined;
  jobState: string | undefined;
  at: number;
}

export type Answer = number | "hold";

/** A webhook receiver on 127.0.0.1. `decide` picks the answer per delivery; signatures are checked first. */
export class Receiver {
  readonly received: ReceivedDelivery[] = [];
  secret = "";
  decide: (d: Omit<ReceivedDelivery, "answer">) => Answer = () => 200;
  private readonly held = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/clipwright`;
  }

  static async start(): Promise<Receiver> {
    let receiver: Receiver | undefined;
    const server = createHttpServer((req, res) => receiver?.handle(req, res));
    const port = await new Promise<number>((resolve) => {
      server.listen(0, "127.0.0.1", () => {
        const a = server.address();
        resolve(typeof a === "object" && a ? a.port : 0);
      });
    });
    receiver = new Receiver(server, port);
    return receiver;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const verified = verifyWebhook(this.secret, header("service-signature"), raw);
      let data: { id?: string; state?: string } | undefined;
      try {
        data = (JSON.parse(raw.toString("utf8")) as { data?: { id?: string; state?: string } }).data;
      } catch {
        data = undefined;
      }
      const d = {
        eventId: header("service-event-id") ?? "",
        eventType: header("service-event-type") ?? "",
        deliveryId: header("service-delivery-id") ?? "",
        attempt: Number(header("service-delivery-attempt")),
        verified,
        jobId: data?.id,
        jobState: data?.state,
        at: Date.now(),
      };
      const answer = verified.ok ? this.decide(d) : 401;
      this.received.push({ ...d, answer: answer === "hold" ? "held" : answer });
      if (answer === "hold") {
        this.held.add(res); // answered never: the sender dies with the request in flight
        return;
      }
      res.writeHead(answer, { "content-type": "text/plain" }).end(answer < 300 ? "ok" : "not now");
    });
  }

  /** Events answered 2xx with a valid signature, deduplicated on Service-Event-Id. */
  delivered(): Map<string, ReceivedDelivery> {
    const m = new Map<string, ReceivedDelivery>();
    for (const d of this.received) {
      if (d.verified.ok && typeof d.answer === "number" && d.answer >= 200 && d.answer < 300 && !m.has(d.eventId))
        m.set(d.eventId, d);
    }
    return m;
  }

  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
