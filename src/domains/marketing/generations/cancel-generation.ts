import { ApiError } from "../../../contract/errors.js";
import { cancelJobAnswer } from "../../../jobs/cancel.js";
import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { CancelGenerationBody, CancelGenerationResponse, GENERATION_KIND, GenerationIdParams } from "./schemas.js";
import { findGeneration } from "./store.js";

export const cancelGenerationOperation = defineOperation({
  id: "marketing.cancelGeneration",
  summary: "Cancel a generation",
  description:
    "Queued: cancelled at once and taken out of the queue (`removedFromQueue: true`). Running: stops at its next step (between scenes) or, within about 3 s, mid-step (a wait for a browser), and settles cancelled (`removedFromQueue: false`; poll the generation). Succeeded, failed or cancelled: 409 already_settled with its state. Nothing is refunded: generating holds no seconds. A cancelled generation may be retried.",
  params: GenerationIdParams,
  body: CancelGenerationBody,
  responses: { 200: CancelGenerationResponse },
  errors: ["generation_not_found", "already_settled"],
  async handler({ actor, deps, params }) {
    const found = await findGeneration(deps.db.kysely, actor.accountId, params.id);
    if (!found) throw new ApiError("generation_not_found", { generationId: params.id });
    return ok(await cancelJobAnswer(deps, actor.accountId, found.job.id, [GENERATION_KIND]));
  },
});
