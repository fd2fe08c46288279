import { Type } from "@sinclair/typebox";
import { CancelJobBody, cancelJobResponse, JobEnvelopeSchema } from "../../jobs/envelope.js";
import { SITE_URL_MAX } from "../../net/guard.js";
import { CredentialsBody } from "../storyboards/credentials.js";

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

export const RENDER_KIND = "walkthrough.render";
export const RENDER_KINDS: readonly string[] = [RENDER_KIND];

export const RenderIdParams = Type.Object(
  { id: Type.String({ format: "uuid", description: "Render id." }) },
  { additionalProperties: false },
);

/** Spec: beats max 60; beatId 1 to 64; narration max 2000 (null or absent keeps the planned line). */
export const BeatEdit = Type.Object(
  {
    beatId: Type.String({ minLength: 1, maxLength: 64, description: "A beat id of the storyboard's plan." }),
    hidden: Type.Optional(Type.Boolean({ description: "Leaves the beat out of the video." })),
    narration: Type.Optional(
      Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], {
        description: "Replaces the planned line; null or absent keeps it.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const CreateFromStoryboardBody = Type.Object(
  {
    beats: Type.Optional(
      Type.Array(BeatEdit, { maxItems: 60, description: "Edits by beat id; absent renders the plan as it stands." }),
    ),
    credentials: Type.Optional(CredentialsBody),
  },
  { additionalProperties: false },
);

/** POST /renders (shape not shown in the spec; our design): POST /storyboards's fields, planned and rendered in one job. */
export const CreateRenderBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: SITE_URL_MAX, description: "The website to record (http or https)." }),
    hint: Type.Optional(
      Type.String({
        description:
          "What the walkthrough should show; 3 to 1000 characters after trimming (hint_required, hint_too_long).",
      }),
    ),
    ...QuoteBody.properties,
    credentials: Type.Optional(CredentialsBody),
  },
  { additionalProperties: false },
);

const NullableNumber = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

/** The spec's lengthFit: all 11 fields. */
export const LengthFitSchema = Type.Object(
  {
    adjusted: Type.Boolean({ description: "Whether this video is shorter than the plan." }),
    beatBudget: NullableNumber("Steps the length can hold."),
    beatsDropped: Type.Number({
      description: "Steps left out; extras taught by the user go first, then the walkthrough is cut from its end.",
    }),
    beatsKept: Type.Number({ description: "Steps shown." }),
    beatsPlanned: Type.Number({ description: "Steps offered after hidden beats removed and taught steps restored." }),
    cappedFromSeconds: NullableNumber("Length asked for when a shorter one was used; null on create-from-storyboard."),
    maxSeconds: NullableNumber("Auto ceiling, null when fixed."),
    note: Type.Union([Type.String(), Type.Null()], { description: "Sentence to show; null when nothing adjusted." }),
    plannedSeconds: NullableNumber("What the kept steps are worth."),
    seconds: NullableNumber("Length all decisions were made from."),
    targetSeconds: NullableNumber("Fixed length held, null when planned as Auto."),
  },
  { additionalProperties: false },
);

export const CreateRenderResponse = Type.Object(
  {
    created: Type.Boolean({ description: "False when the Idempotency-Key had already made this render (200)." }),
    credentialSource: Type.Union([Type.Literal("request"), Type.Literal("storyboard"), Type.Null()], {
      description:
        "Where the demo credentials for signing in come from: this request, the storyboard's stored session, or null (no sign-in).",
    }),
    resource: JobEnvelopeSchema,
    lengthFit: Type.Union([LengthFitSchema, Type.Null()], {
      description: "Null when no length was named, on a replay, and on POST /renders (the plan is made by the job).",
    }),
  },
  { additionalProperties: false },
);

export const RenderEnvelope = JobEnvelopeSchema;

export const CancelRenderBody = CancelJobBody;
export const CancelRenderResponse = cancelJobResponse("render");

export const DownloadSchema = Type.Object(
  {
    url: Type.String({ description: "Signed URL of the MP4; works without credentials until expiresAt." }),
    expiresAt: Type.String({ format: "date-time" }),
    contentType: Type.Literal("video/mp4"),
    bytes: Type.Number(),
    sha256: Type.String(),
    durationSeconds: Type.Union([Type.Number(), Type.Null()]),
  },
  { additionalProperties: false },
);
