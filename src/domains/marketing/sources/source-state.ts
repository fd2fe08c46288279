import { ApiError } from "../../../contract/errors.js";
import { inspectionInFlight, type SourceRow } from "./store.js";

// Refusals that depend on the source's own condition, shared by refresh, delete, cancel and GET.

/** 410 source_deleted: the tombstone answers for the source and every refresh of it. */
export function refuseDeleted(source: SourceRow): void {
  if (source.deleted_at !== null) throw new ApiError("source_deleted", { sourceId: source.id });
}

/**
 * One inspection at a time: a cancel still stopping → 409 source_inspection_stopping; one queued or
 * running → 409 source_inspection_busy. `except` leaves out a job being created in this transaction.
 */
export async function refuseInspecting(
  db: Parameters<typeof inspectionInFlight>[0],
  sourceId: string,
  except?: string,
): Promise<void> {
  const busy = await inspectionInFlight(db, sourceId, except);
  if (!busy) return;
  if (busy.cancel_requested === 1) throw new ApiError("source_inspection_stopping", { operationId: busy.id });
  throw new ApiError("source_inspection_busy", { operationId: busy.id, state: busy.state });
}
