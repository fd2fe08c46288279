import { Type } from "@sinclair/typebox";
import { CancelJobBody, cancelJobResponse, JobEnvelopeSchema } from "../../../jobs/envelope.js";

const closed = { additionalProperties: false } as const;

/**
 * POST /marketing/exports/quote. `format` and `orientation` are typed loosely so that a value not offered
 * answers its own code (unsupported_format, unsupported_export) rather than validation_failed.
 */
export const QuoteExportBody = Type.Object(
  {
    projectId: Type.String({ minLength: 1, maxLength: 64, description: "A project of this account." }),
    revision: Type.Optional(Type.Integer({ minimum: 1, description: "A revision number (default: the latest)." })),
    format: Type.Optional(
      Type.String({ minLength: 1, maxLength: 16, description: "mp4, webm or gif (default: the revision's)." }),
    ),
    orientation: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 32,
        description: "portrait, square or landscape, as the template offers (default: the revision's).",
      }),
    ),
  },
  closed,
);

/** What exporting a length would hold and charge (price.ts): preflight's `quote`, and part of the export quote. */
export const ExportPriceSchema = Type.Object(
  {
    seconds: Type.Integer({ description: "The video's length (the free tier's cap applied)." }),
    secondsToReserve: Type.Integer({ description: "Held from the wallet while it renders (0 on the free tier)." }),
    watermark: Type.Boolean(),
    capped: Type.Boolean({ description: "True when the free tier's cap shortens it." }),
    sufficient: Type.Boolean(),
    needed: Type.Union([Type.Integer(), Type.Null()], { description: "Seconds short, when not sufficient." }),
    availableSeconds: Type.Integer(),
  },
  closed,
);

export const ExportQuoteAnswer = Type.Object(
  {
    projectId: Type.String(),
    revision: Type.Integer(),
    format: Type.String(),
    orientation: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
    ...ExportPriceSchema.properties,
  },
  closed,
);

/** An export is its job (decision 0036): its id is the export id, GET answers its envelope. */
export const EXPORT_KIND = "marketing.export";
export const EXPORT_KINDS: readonly string[] = [EXPORT_KIND];

export const ExportIdParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, description: "An export id." }) },
  closed,
);

/** POST /marketing/projects/{id}/exports: the quote's fields but the project, which is the path's. */
export const CreateExportBody = Type.Object(
  {
    revision: QuoteExportBody.properties.revision,
    format: QuoteExportBody.properties.format,
    orientation: QuoteExportBody.properties.orientation,
  },
  closed,
);

/** What the export makes, as it was resolved when it was created (kept in the job's input). */
export const ExportSpecSchema = Type.Object(
  {
    projectId: Type.String(),
    revision: Type.Integer(),
    format: Type.String({ description: "mp4, webm or gif." }),
    orientation: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
    seconds: Type.Integer({ description: "The video's length (the free tier's cap applied)." }),
  },
  closed,
);

export const CreateExportResponse = Type.Object(
  {
    created: Type.Boolean({ description: "False when the Idempotency-Key had already made this export (200)." }),
    resource: JobEnvelopeSchema,
    export: ExportSpecSchema,
  },
  closed,
);

export const ExportEnvelope = JobEnvelopeSchema;
export const CancelExportBody = CancelJobBody;
export const CancelExportResponse = cancelJobResponse("export");

/** The content type of each format's video file. */
export const EXPORT_CONTENT_TYPES = { mp4: "video/mp4", webm: "video/webm", gif: "image/gif" } as const;

export const ExportDownloadSchema = Type.Object(
  {
    url: Type.String({ description: "Signed URL of the video; works without credentials until expiresAt." }),
    expiresAt: Type.String({ format: "date-time" }),
    contentType: Type.Union(Object.values(EXPORT_CONTENT_TYPES).map((t) => Type.Literal(t))),
    bytes: Type.Number(),
    sha256: Type.String(),
    durationSeconds: Type.Union([Type.Number(), Type.Null()]),
  },
  closed,
);
