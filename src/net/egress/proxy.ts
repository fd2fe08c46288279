import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex, Readable, Writable } from "node:stream";
import { type GuardPolicy, inspectUrl, type Problem } from "../guard.js";
import type { Resolver } from "../resolver.js";
import { type ApprovedHosts, approvedHosts, hostOfTarget, originOfTarget } from "./approved-origins.js";
import { DEFAULT_MAX_DOCUMENT_BYTES, DEFAULT_MAX_RESPONSE_BYTES } from "./byte-cap.js";
import { endToEndHeaders } from "./hop-headers.js";
import { connectPinned } from "./pinned-socket.js";
import { absoluteTarget, connectTarget, type EgressTarget } from "./targets.js";

/**
 * The egress proxy a browser session is given as its only way out (decision 0017). Every connection the
 * browser opens — a page, a redirect hop, a subresource, a frame, fetch/XHR, a WebSocket, a worker's
 * request — arrives here as an absolute-form http request or a CONNECT tunnel, and each is handled the
 * same way: the host is resolved once, the guard checks the answer, and the connection goes to exactly
 * the addresses it checked. Redirects are passed back untouched (the browser follows them, and the next
 * hop comes back here to be checked). Anything the guard refuses gets a 403 and never leaves the machine.
 *
 * While a sign-in runs the proxy is also told which origins the credentials are approved for
 * (`restrictTo`): then a connection to any other host is refused the same way, whatever opened it, and
 * reported, so the sign-in can fail naming the origin (decision 0028).
 */

/**
 * Why a request was refused: the guard's problem, a request that is not a proxy request at all, or a host
 * outside the origins a sign-in is restricted to.
 */
export type EgressRefusal = Problem | "request_form" | "not_approved";

export interface EgressProxyOptions {
  policy: GuardPolicy;
  resolver: Resolver;
  /** A connection (either side) quiet this long is closed, ms (default 60 s). */
  idleMs?: number;
  /** How long connecting to a checked address may take, ms (default 10 s). */
  connectTimeoutMs?: number;
  /**
   * Bytes one answer may bring (default 8 MiB): a plain-http response is cut there, and an https
   * tunnel, whose answers the proxy cannot tell apart, is closed once this much has come down it. The
   * browser keeps what arrived, so a page over it is used as far as it got.
   */
  maxResponseBytes?: number;
  /**
   * Bytes of one plain-http HTML answer (default 2 MiB, never above `maxResponseBytes`): cut there
   * exactly, where the browser's own decoded-bytes check (media/browser/decoded-cap.ts) can only stop a
   * fast stream some way past it. Inside an https tunnel only that check applies.
   */
  maxDocumentBytes?: number;
  /** Told about every refusal (logs, tests). */
  onRefused?: (refusal: { host: string | null; port: number | null; problem: EgressRefusal }) => void;
}

export interface EgressProxy {
  /** `http://127.0.0.1:<port>`: what the browser context is given as its proxy server. */
  readonly url: string;
  /** Connections (requests and tunnels) the guard let through so far. */
  readonly admitted: number;
  /** Answers cut at `maxResponseBytes` so far (responses and tunnels). */
  readonly truncated: number;
  /** Refusals so far, by reason. */
  readonly refused: Readonly<Partial<Record<EgressRefusal, number>>>;
  readonly refusedTotal: number;
  /**
   * Restricts every connection to the hosts of `origins` (null lifts it): connections already open to
   * anything else are closed at once, and each later attempt to reach another host is refused and
   * reported to `onRefused` with its origin (scheme, host and port only).
   */
  restrictTo(origins: readonly string[] | null, onRefused?: (origin: string) => void): void;
  /** Stops listening and closes every connection, tunnels included. Idempotent. */
  close(): Promise<void>;
}

/** Request and response heads larger than this are refused (Node answers 431 / fails the exchange). */
const MAX_HEADER_BYTES = 32 * 1024;
/** The browser opens a few dozen connections at most; this bounds a page that tries for more. */
const MAX_CLIENT_CONNECTIONS = 256;

