import { ApiError } from "../../../contract/errors.js";
import { artifactSigner, toEnvelope } from "../../../jobs/envelope.js";
import { ok } from "../../../operations/define.js";
import { CampaignDocumentSchema } from "../../../pipelines/marketing/campaign/schema.js";
import { defineOperation } from "../../services.js";
import { GenerationEnvelope, GenerationIdParams } from "./schemas.js";
import { findGeneration } from "./store.js";

export const getGenerationOperation = defineOperation({
  id: "marketing.getGeneration",
  summary: "Read a generation",
  description:
    "The generation's envelope (kind marketing.generation). Once succeeded, `result.artifacts` holds the `campaign` document (JSON, schema clipwright.campaign.v1: the revision-1 document a project starts from) and one `preview` PNG per scene, in scene order. Failed generations carry the refusal's code (campaign_visuals_insufficient when the source turned out too thin, tts_unavailable, …) and whether a retry may help. Unknown or another account's: 404 generation_not_found.",
  params: GenerationIdParams,
  responses: { 200: GenerationEnvelope },
  errors: ["generation_not_found"],
  components: { CampaignDocument: CampaignDocumentSchema },
  async handler({ actor, deps, params }) {
    const found = await findGeneration(deps.db.kysely, actor.accountId, params.id);
    if (!found) throw new ApiError("generation_not_found", { generationId: params.id });
    return ok(toEnvelope(found.job, artifactSigner(deps)));
  },
});
