import { pageOf, pageQuery } from "../../../http/pagination.js";
import { listJobsOfKind } from "../../../jobs/list.js";
import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { GENERATION_KIND, GenerationEnvelope } from "./schemas.js";

export const listGenerationsOperation = defineOperation({
  id: "marketing.listGenerations",
  summary: "List generations",
  description:
    "The account's generations (their envelopes, kind marketing.generation), newest first (id as tie-break), in every state; retries are generations of their own. No filters.",
  query: pageQuery(),
  responses: { 200: pageOf(GenerationEnvelope) },
  async handler({ actor, deps, query, now }) {
    return ok(await listJobsOfKind(deps, actor.accountId, GENERATION_KIND, query, now));
  },
});
