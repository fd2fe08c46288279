import { iso } from "../../../clock.js";
import { ApiError } from "../../../contract/errors.js";
import { ok } from "../../../operations/define.js";
import { defineOperation } from "../../services.js";
import { unpinVersion } from "../sources/pins.js";
import { DeleteProjectResponse, ProjectIdParams } from "./schemas.js";
import { findProject } from "./store.js";

const DAY_MS = 86_400_000;

export const deleteProjectOperation = defineOperation({
  id: "marketing.deleteProject",
  summary: "Delete a project and its revisions",
  description:
    "Deletes the project and every revision at once (a later GET answers 404 project_not_found). Its pin on the source version goes: when no other project holds that version, its files are kept for the retention period from now and then swept. The source itself and the generation stay.",
  params: ProjectIdParams,
  responses: { 200: DeleteProjectResponse },
  errors: ["project_not_found"],
  async handler({ actor, deps, params, now }) {
    const project = await findProject(deps.db.kysely, actor.accountId, params.id);
    if (!project) throw new ApiError("project_not_found", { projectId: params.id });
    const expiresAt = iso(new Date(now.getTime() + deps.config.artifactRetentionDays * DAY_MS));
    await deps.db.kysely.transaction().execute(async (tx) => {
      await tx.deleteFrom("marketing_revisions").where("project_id", "=", project.id).execute();
      await tx.deleteFrom("marketing_projects").where("id", "=", project.id).execute();
      await unpinVersion(
        tx,
        { sourceId: project.source_id, version: Number(project.source_version) },
        { kind: "project", id: project.id },
        expiresAt,
      );
    });
    return ok({ id: project.id, deleted: true as const });
  },
});
