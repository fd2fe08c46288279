import { type IncomingMessage, ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ApiError, validationFailed } from "../contract/errors.js";
import type { HttpContext } from "./context.js";
import { errorBody, sendError } from "./error-handler.js";
import { type RateWindow, rateHeaders } from "./rate-limit/limiter.js";
import { securityHeaders } from "./security-headers.js";

/**
 * Refusals made below the routes, where no hook and no error handler runs: Fastify's router (a path
 * that is not valid percent-encoded UTF-8, an over-long path segment) and Node's HTTP parser (bytes
 * that are not HTTP, headers too large, a request that did not arrive in time). Each answers the
 * spec's error body with a request id, `Cache-Control`, the security headers and the caller IP's
 * unauthenticated RateLimit-* window, like every other refusal (the conventions' onSend does not run
 * here), and never repeats what was sent (Fastify's and Node's own answers quote the path).
 */

const CONVENTION_HEADERS = { "Cache-Control": "private, no-store" } as const;

/** Fastify's `frameworkErrors`: the router could not take the request to a route. */
export async function answerFrameworkError(
  deps: HttpContext,
  err: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const window = await peek(deps, req.ip);
  reply.header("X-Request-Id", req.id).headers(CONVENTION_HEADERS).type("application/json; charset=utf-8");
  securityHeaders(deps.config)(reply);
  if (window) reply.headers(rateHeaders(window, deps.clock.now().getTime()));
  sendError(reply, routerRefusal(err), req.id);
}

function routerRefusal(err: FastifyError): ApiError {
  switch (err.code) {
    case "FST_ERR_BAD_URL":
      return validationFailed([
        { path: "path", code: "malformed_encoding", message: "is not valid percent-encoded UTF-8" },
      ]);
    case "FST_ERR_MAX_PARAM_LENGTH":
      return validationFailed([{ path: "path", code: "max_length", message: "has a segment over 100 characters" }]);
    default:
      return validationFailed([{ path: "request", code: "malformed_request", message: "could not be read" }]);
  }
}

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the connection's bytes, or the request or its
 * headers did not arrive within the configured time. There is no request object, so the answer is
 * written to the socket by hand, and the connection is closed.
 */
export function answerClientError(deps: HttpContext, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const refusal = parserRefusal(err.code);
  const requestId = deps.requestIds.fresh();
  void peek(deps, socket.remoteAddress ?? "").then((window) => {
    // A response already under way (headers sent) must not have another written into its middle.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !socket.destroyed && !inFlight?.headersSent) {
      const body = JSON.stringify(errorBody(refusal, requestId));
      const headers: Record<string, string> = {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": String(Buffer.byteLength(body)),
        "X-Request-Id": requestId,
        ...CONVENTION_HEADERS,
        ...securityHeadersOf(deps),
        ...(window ? rateHeaders(window, deps.clock.now().getTime()) : {}),
        Connection: "close",
      };
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n${head.join("")}\r\n${body}`);
    }
    socket.destroy();
  });
}

/**
 * Node hands a CONNECT request to the server's `connect` listeners, never to the router, and without
 * one it closes the connection without a word. The service is no proxy, yet a CONNECT is still a
 * request to answer: it is handed to Fastify like any other method (a route that lists CONNECT refuses
 * it itself, elsewhere it is 404 `not_found`), so the answer follows every convention, and the
 * connection is closed once it is written (nothing is ever tunnelled). Call before routes are added.
 */
export function routeConnectRequests(app: FastifyInstance): void {
  app.addHttpMethod("CONNECT");
  app.server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Socket);
    res.once("finish", () => {
      res.detachSocket(socket as Socket);
      socket.end();
    });
    socket.once("error", () => socket.destroy());
    app.server.emit("request", req, res);
  });
}

function parserRefusal(code: string | undefined): ApiError {
  switch (code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return validationFailed([
        { path: "request", code: "timeout", message: "did not arrive within the time allowed" },
      ]);
    case "HPE_HEADER_OVERFLOW":
      return validationFailed([{ path: "header", code: "too_large", message: "the headers are too large" }]);
    default:
      return validationFailed([{ path: "request", code: "malformed_request", message: "is not valid HTTP/1.1" }]);
  }
}

/** The security headers of a JSON answer, collected for a response written by hand. */
function securityHeadersOf(deps: HttpContext): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const collector = {
    header(name: string, value: string) {
      headers[name.toLowerCase()] = value;
      return collector;
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
    hasHeader: (name: string) => name.toLowerCase() in headers,
  };
  securityHeaders(deps.config)(collector as unknown as FastifyReply);
  const { "content-type": _type, ...security } = headers;
  return security;
}

/** The unauthenticated window of an address; a rate store that is down leaves the headers out. */
const peek = (deps: HttpContext, ip: string): Promise<RateWindow | null> =>
  deps.limiter.peekUnauthenticated(ip).catch(() => null);
