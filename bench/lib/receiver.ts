// A webhook receiver on loopback for the webhooks and soak suites: node:http, 204 at once, and per
// delivery the arrival time (when its request line and headers were read, epoch milliseconds with
// sub-millisecond precision), its event id, attempt and the job id it is about (the body's data.id; an
// event about no job, webhook.test, is filed under its event id). A sample of the deliveries has its
// signature checked with the verifier receivers are told to use, against the secrets it was given.
//
// It runs in the bench process, the service under test in a child process: the receiver's event loop
// never shares (or slows) the dispatcher's.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhook } from "../../src/webhooks/verify.js";

/** Epoch milliseconds with the monotonic clock's resolution; comparable across processes on one machine. */
export const epochMs = (): number => performance.timeOrigin + performance.now();

export interface Arrival {
  /** First arrival of this data.id (epoch ms). */
  at: number;
  eventId: string;
  /** Service-Delivery-Attempt of the first arrival. */
  attempt: number;
  /** How many requests carried this data.id (1 unless something was sent twice). */
  count: number;
}

export interface Receiver {
  url: string;
  /** Forget every arrival and set the signing secret deliveries are checked against from now on. */
  reset(secret: string): void;
  /** Also accept signatures made with this secret (another endpoint's), until `forget`. */
  trust(secret: string): void;
  forget(secret: string): void;
  /** By data.id (the job's), or by event id for an event about no job. */
  arrivals: ReadonlyMap<string, Arrival>;
  /** Requests whose body was not a delivery or whose sampled signature did not verify. */
  problems: string[];
  /** Signatures checked since the last reset (all verified unless `problems` says otherwise). */
  verified(): number;
  /** Resolves once `n` distinct data.ids have arrived; rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Every SAMPLE-th request has its signature verified (the check costs the receiver little, but not nothing). */
const SAMPLE = 25;

export async function startReceiver(): Promise<Receiver> {
  let arrivals = new Map<string, Arrival>();
  let problems: string[] = [];
  const secrets = new Set<string>();
  let seen = 0;
  let checked = 0;
  let waiter: { n: number; resolve: () => void } | undefined;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const at = epochMs();
    const sample = seen++ % SAMPLE === 0;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      res.statusCode = 204;
      res.end();
      const raw = Buffer.concat(chunks);
      const eventId = String(req.headers["service-event-id"] ?? "");
      const attempt = Number(req.headers["service-delivery-attempt"] ?? 0);
      let dataId: unknown;
      try {
        const data = (JSON.parse(raw.toString("utf8")) as { data?: { id?: unknown } }).data;
        dataId = data && (data.id ?? eventId);
      } catch {
        /* reported below */
      }
      if (typeof dataId !== "string" || !eventId) {
        problems.push(`a request without an event id or data.id (${raw.length} bytes)`);
        return;
      }
      if (sample) {
        checked++;
        const header = req.headers["service-signature"] as string | undefined;
        const reasons: string[] = [];
        for (const secret of secrets) {
          const v = verifyWebhook(secret, header, raw);
          if (v.ok) break;
          reasons.push(v.reason);
        }
        if (reasons.length === secrets.size) problems.push(`event ${eventId}: signature ${reasons.join(", ")}`);
      }
      const known = arrivals.get(dataId);
      if (known) {
        known.count++;
        return;
      }
      arrivals.set(dataId, { at, eventId, attempt, count: 1 });
      if (waiter && arrivals.size >= waiter.n) {
        const w = waiter;
        waiter = undefined;
        w.resolve();
      }
    });
  };

  const server = createServer({ keepAliveTimeout: 10_000 }, handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hook`,
    reset(s) {
      arrivals = new Map();
      problems = [];
      secrets.clear();
      secrets.add(s);
      seen = 0;
      checked = 0;
    },
    trust: (s) => secrets.add(s),
    forget: (s) => secrets.delete(s),
    get arrivals() {
      return arrivals;
    },
    get problems() {
      return problems;
    },
    verified: () => checked,
    waitFor(n, timeoutMs) {
      if (arrivals.size >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiter = undefined;
          reject(new Error(`receiver: ${arrivals.size} of ${n} deliveries after ${timeoutMs} ms`));
        }, timeoutMs);
        waiter = {
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
