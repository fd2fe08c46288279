import { ApiError, validationFailed } from "../../../contract/errors.js";
import { created } from "../../../operations/define.js";
import { locationOf } from "../../../operations/location.js";
import {
  CampaignDocumentSchema,
  RevisionOperationSchema,
  RevisionOriginSchema,
  RevisionSchema,
} from "../../../pipelines/marketing/campaign/schema.js";
import { defineOperation } from "../../services.js";
import { readDocument, readOperations } from "../revision/read-document.js";
import { expectLatest } from "./append-revision.js";
import { REVISION_REFUSALS } from "./refusals.js";
import { projectRules } from "./rules.js";
import { CreateRevisionBody, ProjectIdParams } from "./schemas.js";
import { findProject } from "./store.js";
import { checkedDocument, nextDocument, storeRevision } from "./write-revision.js";

export const createRevisionOperation = defineOperation({
  id: "marketing.createRevision",
  summary: "Make the next revision: a whole document or operations",
  description:
    "Makes revision latest + 1 from exactly one of `document` (a whole clipwright.campaign.v1 document) or `operations` (revision operations applied in order to the latest revision's document). `expectedRevision` is required (400 expected_revision_required) and must be the latest (409 revision_conflict with `currentRevision`): of many writers sending the same number exactly one wins. The result is checked whole before anything is stored — its shape (400 invalid_revision naming the JSON path, unknown fields and unknown scene ids included), the template's offer (unsupported_duration, revision_configuration_mismatch, campaign_speed_not_offered), the narration's fit at the speed and the music's ending, every claim against the pinned source's claims index (campaign_unsupported_claim), the cover text, the logo, the palette's contrast — and each copy field is measured in Chromium at its layout's minimum font size (campaign_copy_overflow naming the scene and field). Any refusal stores nothing. Answers 201 with the new revision.",
  params: ProjectIdParams,
  body: CreateRevisionBody,
  responses: { 201: RevisionSchema },
  errors: [...REVISION_REFUSALS, "storage_unavailable"],
  components: {
    CampaignDocument: CampaignDocumentSchema,
    RevisionOperation: RevisionOperationSchema,
    RevisionOrigin: RevisionOriginSchema,
    Revision: RevisionSchema,
  },
  async handler({ actor, deps, params, body, now }) {
    const project = await findProject(deps.db.kysely, actor.accountId, params.id);
    if (!project) throw new ApiError("project_not_found", { projectId: params.id });
    const expected = expectLatest(body.expectedRevision, Number(project.latest_revision));
    if ((body.document === undefined) === (body.operations === undefined))
      throw validationFailed([
        { path: "body", code: "exactly_one_of", message: "must have exactly one of document, operations" },
      ]);
    const { rules } = await projectRules(deps, project, now);
    const latest = rules.revisionDocument(expected);
    if (!latest) throw new ApiError("no_revision", { projectId: project.id });
    if (body.document !== undefined) {
      const document = readDocument(body.document);
      await checkedDocument(deps, document, rules);
      const revision = await storeRevision(deps, project, expected, { kind: "document" }, document);
      return created(revision, locationOf("marketing.getProject", { id: project.id }));
    }
    const operations = readOperations(body.operations);
    const document = await nextDocument(deps, latest, operations, rules);
    const revision = await storeRevision(deps, project, expected, { kind: "operations", operations }, document);
    return created(revision, locationOf("marketing.getProject", { id: project.id }));
  },
});
