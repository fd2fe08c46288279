import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { waitFor } from "./wait.js";

/**
 * A real HTTP receiver on loopback (127.0.0.1, ephemeral port) for webhook tests. It records every
 * request's raw body bytes and headers, and answers each with what the test asked for, per path:
 * a status (200, 500, 302 …), "hang" (never answers; the service's timeout has to cut it) or "hold"
 * (answers only when the test calls `release`).
 */
export type Reply = number | "hang" | "hold";

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
  /** Answers every request held at `path` (reply "hold") with `reply`; later ones get `next` (default: the same). */
  release(path: string, reply?: number, next?: Reply): void;
  /** Resolves once `count` requests to `path` arrived; throws naming them if they have not by the deadline. */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(now: () => Date): Promise<Receiver> {
  const log: Received[] = [];
  const replies = new Map<string, Reply>();
  const hanging = new Set<ServerResponse>();
  const held = new Map<string, ((status: number) => void)[]>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0] as string;
      log.push({ path, method: req.method ?? "", headers: req.headers, raw: Buffer.concat(chunks), at: now() });
      const answer = (given?: number) => {
        const reply = given ?? replies.get(path) ?? 200;
        if (reply === "hold") {
          held.set(path, [...(held.get(path) ?? []), answer]);
          hanging.add(res);
          res.on("close", () => hanging.delete(res));
          return;
        }
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
      answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received: (path) => (path === undefined ? [...log] : log.filter((r) => r.path === path)),
    reply: (path, reply) => void replies.set(path, reply),
    release(path, reply = 200, next: Reply = reply) {
      replies.set(path, next);
      const waiting = held.get(path) ?? [];
      held.delete(path);
      for (const answer of waiting) answer(reply);
    },
    async waitFor(path, count, timeoutMs = 10_000) {
      const arrived = () => log.filter((r) => r.path === path).length;
      await waitFor(() => arrived() >= count, {
        what: `${count} request(s) to ${path} at the receiver`,
        timeoutMs,
        intervalMs: 5,
        detail: () => `${arrived()} arrived`,
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
