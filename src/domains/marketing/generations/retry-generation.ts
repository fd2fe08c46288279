import { ApiError } from "../../../contract/errors.js";
import type { GenerationInput } from "../../../pipelines/marketing/generate/generation-input.js";
import { defineOperation } from "../../services.js";
import { readableVersion } from "../sources/pinned-version.js";
import { generationAnswer } from "./answer.js";
import { GenerationEnvelope, GenerationIdParams, RetryGenerationBody } from "./schemas.js";
import { startGeneration } from "./start.js";
import { findGeneration } from "./store.js";

/** Job idempotency keys are per kind: a retry's own key is kept apart from the creates'. */
const retryKey = (key: string | null): string | null => (key === null ? null : `retry:${key}`);

export const retryGenerationOperation = defineOperation({
  id: "marketing.retryGeneration",
  summary: "Run a failed or cancelled generation again",
  description:
    "Starts a new generation (202, its own id, status URL in Location) with exactly the choices of the one named: the same source version, template, length, look and voice. Only a cancelled generation, or one that failed for a reason that may pass (`error.retryable`), can be retried: a queued or running one answers 409 generation_busy, a succeeded one or one whose failure would repeat 409 generation_not_retryable. The source version must still be kept (410 source_version_expired). Counts against the day's allowance like any generation.",
  params: GenerationIdParams,
  body: RetryGenerationBody,
  responses: { 202: GenerationEnvelope, 200: GenerationEnvelope },
  errors: [
    "storage_unavailable",
    "generation_not_found",
    "generation_busy",
    "generation_not_retryable",
    "source_not_found",
    "source_deleted",
    "source_expired",
    "source_version_expired",
    "source_unreadable",
    "budget_exhausted",
    "queue_unavailable",
    "wallet_unavailable",
  ],
  async handler({ actor, deps, params, idempotencyKey, requestId, now }) {
    const found = await findGeneration(deps.db.kysely, actor.accountId, params.id);
    if (!found) throw new ApiError("generation_not_found", { generationId: params.id });
    const { job } = found;
    if (job.state === "queued" || job.state === "running")
      throw new ApiError("generation_busy", { generationId: job.id, state: job.state });
    if (job.state === "succeeded" || (job.state === "failed" && job.error_retryable !== 1))
      throw new ApiError("generation_not_retryable", {
        generationId: job.id,
        state: job.state,
        ...(job.error_code ? { errorCode: job.error_code } : {}),
      });
    const input = JSON.parse(job.input) as GenerationInput;
    await readableVersion(deps, actor.accountId, input.source.id, input.source.version, now);
    const started = await startGeneration(
      deps,
      {
        accountId: actor.accountId,
        idempotencyKey: retryKey(idempotencyKey),
        requestId,
        requestHash: found.generation.request_hash ?? "",
      },
      input,
    );
    return generationAnswer(deps, started.job, started.created);
  },
});
