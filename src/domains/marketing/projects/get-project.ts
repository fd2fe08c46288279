import { ApiError } from "../../../contract/errors.js";
import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { ProjectIdParams, ProjectSchema } from "./schemas.js";
import { findProject, findRevision, projectSummary } from "./store.js";

export const getProjectOperation = defineOperation({
  id: "marketing.getProject",
  summary: "Read a project with its latest revision",
  description:
    "The project and its latest revision (`revision`: number, origin, createdAt and the whole clipwright.campaign.v1 document). Earlier revisions are listed by GET /marketing/projects/{id}/revisions. Unknown or another account's: 404 project_not_found.",
  params: ProjectIdParams,
  responses: { 200: ProjectSchema },
  errors: ["project_not_found"],
  async handler({ actor, deps, params }) {
    const project = await findProject(deps.db.kysely, actor.accountId, params.id);
    if (!project) throw new ApiError("project_not_found", { projectId: params.id });
    const revision = await findRevision(deps.db.kysely, project.id, Number(project.latest_revision));
    if (!revision) throw new ApiError("no_revision", { projectId: project.id });
    return ok({ ...projectSummary(project), revision });
  },
});
