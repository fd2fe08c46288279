import type { ErrorCode } from "../contract/error-codes.js";
import type { Actor } from "./actor.js";
import type { OperationImpl } from "./define.js";
import type { OperationRow } from "./registry.js";

/**
 * The refusals an operation can make because of its registry row, decided in one place: the request
 * pipeline asks these predicates when it checks a request, and the OpenAPI document lists the codes
 * `rowRefusals` derives from the same predicates, so the two cannot drift apart.
 */

type CredentialKind = Actor["kind"];

/** Which credentials may call the operation: dashboard-only rows take a session and nothing else. */
export const allowedCredentials = (row: OperationRow): CredentialKind[] =>
  row.dashboardOnly ? ["session"] : ["session", "api_key"];

/** Whether an API key may call the operation: what OpenAPI's security and the MCP tool list follow. */
export const acceptsApiKey = (row: OperationRow): boolean => allowedCredentials(row).includes("api_key");

/** Every API key needs a paid account; a session needs one only where the row says so (creating or rotating keys). */
export const needsPaidAccount = (row: OperationRow, kind: CredentialKind): boolean =>
  kind === "api_key" || row.paidRequired;

/** Operations other than GET take a JSON body, with its media-type and size checks. */
export const takesBody = (row: OperationRow): boolean => row.method !== "GET";

/** Lists take a `cursor`, checked before the request is counted. */
export const takesCursor = (impl: Pick<OperationImpl, "query">): boolean => impl.query?.properties.cursor !== undefined;

/** Every credential of an account being deleted is refused with one of these. */
export const ACCOUNT_GONE: readonly ErrorCode[] = ["account_pending_deletion", "account_deleted"];

/** Every code the operation can answer: what its row implies plus the refusals it lists itself. */
export function rowRefusals(row: OperationRow, impl: Pick<OperationImpl, "query" | "errors">): ErrorCode[] {
  const codes: ErrorCode[] = ["validation_failed", "unauthorized", "forbidden_scope", "rate_limited", "internal_error"];
  codes.push(...ACCOUNT_GONE);
  if (allowedCredentials(row).some((kind) => needsPaidAccount(row, kind))) codes.push("paid_account_required");
  if (row.verifiedEmail) codes.push("email_unverified");
  if (row.path.includes("{")) codes.push("not_found");
  if (takesBody(row)) codes.push("payload_too_large", "unsupported_media_type");
  if (row.idempotent) codes.push("idempotency_key_required", "idempotency_conflict", "idempotency_in_progress");
  if (takesCursor(impl)) codes.push("invalid_cursor");
  return [...new Set([...codes, ...(impl.errors ?? [])])];
}
