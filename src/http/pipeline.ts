import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from "fastify";
import { ApiError } from "../contract/errors.js";
import type { Actor } from "../operations/actor.js";
import type { MountedOperation, OperationContext } from "../operations/define.js";
import { withoutOneTimeSecrets } from "../operations/one-time-secrets.js";
import { allowedCredentials, needsPaidAccount, takesBody, takesCursor } from "../operations/refusals.js";
import { API_PREFIX, type OperationRow } from "../operations/registry.js";
import type { RateClass } from "../operations/scopes.js";
import { checkMediaType, HTTP_BODY_LIMIT, hasBody, limitStream, MCP_BODY_LIMIT, payloadTooLarge } from "./body.js";
import type { HttpContext } from "./context.js";
import { errorBody } from "./error-handler.js";
import { type ClaimRef, readIdempotencyKey, replayBody, requestHash } from "./idempotency.js";
import { decodeCursor } from "./pagination.js";
import type { RateWindow } from "./rate-limit/limiter.js";
import { compileValidator, type Validator, validateParts } from "./validation.js";

/** Per-request state the conventions share. */
export interface RequestState {
  transport: "http" | "mcp";
  /** The rate window the RateLimit-* headers describe, once known. */
  window?: RateWindow;
  actor?: Actor;
  /** The operation's rate class: refusals made before counting describe this class's window. */
  rateClass?: RateClass;
}

declare module "fastify" {
  interface FastifyRequest {
    cw: RequestState;
  }
}

export const routePath = (specPath: string): string => API_PREFIX + specPath.replace(/\{(\w+)\}/g, ":$1");

/**
 * Mounts one registry row. The order is the spec's: credential (401) → actor kind and scopes (403) →
 * account state (403) → Idempotency-Key present (400, before the body is read) → media type and size
 * (415, 413) → merged schema validation and the list cursor (400) → rate limits, counted only now (429) →
 * idempotency claim (409 or replay) → the operation. Every refusal before the rate limits spends no budget.
 * The handler is given `services` (whatever its layer needs); the checks use only `deps`.
 */
export function mountOperation<S>(
  app: FastifyInstance,
  deps: HttpContext,
  { row, impl }: MountedOperation<S>,
  services: S,
): void {
  const validators = {
    params: impl.params && compileValidator("path", impl.params),
    query: impl.query && compileValidator("query", impl.query),
    body: impl.body && compileValidator("body", impl.body),
  };
  const checkCaller = async (req: FastifyRequest): Promise<void> => {
    const actor = await authenticate(deps, req);
    req.cw.rateClass = row.rateClass;
    authorize(row, actor);
    if (row.idempotent) readIdempotencyKey(req.headers);
  };
  const handle = (req: FastifyRequest, reply: FastifyReply) => run(deps, services, row, impl, validators, req, reply);
  app.route({
    method: row.method,
    url: routePath(row.path),
    bodyLimit: MCP_BODY_LIMIT * 2, // the real limit depends on the transport and is enforced below
    // A body is checked (415, 413) after the caller and before it is parsed, so those routes check the
    // caller in onRequest. A GET has no body: nothing runs between onRequest and its handler, so the
    // handler checks the caller first, in the same order, without a hook (and its promise) per request.
    ...(takesBody(row)
      ? { onRequest: checkCaller, preParsing: checkBody, handler: handle }
      : {
          handler: async (req: FastifyRequest, reply: FastifyReply) => {
            await checkCaller(req);
            return handle(req, reply);
          },
        }),
  });
}

/** 415 and 413 before a byte of the body is parsed; the size is also counted as the body streams. */
async function checkBody(req: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) {
  if (!hasBody(req.headers)) return payload;
  checkMediaType(req.headers);
  const limit = req.cw.transport === "mcp" ? MCP_BODY_LIMIT : HTTP_BODY_LIMIT;
  if (Number(req.headers["content-length"] ?? 0) > limit) throw payloadTooLarge(limit);
  return payload.pipe(limitStream(limit));
}

