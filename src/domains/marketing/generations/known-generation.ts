import { ApiError } from "../../../contract/errors.js";
import type { JobEnvelope } from "../../../jobs/envelope.js";
import type { Answer } from "../../../operations/define.js";
import type { DomainServices } from "../../services.js";
import { generationAnswer } from "./answer.js";
import { generationByKey } from "./store.js";

/**
 * The generation an earlier request made under this Idempotency-Key, once its claim expired (within the
 * claim the generic layer replays or answers idempotency_conflict): the same request gets it back (200),
 * a different one 409 generation_idempotency_conflict naming it.
 */
export async function knownGeneration(
  deps: Pick<DomainServices, "db" | "storage">,
  accountId: string,
  idempotencyKey: string | null,
  requestHash: string,
): Promise<Answer<202 | 200, JobEnvelope> | null> {
  if (!idempotencyKey) return null;
  const known = await generationByKey(deps.db.kysely, accountId, idempotencyKey);
  if (!known) return null;
  if (known.generation.request_hash !== requestHash)
    throw new ApiError("generation_idempotency_conflict", { generationId: known.job.id });
  return generationAnswer(deps, known.job, false);
}
