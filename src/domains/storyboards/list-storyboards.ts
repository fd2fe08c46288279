import { pageOf, pageQuery } from "../../http/pagination.js";
import { listJobsOfKind } from "../../jobs/list.js";
import { ok } from "../../operations/define.js";
import { defineOperation } from "../services.js";
import { STORYBOARD_KIND, StoryboardEnvelope } from "./schemas.js";

export const listStoryboardsOperation = defineOperation({
  id: "storyboards.list",
  summary: "List storyboards",
  description:
    "The account's storyboards (job envelopes, kind walkthrough.storyboard), newest first (id as tie-break), in every state. Expired ones are listed with `artifactsExpired: true`.",
  query: pageQuery(),
  responses: { 200: pageOf(StoryboardEnvelope) },
  async handler({ actor, deps, query, now }) {
    return ok(await listJobsOfKind(deps, actor.accountId, STORYBOARD_KIND, query, now));
  },
});
