import type { Static, TObject, TSchema } from "@sinclair/typebox";
import type { ErrorCode } from "../contract/error-codes.js";
import type { Actor } from "./actor.js";
import type { OperationId, OperationRow } from "./registry.js";

/**
 * What an operation's logic receives: validated input, the caller, and `deps`, the services of the layer
 * that implements it (S: the domains' DomainServices). The contract names no layer above it, so S stays a
 * parameter; the composition root hands the pipeline services that fit.
 */
export interface OperationContext<P = unknown, Q = unknown, B = unknown, S = unknown> {
  params: P;
  query: Q;
  body: B;
  actor: Actor;
  deps: S;
  requestId: string;
  /** The Idempotency-Key the request carries (written to records it creates), or null. */
  idempotencyKey: string | null;
  now: Date;
}

/** An answer: status St with body B (sent as JSON as it is: nothing strips or reshapes it on the way out). */
export interface Answer<St extends number = number, B = unknown> {
  status: St;
  body: B;
  /** Path of the created or started resource (sent as `Location`, replayed with the response). */
  location?: string;
}

/** Any answer, as the pipeline sends and stores it. */
export type OperationResult = Answer;

/** Success responses by status: what an operation declares (OpenAPI, MCP) and what its handler may answer. */
export type Responses = Record<number, TSchema>;

/**
 * The answers responses R allow, one per declared status, each with a body of that status's schema
 * type: `{ 202: X, 200: X }` allows Answer<202, Static<X>> | Answer<200, Static<X>>. A handler's result
 * is checked against it, so a body the schema does not describe, or an undeclared status, fails to compile.
 */
export type AnswerOf<R extends Responses> = { [St in keyof R & number]: Answer<St, Static<R[St]>> }[keyof R & number];

/**
 * One operation's implementation: the schemas that validate it (and feed OpenAPI and MCP) and its
 * handler. The row (method, path, scopes, flags) comes from the registry and is never restated here.
 */
export interface OperationImpl<
  P extends TObject = TObject,
  Q extends TObject = TObject,
  B extends TObject = TObject,
  S = unknown,
  R extends Responses = Responses,
> {
  id: OperationId;
  summary: string;
  description: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Success responses by status; the first is the usual one. The handler's answers are typed from it. */
  responses: R;
  /** Refusals particular to this operation (the cross-cutting ones are added from the row). */
  errors?: ErrorCode[];
  /**
   * Named schemas published in the OpenAPI document's `components.schemas` beside the operation: shapes
   * that are part of the contract without being a request or response body (an artifact's JSON).
   */
  components?: Record<string, TSchema>;
  /**
   * For a list whose cursor is not the shared time-ordered one: throws `invalid_cursor` when the
   * cursor's shape is wrong. The pipeline calls it before the request is counted against rate limits.
   */
  checkCursor?: (cursor: string) => void;
  /**
   * Top-level fields of the success body that hold a secret shown once (schema: `OneTimeSecret`). The
   * idempotency layer stores the answer with them set to null, so a replay never shows them again.
   */
  oneTimeSecrets?: readonly string[];
  /** Answers one of `responses` (NoInfer: the schemas alone decide what the handler may answer). */
  handler(ctx: OperationContext<Static<P>, Static<Q>, Static<B>, S>): Promise<AnswerOf<NoInfer<R>>>;
}

export interface MountedOperation<S = unknown> {
  row: OperationRow;
  impl: OperationImpl<TObject, TObject, TObject, S>;
}

/**
 * defineOperation for implementations given S: an identity that keeps the schema types flowing into
 * the handler's context and checks its answers against `responses`. The implementing layer binds S once
 * (src/domains/services.ts).
 */
export const operationDefiner =
  <S>() =>
  <P extends TObject, Q extends TObject, B extends TObject, R extends Responses>(
    impl: OperationImpl<P, Q, B, S, R>,
  ): OperationImpl<TObject, TObject, TObject, S> =>
    impl as unknown as OperationImpl<TObject, TObject, TObject, S>;

/**
 * The body an answer of status St may carry where answers A are expected. A is read off the place the
 * helper's result goes (a handler's return, a function's declared result), never off the body (NoInfer),
 * so the body is checked against the schema's type: an object literal written in the call field by field,
 * unknown fields included; a value built elsewhere structurally, so a view function declares the schema's
 * type as its result. Where nothing is expected (no declared result), any body: the return checks it.
 */
type BodyAt<A, St extends number> = [Extract<A, Answer<St>>] extends [never]
  ? `no ${St} response is declared here`
  : Extract<A, Answer<St>>["body"];

/** 200 with `body`, which must be what the operation's 200 schema describes. */
export const ok = <A = Answer<200>>(body: NoInfer<BodyAt<A, 200>>): Extract<A, Answer<200>> =>
  ({ status: 200, body }) as Extract<A, Answer<200>>;

/** 201 with `body` (what the operation's 201 schema describes) and the created resource's path. */
export const created = <A = Answer<201>>(body: NoInfer<BodyAt<A, 201>>, location?: string): Extract<A, Answer<201>> =>
  ({ status: 201, body, location }) as Extract<A, Answer<201>>;

/**
 * Status St with `body` (what the operation's schema for St describes), for a status without a helper of
 * its own (202). A handler answers through these helpers rather than a `{ status, body }` literal: a
 * literal returned from a handler is checked only structurally (an unknown field passes) and its
 * `Type.Literal` fields are widened before the check (`true` read as boolean, refused).
 */
export const answer = <St extends number, A = Answer<St>>(
  status: St,
  body: NoInfer<BodyAt<A, St>>,
  location?: string,
): Extract<A, Answer<St>> => ({ status, body, location }) as Extract<A, Answer<St>>;
