import { mapPage, pageOf, pageQuery, paginate } from "../../http/pagination.js";
import { toEnvelope } from "../../jobs/envelope.js";
import { artifactSigner } from "../../jobs/settle.js";
import { defineOperation, ok } from "../../operations/define.js";
import { STORYBOARD_KIND, StoryboardEnvelope } from "./schemas.js";

export const listStoryboardsOperation = defineOperation({
  id: "storyboards.list",
  summary: "List storyboards",
  description:
    "The account's storyboards (job envelopes, kind walkthrough.storyboard), newest first (id as tie-break), in every state. Expired ones are listed with `artifactsExpired: true`.",
  query: pageQuery(),
  responses: { 200: pageOf(StoryboardEnvelope) },
  async handler({ actor, deps, query, now }) {
    const page = await paginate(
      deps.db.kysely
        .selectFrom("jobs")
        .selectAll()
        .where("account_id", "=", actor.accountId)
        .where("kind", "=", STORYBOARD_KIND),
      query,
      { sortColumn: "created_at", kind: "time", direction: "desc" },
      now,
    );
    const sign = artifactSigner(deps);
    return ok(mapPage(page, (row) => toEnvelope(row, sign)));
  },
});
