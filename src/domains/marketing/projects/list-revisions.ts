import { ApiError } from "../../../contract/errors.js";
import { decodeCursor, encodeCursor, pageOf, pageQuery } from "../../../http/pagination.js";
import { ok } from "../../../operations/define.js";
import { RevisionSchema } from "../../../pipelines/marketing/campaign/schema.js";
import { defineOperation } from "../../services.js";
import { ProjectIdParams } from "./schemas.js";
import { findProject, revisionsAfter } from "./store.js";

export const listRevisionsOperation = defineOperation({
  id: "marketing.listRevisions",
  summary: "List a project's revisions",
  description:
    "Every revision of the project as a whole revision object (number, createdAt, origin with its instruction or revertedTo, and the document), ordered by `number` ascending: 1 is what the generation made. Cursor pages as every list; a cursor from another project's list is 400 invalid_cursor.",
  params: ProjectIdParams,
  query: pageQuery(),
  responses: { 200: pageOf(RevisionSchema) },
  errors: ["project_not_found"],
  async handler({ actor, deps, params, query, now }) {
    const project = await findProject(deps.db.kysely, actor.accountId, params.id);
    if (!project) throw new ApiError("project_not_found", { projectId: params.id });
    const limit = query.limit ?? 20;
    let after = 0;
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor, "number", now);
      if (cursor.id !== project.id) throw new ApiError("invalid_cursor", { reason: "other_list" });
      after = cursor.sortKey;
    }
    const rows = await revisionsAfter(deps.db.kysely, project.id, after, limit + 1);
    const data = rows.slice(0, limit);
    const last = data.at(-1);
    const nextCursor = rows.length > limit && last ? encodeCursor(last.number, project.id) : null;
    return ok({ data, nextCursor });
  },
});
