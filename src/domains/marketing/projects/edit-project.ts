import { Type } from "@sinclair/typebox";
import { ApiError } from "../../../contract/errors.js";
import { answer } from "../../../operations/define.js";
import {
  CampaignDocumentSchema,
  RevisionOperationSchema,
  RevisionSchema,
} from "../../../pipelines/marketing/campaign/schema.js";
import { defineOperation } from "../../services.js";
import { interpretEdit } from "../edits/interpret.js";
import { describeChanges } from "../revision/changes.js";
import { expectLatest } from "./append-revision.js";
import { REVISION_REFUSALS } from "./refusals.js";
import { projectRules } from "./rules.js";
import { EditBody, ProjectIdParams } from "./schemas.js";
import { findProject } from "./store.js";
import { nextDocument, storeRevision } from "./write-revision.js";

const EditAnswer = Type.Object(
  {
    revision: Type.Union([RevisionSchema, Type.Null()], { description: "The new revision; null on a dry run." }),
    operations: Type.Array(RevisionOperationSchema, { description: "What the sentence became, in order." }),
    document: CampaignDocumentSchema,
    changes: Type.Array(Type.String(), { description: "One plain sentence per operation (“Length set to 15 s”)." }),
  },
  { additionalProperties: false },
);

export const editProjectOperation = defineOperation({
  id: "marketing.editProject",
  summary: "Edit a project by a sentence",
  description:
    "Turns a plain-English instruction into revision operations by a rule grammar — no model, the same sentence on the same revision always gives the same operations — applies them to the latest revision and checks the result exactly as POST …/revisions does. Quoted words are taken literally (“change the call to action to 'Start free'”); several requests may be joined by “and”, “then” or commas; scenes are named by kind, headline or position (“the last scene”, “scene 2”); “undo” and “go back to revision 3” revert. Atomic: if one clause is not understood nothing changes and the answer is 400 edit_not_understood with `details.unparsed` (the words it could not place) and `details.suggestions` (three instructions it does understand here); an invented claim is campaign_unsupported_claim and a length the template does not offer unsupported_duration. `dryRun: true` answers 200 with the document it would make and `revision: null`, and stores nothing; otherwise 201 with the new revision (origin `edit` with the instruction, or `revert`). `expectedRevision` is required.",
  params: ProjectIdParams,
  body: EditBody,
  responses: { 201: EditAnswer, 200: EditAnswer },
  errors: ["edit_not_understood", ...REVISION_REFUSALS, "storage_unavailable"],
  async handler({ actor, deps, params, body, now }) {
    const project = await findProject(deps.db.kysely, actor.accountId, params.id);
    if (!project) throw new ApiError("project_not_found", { projectId: params.id });
    const expected = expectLatest(body.expectedRevision, Number(project.latest_revision));
    const { rules } = await projectRules(deps, project, now);
    const latest = rules.revisionDocument(expected);
    if (!latest) throw new ApiError("no_revision", { projectId: project.id });
    const outcome = interpretEdit({
      instruction: body.instruction,
      document: latest,
      latestRevision: expected,
      revisionDocument: rules.revisionDocument,
      claims: rules.source.claims,
      catalogue: rules.catalogue,
    });
    if (!outcome.understood) {
      const { code, message, details } = outcome.refusal;
      throw new ApiError(code, { ...details, reason: message });
    }
    const { operations } = outcome;
    const document = await nextDocument(deps, latest, operations, rules);
    const changes = describeChanges(operations, latest, document, rules.catalogue);
    if (body.dryRun) return answer(200, { revision: null, operations, document, changes });
    const made = { kind: "edit" as const, instruction: body.instruction, operations };
    const revision = await storeRevision(deps, project, expected, made, document);
    return answer(201, { revision, operations, document, changes });
  },
});