async function run<S>(
  deps: HttpContext,
  services: S,
  row: OperationRow,
  impl: MountedOperation<S>["impl"],
  v: { params?: Validator; query?: Validator; body?: Validator },
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const actor = req.cw.actor as Actor;
  const params = (req.params ?? {}) as Record<string, unknown>;
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = takesBody(row) ? (req.body ?? {}) : undefined;
  // An operation without a query or body schema takes none: unknown parameters are refused.
  validateParts([
    [v.params, params],
    [v.query ?? noQuery, query],
    [v.body ?? noBody, body ?? {}],
  ]);
  const now = deps.clock.now();
  // A malformed cursor is a validation refusal too: decided before the request is counted.
  if (takesCursor(impl) && typeof query.cursor === "string") {
    if (impl.checkCursor) impl.checkCursor(query.cursor);
    else decodeCursor(query.cursor, "time", now);
  }

  req.cw.window = await deps.limiter.consume(actor, row.rateClass);
  deps.usage.record(actor, row.id, row.rateClass, now);

  const idempotencyKey = row.idempotent ? readIdempotencyKey(req.headers) : null;
  const claim: ClaimRef | null = idempotencyKey ? { accountId: actor.accountId, key: idempotencyKey } : null;
  if (claim) {
    const stored = await deps.idempotency.claim(claim, row.id, requestHash(row.id, { params, query, body }));
    if (stored) {
      if (stored.location) reply.header("Location", stored.location);
      reply.header("Idempotent-Replayed", "true");
      return reply.code(stored.status).type("application/json; charset=utf-8").send(replayBody(stored, req.id));
    }
  }

  // Validated above, so the shapes the handler's types promise hold.
  const ctx = {
    params,
    query,
    body,
    actor,
    deps: services,
    requestId: req.id,
    idempotencyKey,
    now,
  } as OperationContext<never, never, never, S>;
  let result: Awaited<ReturnType<typeof impl.handler>>;
  try {
    result = await impl.handler(ctx);
  } catch (err) {
    if (claim) await settleClaimOnError(deps, claim, err, req.id);
    throw err;
  }
  const text = JSON.stringify(result.body);
  if (claim) {
    // One-time secrets never reach the stored answer: a replay shows null in their place.
    const stored = impl.oneTimeSecrets ? JSON.stringify(withoutOneTimeSecrets(result.body, impl.oneTimeSecrets)) : text;
    await deps.idempotency.complete(claim, { status: result.status, body: stored, location: result.location ?? null });
  }
  if (result.location) reply.header("Location", result.location);
  return reply.code(result.status).type("application/json; charset=utf-8").send(text);
}

/** A refusal the operation made (4xx) is stored and replayed like a success; a 5xx deletes the claim. */
async function settleClaimOnError(deps: HttpContext, claim: ClaimRef, err: unknown, requestId: string): Promise<void> {
  if (err instanceof ApiError && err.status < 500) {
    await deps.idempotency.complete(claim, {
      status: err.status,
      body: JSON.stringify(errorBody(err, requestId)),
      location: null,
    });
  } else {
    await deps.idempotency.release(claim);
  }
}

const noBody = compileValidator("body", Type.Object({}, { additionalProperties: false }));
const noQuery = compileValidator("query", Type.Object({}, { additionalProperties: false }));

async function authenticate(deps: HttpContext, req: FastifyRequest): Promise<Actor> {
  try {
    const actor = await deps.auth.authenticate(req.headers);
    req.cw.actor = actor;
    return actor;
  } catch (err) {
    // Every unauthenticated failure is metered per IP; past the limit the 401 becomes a 429.
    const { window, refusal } = await deps.limiter.failUnauthenticated(req.ip);
    req.cw.window = window;
    throw refusal ?? err;
  }
}

/** 403s: wrong kind of credential, missing scopes, account state. Made before counting. */
function authorize(row: OperationRow, actor: Actor): void {
  const missing = row.scopes.filter((s) => !actor.scopes.includes(s));
  const allowed = allowedCredentials(row);
  if (!allowed.includes(actor.kind)) {
    throw new ApiError("forbidden_scope", {
      requiredScopes: row.scopes,
      missingScopes: row.scopes,
      allowedActors: allowed,
    });
  }
  if (missing.length) throw new ApiError("forbidden_scope", { requiredScopes: row.scopes, missingScopes: missing });
  if (needsPaidAccount(row, actor.kind) && !actor.paid) throw new ApiError("paid_account_required");
  if (row.verifiedEmail && !actor.emailVerified) throw new ApiError("email_unverified");
}
