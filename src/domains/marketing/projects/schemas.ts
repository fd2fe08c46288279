import { Type } from "@sinclair/typebox";
import { RevisionSchema } from "../../../pipelines/marketing/campaign/schema.js";

const closed = { additionalProperties: false } as const;

/** A project's name and description are checked by the operation (name_invalid, description_invalid). */
export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 1000;
/** Operations in one POST …/revisions: more than any edit makes, few enough to check at once. */
export const MAX_OPERATIONS = 50;

export const CreateProjectBody = Type.Object(
  {
    generationId: Type.String({ minLength: 1, maxLength: 64, description: "A succeeded generation of this account." }),
    name: Type.Optional(
      Type.String({ description: `1–${NAME_MAX} characters, no control characters (default: template and site).` }),
    ),
    description: Type.Optional(
      Type.String({
        description: `Up to ${DESCRIPTION_MAX} characters; line breaks allowed, no other control characters.`,
      }),
    ),
  },
  closed,
);

export const ProjectIdParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, description: "A project id." }) },
  closed,
);

const ProjectFields = {
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  generationId: Type.String(),
  sourceId: Type.String(),
  sourceVersion: Type.Integer({ description: "The source version the project pins: kept while the project lives." }),
  templateId: Type.String(),
  latestRevision: Type.Integer({ description: "The number of the newest revision (revisions are 1…latestRevision)." }),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
};

/** A project in a list: without its revision's document (read it with GET). */
export const ProjectSummarySchema = Type.Object(ProjectFields, closed);

/** A project as created and read: with its latest revision, whole. */
export const ProjectSchema = Type.Object({ ...ProjectFields, revision: RevisionSchema }, closed);

export const DeleteProjectResponse = Type.Object({ id: Type.String(), deleted: Type.Literal(true) }, closed);

/**
 * POST …/revisions. `expectedRevision` is optional here so that leaving it out answers its own code
 * (expected_revision_required); the document and operations are read by the operation, which names the
 * path of what is wrong (invalid_revision) rather than one validation_failed.
 */
export const CreateRevisionBody = Type.Object(
  {
    expectedRevision: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: "The latest revision's number as you read it (revision_conflict otherwise).",
      }),
    ),
    document: Type.Optional(
      Type.Object({}, { additionalProperties: true, description: "A whole clipwright.campaign.v1 document." }),
    ),
    operations: Type.Optional(
      Type.Array(Type.Object({}, { additionalProperties: true }), {
        minItems: 1,
        maxItems: MAX_OPERATIONS,
        description: "Revision operations, applied in order to the latest revision's document.",
      }),
    ),
  },
  closed,
);

export const EditBody = Type.Object(
  {
    expectedRevision: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: "The latest revision's number as you read it (revision_conflict otherwise).",
      }),
    ),
    instruction: Type.String({
      minLength: 1,
      maxLength: 500,
      description:
        "What to change, in plain English: “make it 15 seconds and change the call to action to 'Start free'”.",
    }),
    dryRun: Type.Optional(Type.Boolean({ description: "Answer the document it would make, and make nothing." })),
  },
  closed,
);
