import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A plain HTTP server that records everything that reaches it: TCP connections, requests (with their
 * bodies) and WebSocket upgrades. Bound to any loopback address (all of 127/8 is loopback on Linux), so
 * tests can stand up a second host — e.g. 127.0.0.2, which the test allow-list does not name — and
 * prove that nothing reached it.
 */

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface Recorder {
  /** `http://<host>:<port>` */
  url: string;
  host: string;
  port: number;
  readonly connections: number;
  readonly requests: readonly Recorded[];
  readonly upgrades: number;
  close(): Promise<void>;
}

/** Answers a request; the default serves a small HTML page. */
export type RecorderHandler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const page: RecorderHandler = (_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end("<!doctype html><title>recorder</title><h1>recorder</h1>");
};

export async function startRecorder(host = "127.0.0.2", handler: RecorderHandler = page): Promise<Recorder> {
  const requests: Recorded[] = [];
  let connections = 0;
  let upgrades = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server.on("connection", () => {
    connections += 1;
  });
  server.on("upgrade", (_req, socket) => {
    upgrades += 1;
    socket.destroy();
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    host,
    port,
    get connections() {
      return connections;
    },
    get requests() {
      return requests;
    },
    get upgrades() {
      return upgrades;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
