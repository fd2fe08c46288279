import { Type } from "@sinclair/typebox";

const Str = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, description });
const Seconds = (description: string) => Type.Integer({ minimum: 1, maximum: 600, description });

/** POST /renders/quote: the spec's nine optional fields and bounds; unknown fields refused. */
export const QuoteBody = Type.Object(
  {
    background: Type.Optional(Str(64, "A background id from GET /catalog/render-options.")),
    captionStyle: Type.Optional(Str(64, "A caption style id from GET /catalog/render-options.")),
    capture: Type.Optional(Str(64, "A capture id from GET /catalog/render-options.")),
    language: Type.Optional(Str(16, "A BCP 47 language tag from GET /catalog/render-options.")),
    maxSeconds: Type.Optional(Seconds("Ceiling an Auto render may grow to.")),
    orientation: Type.Optional(Str(64, "An orientation id from GET /catalog/render-options.")),
    targetSeconds: Type.Optional(Seconds("Fixed length; omit for Auto.")),
    templateId: Type.Optional(Str(64, "A system template id or one of the account's saved templates.")),
    voiceId: Type.Optional(Str(64, "A voice id from GET /catalog/voices.")),
  },
  { additionalProperties: false },
);

export const QuoteSchema = Type.Object(
  {
    secondsToReserve: Type.Number({
      description: "What creating a render would hold; 0 means nothing held (free tier).",
    }),
    watermark: Type.Boolean({ description: "Whether the video would carry the free-tier mark." }),
    capped: Type.Boolean({
      description: "True when the requested length was reduced to fit the balance or the free-tier ceiling.",
    }),
    targetSeconds: Type.Union([Type.Number(), Type.Null()]),
    maxSeconds: Type.Union([Type.Number(), Type.Null()]),
    sufficient: Type.Boolean({ description: "False when the balance would refuse the render." }),
    needed: Type.Union([Type.Number(), Type.Null()], { description: "What it would take when insufficient." }),
    availableSeconds: Type.Number({ description: "Balance available." }),
  },
  { additionalProperties: false },
);
