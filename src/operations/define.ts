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

export interface OperationResult {
  status: number;
  body: unknown;
  /** Path of the created or started resource (sent as `Location`, replayed with the response). */
  location?: string;
}

/**
 * One operation's implementation: the schemas that validate it (and feed OpenAPI and MCP) and its
 * handler. The row (method, path, scopes, flags) comes from the registry and is never restated here.
 */
export interface OperationImpl<
  P extends TObject = TObject,
  Q extends TObject = TObject,
  B extends TObject = TObject,
  S = unknown,
> {
  id: OperationId;
  summary: string;
  description: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Success responses by status; the first is the usual one. */
  responses: Record<number, TSchema>;
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
  handler(ctx: OperationContext<Static<P>, Static<Q>, Static<B>, S>): Promise<OperationResult>;
}

export interface MountedOperation<S = unknown> {
  row: OperationRow;
  impl: OperationImpl<TObject, TObject, TObject, S>;
}

/**
 * defineOperation for implementations given S: an identity that keeps the schema types flowing into
 * the handler's context. The implementing layer binds S once (src/domains/services.ts).
 */
export const operationDefiner =
  <S>() =>
  <P extends TObject, Q extends TObject, B extends TObject>(
    impl: OperationImpl<P, Q, B, S>,
  ): OperationImpl<TObject, TObject, TObject, S> =>
    impl as unknown as OperationImpl<TObject, TObject, TObject, S>;

export const ok = (body: unknown): OperationResult => ({ status: 200, body });
export const created = (body: unknown, location?: string): OperationResult => ({ status: 201, body, location });
