import { pageOf, pageQuery } from "../../../http/pagination.js";
import { type JobsFilter, listJobsOfKind } from "../../../jobs/list.js";
import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { SOURCE_KIND, SourceEnvelope } from "./schemas.js";

/** A deleted source keeps its first inspection's job; the list leaves it out. */
const notDeleted: JobsFilter = (eb) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom("marketing_sources as s")
        .select("s.id")
        .whereRef("s.id", "=", "jobs.id")
        .where("s.deleted_at", "is not", null),
    ),
  );

export const listSourcesOperation = defineOperation({
  id: "marketing.listSources",
  summary: "List sources",
  description:
    "The account's sources (their first inspections' envelopes, kind marketing.source_scan; refreshes are read at their own id or with `?version=`), newest first (id as tie-break), in every state. Expired ones are listed with `artifactsExpired: true`; deleted ones are left out. No filters.",
  query: pageQuery(),
  responses: { 200: pageOf(SourceEnvelope) },
  async handler({ actor, deps, query, now }) {
    return ok(await listJobsOfKind(deps, actor.accountId, SOURCE_KIND, query, now, notDeleted));
  },
});