const REFUSED_HEAD = "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
const statusHead = (status: number, text: string) =>
  `HTTP/1.1 ${status} ${text}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;

export async function startEgressProxy(opts: EgressProxyOptions): Promise<EgressProxy> {
  const idleMs = opts.idleMs ?? 60_000;
  const connectTimeoutMs = opts.connectTimeoutMs ?? 10_000;
  const maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const maxDocumentBytes = Math.min(maxResponseBytes, opts.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES);
  let truncated = 0;
  /** Passes `from` into `to` until `max` bytes have gone through, then cuts both (`to` ends cleanly). */
  const capped = (from: Readable, to: Writable, onCut: () => void, max = maxResponseBytes): void => {
    let seen = 0;
    from.on("data", (chunk: Buffer) => {
      if (seen > max) return;
      seen += chunk.length;
      if (seen <= max) {
        if (!to.write(chunk)) from.pause();
        return;
      }
      truncated += 1;
      to.end(chunk.subarray(0, chunk.length - (seen - max)));
      onCut();
    });
    to.on("drain", () => from.resume());
    from.on("end", () => to.end());
  };
  const refused: Partial<Record<EgressRefusal, number>> = {};
  let refusedTotal = 0;
  let admitted = 0;
  let closed = false;
  const sockets = new Set<Duplex>();
  /** Open upstream connections and the host each reaches, so a restriction can close the others. */
  const upstreams = new Map<Socket, string>();
  let restriction: { hosts: ApprovedHosts; onRefused: ((origin: string) => void) | undefined } | null = null;

  const track = (socket: Duplex, idle = true): void => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    if (idle && "setTimeout" in socket) (socket as Socket).setTimeout(idleMs, () => socket.destroy());
  };

  const refuse = (problem: EgressRefusal, target: EgressTarget | null): void => {
    refused[problem] = (refused[problem] ?? 0) + 1;
    refusedTotal += 1;
    opts.onRefused?.({ host: target?.origin.hostname ?? null, port: target?.port ?? null, problem });
  };

  /** The checked addresses for the target (resolved once, here), or null after counting the refusal. */
  const admit = async (target: EgressTarget): Promise<string[] | null> => {
    if (restriction && !restriction.hosts.has(hostOfTarget(target))) {
      refuse("not_approved", target);
      restriction.onRefused?.(originOfTarget(target));
      return null;
    }
    const verdict = await inspectUrl(target.origin.href, opts.policy, opts.resolver);
    if (verdict.ok) {
      admitted += 1;
      return verdict.addresses;
    }
    refuse(verdict.problem, target);
    return null;
  };

  /** An upstream connection to the target's host, dropped at once if a restriction started meanwhile. */
  const open = async (addresses: string[], target: EgressTarget): Promise<Socket> => {
    const upstream = await connectPinned(addresses, target.port, connectTimeoutMs);
    track(upstream);
    const host = hostOfTarget(target);
    upstreams.set(upstream, host);
    upstream.once("close", () => upstreams.delete(upstream));
    if (restriction && !restriction.hosts.has(host)) upstream.destroy();
    return upstream;
  };

  const answer = (res: ServerResponse, status: number): void => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // An empty 403: Chromium shows its own error page for it, so nothing of ours is drawn as the site.
    res.writeHead(status, { "content-length": 0, "cache-control": "no-store", connection: "close" });
    res.end();
  };

  // Plain http: `GET http://host:port/path`. One upstream connection per request, closed after it.
  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const parsed = absoluteTarget(req.url);
    if (!parsed) {
      refuse("request_form", null);
      return answer(res, 400);
    }
    const addresses = await admit(parsed.target);
    if (!addresses) return answer(res, 403);
    let upstream: Socket;
    try {
      upstream = await open(addresses, parsed.target);
    } catch {
      return answer(res, 502);
    }
    if (closed || upstream.destroyed || req.destroyed || res.destroyed) {
      upstream.destroy();
      return;
    }
    const headers = ["Host", parsed.target.origin.host, ...endToEndHeaders(req.rawHeaders, ["host"])];
    const out = httpRequest({
      method: req.method ?? "GET",
      path: parsed.path,
      headers,
      createConnection: () => upstream,
      maxHeaderSize: MAX_HEADER_BYTES,
    });
    out.on("response", (up) => {
      // An answer declared longer than the cap goes on chunked, so the cut end reads as its end.
      const html = /^\s*text\/html\b/i.test(up.headers["content-type"] ?? "");
      const max = html ? maxDocumentBytes : maxResponseBytes;
      const declared = Number(up.headers["content-length"]);
      const overCap = Number.isFinite(declared) && declared > max;
      res.writeHead(
        up.statusCode ?? 502,
        up.statusMessage ?? "",
        endToEndHeaders(up.rawHeaders, overCap ? ["content-length"] : []),
      );
      up.on("error", () => res.destroy());
      capped(up, res, () => upstream.destroy(), max);
    });
    out.on("error", () => answer(res, 502));
    res.on("close", () => upstream.destroy());
    req.pipe(out);
  };

  // https and WebSockets: `CONNECT host:port`, then bytes both ways to the checked address.
  const tunnel = async (req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> => {
    track(client);
    const target = connectTarget(req.url);
    if (!target) {
      refuse("request_form", null);
      client.end(statusHead(400, "Bad Request"));
      return;
    }
    const addresses = await admit(target);
    if (!addresses) {
      client.end(REFUSED_HEAD);
      return;
    }
    let upstream: Socket;
    try {
      upstream = await open(addresses, target);
    } catch {
      client.end(statusHead(502, "Bad Gateway"));
      return;
    }
    if (closed || upstream.destroyed || client.destroyed) {
      upstream.destroy();
      return;
    }
    upstream.once("close", () => client.destroy());
    client.once("close", () => upstream.destroy());
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) upstream.write(head);
    capped(upstream, client, () => {
      upstream.destroy();
      client.destroy();
    });
    client.pipe(upstream);
  };

  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    forward(req, res).catch(() => answer(res, 502));
  });
  server.maxConnections = MAX_CLIENT_CONNECTIONS;
  server.headersTimeout = 20_000;
  server.requestTimeout = 120_000;
  server.keepAliveTimeout = 5_000;
  server.timeout = idleMs;
  server.on("connection", (socket: Socket) => track(socket, false));
  server.on("connect", (req: IncomingMessage, client: Duplex, head: Buffer) => {
    tunnel(req, client, head).catch(() => client.destroy());
  });
  // Chromium tunnels ws:// through CONNECT; an Upgrade sent in absolute form is not a request we relay.
  server.on("upgrade", (_req: IncomingMessage, client: Duplex) => {
    refuse("request_form", null);
    client.end(statusHead(400, "Bad Request"));
  });
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => {
    const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
    if (socket.writable)
      socket.end(tooLarge ? statusHead(431, "Request Header Fields Too Large") : statusHead(400, "Bad Request"));
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.removeListener("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    get admitted() {
      return admitted;
    },
    get refusedTotal() {
      return refusedTotal;
    },
    get truncated() {
      return truncated;
    },
    restrictTo(origins, onRefused) {
      restriction = origins ? { hosts: approvedHosts(origins), onRefused } : null;
      if (!restriction) return;
      for (const [upstream, host] of upstreams) if (!restriction.hosts.has(host)) upstream.destroy();
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        closed = true;
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
