import { pageOf, pageQuery } from "../../../http/pagination.js";
import { listJobsOfKind } from "../../../jobs/list.js";
import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { EXPORT_KIND, ExportEnvelope } from "./schemas.js";

export const listExportsOperation = defineOperation({
  id: "marketing.listExports",
  summary: "List exports",
  description:
    "The account's exports (job envelopes, kind marketing.export), newest first (id as tie-break), in every state. No filters, as the other lists.",
  query: pageQuery(),
  responses: { 200: pageOf(ExportEnvelope) },
  async handler({ actor, deps, query, now }) {
    return ok(await listJobsOfKind(deps, actor.accountId, EXPORT_KIND, query, now));
  },
});
