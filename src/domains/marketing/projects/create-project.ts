import { iso } from "../../../clock.js";
import { ApiError } from "../../../contract/errors.js";
import { lockAccount } from "../../../db/locks.js";
import { uuidv7 } from "../../../ids.js";
import { created } from "../../../operations/define.js";
import { locationOf } from "../../../operations/location.js";
import type { Revision } from "../../../pipelines/marketing/campaign/document.js";
import { defineOperation } from "../../services.js";
import { generatedDocument } from "../generations/campaign-artifact.js";
import { findGeneration } from "../generations/store.js";
import { readableVersion } from "../sources/pinned-version.js";
import { pinVersion } from "../sources/pins.js";
import { checkDescription, checkName } from "./names.js";
import { CreateProjectBody, ProjectSchema } from "./schemas.js";
import { projectSummary, revisionRow } from "./store.js";

export const createProjectOperation = defineOperation({
  id: "marketing.createProject",
  summary: "Make a project from a succeeded generation",
  description:
    "Creates a project whose revision 1 is the generation's document (origin `generation`) and pins the source version the generation read: that version's files are kept, whatever its retention, until the project is deleted. Answers 201 with the project and its revision. Several projects may start from one generation. The generation must have succeeded (409 not_finished while it runs; 404 generation_not_found for an unknown, failed, cancelled or expired one, with a `reason`), and its source version must still be kept (410 source_version_expired).",
  body: CreateProjectBody,
  responses: { 201: ProjectSchema },
  errors: [
    "storage_unavailable",
    "generation_not_found",
    "not_finished",
    "name_invalid",
    "description_invalid",
    "source_not_found",
    "source_deleted",
    "source_expired",
    "source_version_expired",
    "source_unreadable",
  ],
  async handler({ actor, deps, body, now }) {
    const name = body.name === undefined ? undefined : checkName(body.name);
    const description = body.description === undefined ? null : checkDescription(body.description);
    const found = await findGeneration(deps.db.kysely, actor.accountId, body.generationId);
    if (!found) throw new ApiError("generation_not_found", { generationId: body.generationId });
    const document = await generatedDocument(deps, found, now);
    const { generation } = found;
    const pinned = await readableVersion(deps, actor.accountId, generation.source_id, generation.source_version, now);
    const at = iso(now);
    const id = uuidv7(now.getTime());
    const template = deps.catalog.marketingTemplates.find((t) => t.id === generation.template_id);
    const row = {
      id,
      account_id: actor.accountId,
      generation_id: generation.job_id,
      source_id: generation.source_id,
      source_version: generation.source_version,
      template_id: generation.template_id,
      name: name ?? defaultName(template?.name ?? generation.template_id, pinned.manifest.brand.name),
      description,
      latest_revision: 1,
      created_at: at,
      updated_at: at,
    };
    const revision: Revision = { projectId: id, number: 1, createdAt: at, origin: { kind: "generation" }, document };
    await deps.db.kysely.transaction().execute(async (tx) => {
      await lockAccount(tx, deps.db.dialect, actor.accountId);
      await pinVersion(tx, pinned.version, { kind: "project", id }, at);
      await tx.insertInto("marketing_projects").values(row).execute();
      await tx.insertInto("marketing_revisions").values(revisionRow(revision)).execute();
    });
    return created({ ...projectSummary(row), revision }, locationOf("marketing.getProject", { id }));
  },
});

/** "Product launch — Grayscale": what a list of projects can tell apart without opening them. */
const defaultName = (template: string, site: string | null): string =>
  (site ? `${template} — ${site}` : template).slice(0, 100);
