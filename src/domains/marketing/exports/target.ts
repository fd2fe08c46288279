import { ApiError } from "../../../contract/errors.js";
import type { CampaignDocument } from "../../../pipelines/marketing/campaign/document.js";
import type { MarketingTemplate } from "../../catalog/catalog.js";
import type { DomainServices } from "../../services.js";
import { findProject, findRevision, type ProjectRow } from "../projects/store.js";

/** The revision an export (or its quote) renders, with the project's template. */
export interface ExportTarget {
  project: ProjectRow;
  revision: number;
  document: CampaignDocument;
  template: MarketingTemplate;
}

/**
 * The project's revision an export names (default: the latest): 404 project_not_found for an unknown
 * project or another account's, 409 no_revision for a number the project does not have.
 */
export async function exportTarget(
  deps: Pick<DomainServices, "db" | "catalog">,
  accountId: string,
  projectId: string,
  wanted: number | undefined,
): Promise<ExportTarget> {
  const project = await findProject(deps.db.kysely, accountId, projectId);
  if (!project) throw new ApiError("project_not_found", { projectId });
  const latest = Number(project.latest_revision);
  const number = wanted ?? latest;
  const revision = number <= latest ? await findRevision(deps.db.kysely, project.id, number) : undefined;
  if (!revision) throw new ApiError("no_revision", { projectId: project.id, revision: number, latestRevision: latest });
  const template = deps.catalog.marketingTemplates.find((t) => t.id === project.template_id);
  if (!template) throw new Error(`project template ${project.template_id} is no longer in the catalogue`);
  return { project, revision: number, document: revision.document, template };
}
