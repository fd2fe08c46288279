import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP receiver on loopback (127.0.0.1, ephemeral port) for webhook tests. It records every
 * request's raw body bytes and headers, and answers each with what the test asked for, per path:
 * a status (200, 500, 302 …) or "hang" (never answers; the service's timeout has to cut it).
 */
export type Reply = number | "hang";

export interface Received {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  /** The service's (fake) clock when the request arrived. */
  at: Date;
}

/** Text of every answer: lets a test prove response bodies are never stored. */
export const RESPONSE_MARKER = "RESPONSE-BODY-MUST-NOT-BE-STORED";

export interface Receiver {
  /** `http://127.0.0.1:<port><path>` */
  url(path: string): string;
  /** Every request so far, oldest first (optionally only those to one path). */
  received(path?: string): Received[];
  /** The answer for requests to `path` from now on (default 200). */
  reply(path: string, reply: Reply): void;
  /** Holds every answer until `count` requests are waiting (or `maxMs` passes), then answers them all. */
  holdUntil(count: number, maxMs: number): void;
  /** Resolves once `count` requests to `path` arrived (short real waits: a network round trip). */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(now: () => Date): Promise<Receiver> {
  const log: Received[] = [];
  const replies = new Map<string, Reply>();
  const hanging = new Set<ServerResponse>();
  let hold: { count: number; waiting: (() => void)[]; timer: NodeJS.Timeout } | undefined;

  const releaseHold = () => {
    if (!hold) return;
    clearTimeout(hold.timer);
    const waiting = hold.waiting;
    hold = undefined;
    for (const go of waiting) go();
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0] as string;
      log.push({ path, method: req.method ?? "", headers: req.headers, raw: Buffer.concat(chunks), at: now() });
      const answer = () => {
        const reply = replies.get(path) ?? 200;
        if (reply === "hang") {
          hanging.add(res);
          res.on("close", () => hanging.delete(res));
          return;
        }
        const headers: Record<string, string> = { "content-type": "text/plain" };
        if (reply >= 300 && reply < 400) headers.location = `http://127.0.0.1:${port}/redirected`;
        res.writeHead(reply, headers);
        res.end(`${RESPONSE_MARKER} ${reply}`);
      };
      if (hold) {
        hold.waiting.push(answer);
        if (hold.waiting.length >= hold.count) releaseHold();
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received: (path) => (path === undefined ? [...log] : log.filter((r) => r.path === path)),
    reply: (path, reply) => void replies.set(path, reply),
    holdUntil(count, maxMs) {
      hold = { count, waiting: [], timer: setTimeout(releaseHold, maxMs) };
    },
    async waitFor(path, count, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (log.filter((r) => r.path === path).length < count) {
        if (Date.now() > until) throw new Error(`receiver: ${count} request(s) to ${path} did not arrive`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    async close() {
      releaseHold();
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
