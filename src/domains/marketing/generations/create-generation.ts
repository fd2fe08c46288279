import { defineOperation } from "../../services.js";
import { inspectionRequestHash } from "../sources/answer.js";
import { generationAnswer, refuseMissing } from "./answer.js";
import { knownGeneration } from "./known-generation.js";
import { GENERATION_REFUSALS } from "./refusals.js";
import { resolveGeneration } from "./resolve.js";
import { GenerationEnvelope, GenerationRequestBody } from "./schemas.js";
import { startGeneration } from "./start.js";
import { planResolved } from "./story.js";

export const createGenerationOperation = defineOperation({
  id: "marketing.createGeneration",
  summary: "Generate a marketing video's first revision from a source",
  description:
    "Starts a marketing.generation job (202, status URL in Location; 200 with the known generation when the Idempotency-Key already made one). It fills the template's scenes with the source version's own copy and visuals (never a claim the source does not state), writes the narration, measures it with the chosen voice and fits the scenes to the length, and draws a preview still per scene. A succeeded generation's result lists a `campaign` artifact (the revision-1 document, schema clipwright.campaign.v1) and one `preview` PNG per scene; make it a project with POST /marketing/projects. Omitted fields take the template's defaults; `brand` defaults to the brand kit when the account has one with colours. Generating reserves no seconds; an account may start CLIPWRIGHT_GENERATION_DAILY_ALLOWANCE (100) generations a UTC day (429 budget_exhausted). Run POST /marketing/generations/preflight first to see what is missing without starting anything.",
  body: GenerationRequestBody,
  responses: { 202: GenerationEnvelope, 200: GenerationEnvelope },
  errors: [...GENERATION_REFUSALS, "storage_unavailable"],
  async handler({ actor, deps, body, idempotencyKey, requestId, now }) {
    const hash = inspectionRequestHash("marketing.createGeneration", null, body);
    const known = await knownGeneration(deps, actor.accountId, idempotencyKey, hash);
    if (known) return known;
    const resolved = await resolveGeneration(deps, actor.accountId, body, now);
    refuseMissing(planResolved(resolved).missing);
    const { job, created } = await startGeneration(
      deps,
      { accountId: actor.accountId, idempotencyKey, requestId, requestHash: hash },
      resolved.input,
    );
    return generationAnswer(deps, job, created);
  },
});
