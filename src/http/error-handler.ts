import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messageOf } from "../contract/error-codes.js";
import { ApiError, validationFailed } from "../contract/errors.js";
import { StorageUnavailable } from "../storage/storage.js";
import { HTTP_BODY_LIMIT, MCP_BODY_LIMIT, payloadTooLarge } from "./body.js";
import { RateLimitedError } from "./rate-limit/limiter.js";

/** The spec's error body. `message` is the code's fixed sentence, never what the caller sent. */
export function errorBody(err: ApiError, requestId: string) {
  return {
    error: {
      code: err.code,
      message: messageOf(err.code),
      ...(err.details ? { details: err.details } : {}),
      requestId,
    },
  };
}

/** Anything thrown becomes an ApiError; what is not one is a 500 that hides its internals. */
function toApiError(err: unknown, req: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;
  // The object store failed: nothing was created or charged, and asking again shortly may work.
  if (err instanceof StorageUnavailable) return new ApiError("storage_unavailable", undefined, { "Retry-After": "5" });
  const fe = err as FastifyError;
  switch (fe.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return payloadTooLarge(req.cw?.transport === "mcp" ? MCP_BODY_LIMIT : HTTP_BODY_LIMIT);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError("unsupported_media_type", { objection: "content_type", expected: "application/json" });
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return validationFailed([
        { path: "header.Content-Length", code: "mismatch", message: "does not match the body" },
      ]);
  }
  // Errors carrying a payload_too_large ApiError can arrive wrapped by the stream machinery.
  if ((fe as { cause?: unknown }).cause instanceof ApiError) return (fe as { cause: ApiError }).cause;
  if (typeof fe.statusCode === "number" && fe.statusCode >= 400 && fe.statusCode < 500 && fe.code?.startsWith("FST_")) {
    return validationFailed([{ path: "request", code: "malformed_request", message: "could not be read" }]);
  }
  return new ApiError("internal_error");
}

/**
 * A page the service answers for an address no route has (the dashboard's own addresses, opened in a
 * browser), or null to answer the API's 404.
 */
export type NotFoundPage = (req: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

export function installErrorHandling(app: FastifyInstance, notFoundPage?: NotFoundPage): void {
  app.setErrorHandler(async (err, req, reply) => {
    const apiError = toApiError(err, req);
    if (apiError.status >= 500) req.log.error({ err }, "unhandled failure");
    if (apiError instanceof RateLimitedError) req.cw.window = apiError.window;
    return sendError(reply, apiError, req.id);
  });
  app.setNotFoundHandler(
    async (req, reply) => notFoundPage?.(req, reply) ?? sendError(reply, new ApiError("not_found"), req.id),
  );
}

export function sendError(reply: FastifyReply, err: ApiError, requestId: string): FastifyReply {
  if (err.headers) reply.headers(err.headers);
  return reply
    .code(err.status)
    .type("application/json; charset=utf-8")
    .send(JSON.stringify(errorBody(err, requestId)));
}
