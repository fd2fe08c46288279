import { Type } from "@sinclair/typebox";

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
