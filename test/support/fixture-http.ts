import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The plumbing shared by the fixture-site servers (admin app, landing page): static files from one folder,
 * responses without caching, a cookie reader, a bounded body reader, and a node:http server on 127.0.0.1
 * with an ephemeral port.
 */

export const HTML = "text/html; charset=utf-8";

export const CONTENT_TYPES: Record<string, string> = {
  html: HTML,
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  svg: "image/svg+xml",
  json: "application/json; charset=utf-8",
};

const MAX_BODY = 64 * 1024;

export const readFixture = (dir: string, name: string) => readFile(`${dir}${name}`);

export function send(res: ServerResponse, status: number, type: string, body: Buffer | string, head = false): void {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  res.writeHead(status, {
    "content-type": type,
    "content-length": bytes.length,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  res.end(head ? undefined : bytes);
}

export function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  res.writeHead(303, { location, "content-length": 0, "cache-control": "no-store", ...headers });
  res.end();
}

/** The value of cookie `name` on the request, if sent. */
export function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/** The request body as text; undefined when it is larger than 64 KiB. */
export function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > MAX_BODY ? undefined : Buffer.concat(chunks).toString()));
    req.on("error", reject);
  });
}

export interface LoopbackServer {
  /** Base URL without a trailing slash: `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

/** Serves `handle` on 127.0.0.1 at an ephemeral port; a handler that throws answers 500. */
export async function listenOnLoopback(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, "text/plain; charset=utf-8", `Internal error: ${String(err)}`);
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
