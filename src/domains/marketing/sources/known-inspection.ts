import { ApiError } from "../../../contract/errors.js";
import type { JobEnvelope } from "../../../jobs/envelope.js";
import type { Answer } from "../../../operations/define.js";
import type { DomainServices } from "../../services.js";
import { inspectionAnswer } from "./answer.js";
import { inspectionByKey, isDeleted } from "./store.js";

/**
 * The inspection an earlier request made under this Idempotency-Key, once its claim expired (within the
 * claim the generic layer replays or answers idempotency_conflict): the same request gets it back (200),
 * a different one 409 source_idempotency_conflict naming it. A deleted source's answers 410 source_deleted.
 */
export async function knownInspection(
  deps: Pick<DomainServices, "db" | "storage">,
  accountId: string,
  kind: string,
  idempotencyKey: string | null,
  requestHash: string,
): Promise<Answer<202 | 200, JobEnvelope> | null> {
  if (!idempotencyKey) return null;
  const known = await inspectionByKey(deps.db.kysely, accountId, kind, idempotencyKey);
  if (!known) return null;
  if (known.requestHash !== requestHash) {
    const names = known.job.id === known.sourceId ? { sourceId: known.sourceId } : { operationId: known.job.id };
    throw new ApiError("source_idempotency_conflict", names);
  }
  if (await isDeleted(deps.db.kysely, known.sourceId))
    throw new ApiError("source_deleted", { sourceId: known.sourceId });
  return inspectionAnswer(deps, known.job, false);
}
