import type { JobRow } from "../../src/jobs/envelope.js";

/**
 * A jobs row as a job that ran once leaves it (or a queued/running one), for tests that seed a resource
 * without running its pipeline: one place for the columns every seeder fills the same way.
 */
export function ranJobRow(row: {
  id: string;
  accountId: string;
  kind: string;
  state: JobRow["state"];
  /** ISO time of creation, start and (when terminal) finish. */
  at: string;
  result: string | null;
  input: unknown;
  /** The error code a failed row carries. */
  failedWith: string;
  expired?: boolean;
  expiresAt?: string | null;
}): JobRow {
  const { state, at } = row;
  const terminal = state === "succeeded" || state === "failed" || state === "cancelled";
  const failed = state === "failed";
  return {
    id: row.id,
    account_id: row.accountId,
    kind: row.kind,
    state,
    internal_status: state,
    stage: null,
    progress_stage: null,
    progress_percent: null,
    progress_at: null,
    error_code: failed ? row.failedWith : null,
    error_reason: null,
    error_retryable: failed ? 0 : null,
    error_terminal: failed ? 1 : null,
    result: row.result,
    seconds_reserved: 0,
    seconds_charged: terminal ? 0 : null,
    watermark: 0,
    artifacts_expired: row.expired ? 1 : 0,
    cancel_requested: 0,
    attempts: 1,
    lease_until: null,
    input: JSON.stringify(row.input),
    idempotency_key: null,
    request_id: null,
    created_at: at,
    started_at: at,
    finished_at: terminal ? at : null,
    expires_at: row.expiresAt ?? null,
    updated_at: at,
  };
}
