import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Deps } from "../deps.js";
import { randomBase62 } from "../ids.js";
import { validationFailed } from "./api-error.js";
import { parseJson } from "./body.js";
import { installErrorHandling } from "./error-handler.js";
import { rateHeaders } from "./rate-limit/limiter.js";

export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** The MCP transport marks its in-process requests with this header and a per-process secret. */
export const INTERNAL_TRANSPORT_HEADER = "x-clipwright-internal";

export const newRequestId = (): string => `req_${randomBase62(24)}`;

/** Fastify's request id: the caller's X-Request-Id when it fits the pattern, else a fresh one. */
export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID_PATTERN.test(given) ? given : newRequestId();
}

/**
 * Conventions every answer follows, refusals included: the request id echoed and in every error
 * body, `Cache-Control: private, no-store`, the RateLimit-* headers of the window that applied, JSON
 * bodies only (the one body parser), and the spec's error body for anything thrown.
 */
export function installConventions(app: FastifyInstance, deps: Deps, internalSecret: string): void {
  app.decorateRequest("cw", null as never);

  app.addHook("onRequest", async (req) => {
    req.cw = { transport: isInternal(req, internalSecret) ? "mcp" : "http" };
    const given = req.headers["x-request-id"];
    if (given !== undefined && given !== req.id) {
      throw validationFailed([
        { path: "header.X-Request-Id", code: "pattern", message: "must match ^[A-Za-z0-9._-]{1,64}$" },
      ]);
    }
  });

  app.addHook("onSend", async (req, reply, payload) => {
    reply.header("X-Request-Id", req.id);
    reply.header("Cache-Control", "private, no-store");
    const window = req.cw?.window ?? (await deps.limiter.peekUnauthenticated(req.ip));
    reply.headers(rateHeaders(window, deps.clock.now().getTime()));
    return payload;
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, raw, done) => {
    try {
      done(null, parseJson(raw as Buffer));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  installErrorHandling(app);
}

function isInternal(req: FastifyRequest, secret: string): boolean {
  const given = req.headers[INTERNAL_TRANSPORT_HEADER];
  if (typeof given !== "string" || given.length !== secret.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(secret));
}
