import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { validationFailed } from "../contract/errors.js";
import { parseJson } from "./body.js";
import type { HttpContext } from "./context.js";
import { installErrorHandling, type NotFoundPage } from "./error-handler.js";
import { type RateWindow, rateHeaders } from "./rate-limit/limiter.js";
import { REQUEST_ID_PATTERN } from "./request-ids.js";
import { securityHeaders } from "./security-headers.js";

/** The MCP transport marks its in-process requests with this header and a per-process secret. */
export const INTERNAL_TRANSPORT_HEADER = "x-clipwright-internal";

/**
 * Conventions every answer follows, refusals included: the request id echoed and in every error
 * body, `Cache-Control: private, no-store`, the security headers (security-headers.ts), the
 * RateLimit-* headers of the window that applied, JSON
 * bodies only (the one body parser), and the spec's error body for anything thrown. An address no route
 * has is the API's 404, unless `notFoundPage` answers it (the dashboard's own addresses).
 */
export function installConventions(
  app: FastifyInstance,
  deps: HttpContext,
  internalSecret: string,
  notFoundPage?: NotFoundPage,
): void {
  app.decorateRequest("cw", null as never);

  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook("onRequest", (req, _reply, done) => {
    req.cw = { transport: isInternal(req, internalSecret) ? "mcp" : "http" };
    const given = req.headers["x-request-id"];
    if (given !== undefined && given !== req.id) {
      return done(
        validationFailed([
          { path: "header.X-Request-Id", code: "pattern", message: `must match ${REQUEST_ID_PATTERN.source}` },
        ]),
      );
    }
    done();
  });

  const secure = securityHeaders(deps.config);
  app.addHook("onSend", (req, reply, payload, done) => {
    reply.header("X-Request-Id", req.id);
    reply.header("Cache-Control", "private, no-store");
    secure(reply);
    const send = (window: RateWindow) => {
      reply.headers(rateHeaders(window, deps.clock.now().getTime()));
      done(null, payload);
    };
    if (req.cw?.window) return send(req.cw.window);
    windowBeforeCounting(deps, req).then(send, (err) => done(err));
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, raw, done) => {
    try {
      done(null, parseJson(raw as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  installErrorHandling(app, notFoundPage);
}

/**
 * A request answered before it was counted (refused for scope, state, validation, or unauthenticated)
 * still carries RateLimit-* headers: the credential's class window as it stands, or the caller IP's
 * unauthenticated window. Looked up only then, so a counted request pays for one window lookup.
 */
function windowBeforeCounting(deps: HttpContext, req: FastifyRequest) {
  const { actor, rateClass } = req.cw ?? {};
  return actor && rateClass ? deps.limiter.peek(actor, rateClass) : deps.limiter.peekUnauthenticated(req.ip);
}

function isInternal(req: FastifyRequest, secret: string): boolean {
  const given = req.headers[INTERNAL_TRANSPORT_HEADER];
  if (typeof given !== "string" || given.length !== secret.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(secret));
}
