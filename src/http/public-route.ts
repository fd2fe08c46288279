import { type Static, type TObject, Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "../contract/errors.js";
import type { SessionActor } from "../operations/actor.js";
import type { AnswerOf, OperationResult, Responses } from "../operations/define.js";
import { checkMediaType, HTTP_BODY_LIMIT, hasBody, limitStream, payloadTooLarge } from "./body.js";
import type { HttpContext } from "./context.js";
import { IDEMPOTENCY_HEADER } from "./idempotency.js";
import { routePath } from "./pipeline.js";
import { compileValidator, validateParts } from "./validation.js";

/**
 * Sign-in routes for people (sign-up, sessions, password; what a dashboard signs in with): not among the spec's 71 operations, so not in the registry,
 * but answering with the same conventions (media type, strict schemas, error body, request id,
 * RateLimit-* headers). Their failures count as unauthenticated failures of the caller's IP. The handler is
 * given `deps`, the services of the layer that implements it (S), and the body as `body` validated it (B);
 * its answers are typed from `responses` (R) as an operation's are (AnswerOf).
 */
export interface PublicRoute<S = unknown, B extends TObject = TObject, R extends Responses = Responses> {
  id: string;
  method: "POST" | "DELETE";
  path: string;
  summary: string;
  description: string;
  /** "none": anyone; "session": a signed-in person's Bearer token. */
  auth: "none" | "session";
  /**
   * Routes that run argon2 on a password from the body. Either way an IP whose unauthenticated failures
   * are spent is answered 429 before any of it. "verify" (sign-in) also counts each try as a failure
   * before checking, taken back unless the check fails, so concurrent guesses cannot overrun the budget.
   */
  passwordWork?: "verify" | "hash";
  body?: B;
  responses: R;
  handler(ctx: {
    body: Static<B>;
    deps: S;
    session: SessionActor | null;
    now: Date;
    /** The caller's address (per-IP limits). */
    ip: string;
  }): Promise<AnswerOf<NoInfer<R>>>;
}

/** definePublicRoute for routes given S: keeps the body's and the answers' types flowing from the schemas. */
export const publicRouteDefiner =
  <S>() =>
  <B extends TObject, R extends Responses>(route: PublicRoute<S, B, R>): PublicRoute<S> =>
    route as unknown as PublicRoute<S>;

export function mountPublicRoute<S>(app: FastifyInstance, deps: HttpContext, route: PublicRoute<S>, services: S): void {
  const validateBody = compileValidator("body", route.body ?? Type.Object({}, { additionalProperties: false }));
  app.route({
    method: route.method,
    url: routePath(route.path),
    bodyLimit: HTTP_BODY_LIMIT * 2,
    onRequest: async (req) => {
      req.cw.window = route.passwordWork
        ? await deps.limiter.checkUnauthenticated(req.ip)
        : await deps.limiter.peekUnauthenticated(req.ip);
      if (route.auth === "none" && req.headers[IDEMPOTENCY_HEADER] !== undefined) {
        throw new ApiError("idempotency_key_unscoped");
      }
    },
    preParsing: async (req, _reply, payload) => {
      if (!hasBody(req.headers)) return payload;
      checkMediaType(req.headers);
      if (Number(req.headers["content-length"] ?? 0) > HTTP_BODY_LIMIT) throw payloadTooLarge(HTTP_BODY_LIMIT);
      return payload.pipe(limitStream(HTTP_BODY_LIMIT));
    },
    handler: async (req, reply) => {
      try {
        const session = route.auth === "session" ? await sessionOf(deps, req) : null;
        const body = req.body ?? {};
        validateParts([[validateBody, body]]);
        // Validated above, so the shape the handler's type promises holds.
        const run = () =>
          route.handler({ body: body as never, deps: services, session, now: deps.clock.now(), ip: req.ip });
        const result = route.passwordWork === "verify" ? await guessCounted(deps, req, run) : await run();
        if (result.location) reply.header("Location", result.location);
        if (result.status === 204) return reply.code(204).send();
        return reply.code(result.status).type("application/json; charset=utf-8").send(JSON.stringify(result.body));
      } catch (err) {
        if (err instanceof ApiError && err.code === "unauthorized" && route.passwordWork !== "verify") {
          const { window, refusal } = await deps.limiter.failUnauthenticated(req.ip);
          req.cw.window = window;
          throw refusal ?? err;
        }
        throw err;
      }
    },
  });
}

/**
 * Runs a password check counted as a failure of the caller's IP up front; the count stays when the
 * password was wrong (401) or the email is backing off (429), and is taken back otherwise.
 */
async function guessCounted(
  deps: HttpContext,
  req: FastifyRequest,
  check: () => Promise<OperationResult>,
): Promise<OperationResult> {
  const claim = await deps.limiter.claimUnauthenticated(req.ip);
  req.cw.window = claim.window;
  try {
    const result = await check();
    await claim.release();
    req.cw.window = await deps.limiter.peekUnauthenticated(req.ip);
    return result;
  } catch (err) {
    const failedGuess = err instanceof ApiError && (err.code === "unauthorized" || err.code === "rate_limited");
    if (!failedGuess) {
      await claim.release();
      req.cw.window = await deps.limiter.peekUnauthenticated(req.ip);
    }
    throw err;
  }
}

async function sessionOf(deps: HttpContext, req: FastifyRequest): Promise<SessionActor> {
  const actor = await deps.auth.authenticate(req.headers);
  if (actor.kind !== "session") {
    throw new ApiError("forbidden_scope", { requiredScopes: [], missingScopes: [], allowedActors: ["session"] });
  }
  return actor;
}
