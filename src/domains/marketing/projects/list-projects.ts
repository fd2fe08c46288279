import { newestFirst, pageOf, pageQuery } from "../../../http/pagination.js";
import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { ProjectSummarySchema } from "./schemas.js";
import { projectSummary } from "./store.js";

export const listProjectsOperation = defineOperation({
  id: "marketing.listProjects",
  summary: "List projects",
  description:
    "The account's projects, newest first (id as tie-break), each with `latestRevision` but without its document (read it with GET). Deleted projects are gone. No filters.",
  query: pageQuery(),
  responses: { 200: pageOf(ProjectSummarySchema) },
  async handler({ actor, deps, query, now }) {
    const rows = deps.db.kysely.selectFrom("marketing_projects").selectAll().where("account_id", "=", actor.accountId);
    return ok(await newestFirst(rows, query, now, projectSummary));
  },
});
