import type { Static, TObject, TSchema } from "@sinclair/typebox";
import type { ErrorCode } from "../contract/error-codes.js";
import type { Deps } from "../deps.js";
import type { Actor } from "../http/actor.js";
import type { OperationId, OperationRow } from "./registry.js";

/** What an operation's logic receives: validated input, the caller, and the service's dependencies. */
export interface OperationContext<P = unknown, Q = unknown, B = unknown> {
  params: P;
  query: Q;
  body: B;
  actor: Actor;
  deps: Deps;
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
export interface OperationImpl<P extends TObject = TObject, Q extends TObject = TObject, B extends TObject = TObject> {
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
  handler(ctx: OperationContext<Static<P>, Static<Q>, Static<B>>): Promise<OperationResult>;
}

export interface MountedOperation {
  row: OperationRow;
  impl: OperationImpl;
}

/** Identity helper that keeps the schema types flowing into the handler's context. */
export function defineOperation<P extends TObject, Q extends TObject, B extends TObject>(
  impl: OperationImpl<P, Q, B>,
): OperationImpl {
  return impl as unknown as OperationImpl;
}

export const ok = (body: unknown): OperationResult => ({ status: 200, body });
export const created = (body: unknown, location?: string): OperationResult => ({ status: 201, body, location });
