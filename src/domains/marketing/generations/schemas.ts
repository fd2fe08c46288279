import { Type } from "@sinclair/typebox";
import { CancelJobBody, cancelJobResponse, JobEnvelopeSchema } from "../../../jobs/envelope.js";
import { ExportPriceSchema } from "../exports/schemas.js";

/** A generation is its job (decision 0034): its id is the generation id, GET answers its envelope. */
export const GENERATION_KIND = "marketing.generation";

const closed = { additionalProperties: false } as const;

/**
 * POST /marketing/generations and …/preflight. Values a template or the catalogue may not offer are
 * typed loosely here and checked by the operation, so each answers its own code (unsupported_duration,
 * orientation_unknown, unsupported_audio_mode, campaign_speed_not_offered, voice_unknown…) rather than
 * one validation_failed.
 */
export const GenerationRequestBody = Type.Object(
  {
    sourceId: Type.String({ minLength: 1, maxLength: 64, description: "A source of this account (its id)." }),
    sourceVersion: Type.Optional(
      Type.Integer({ minimum: 1, description: "The version to read (default: the latest); pinned by the project." }),
    ),
    templateId: Type.String({ minLength: 1, maxLength: 64, description: "A marketing template of the catalogue." }),
    seconds: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 3600, description: "One of the template's durations." }),
    ),
    orientation: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 32,
        description: "portrait, square or landscape, as the template offers.",
      }),
    ),
    voiceId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "A catalogue voice." })),
    audioMode: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 32,
        description: "voice_and_music (default), music_only, voice_only or silent.",
      }),
    ),
    speed: Type.Optional(Type.Number({ minimum: 0, maximum: 10, description: "One of the template's speeds (1)." })),
    brand: Type.Optional(
      Type.Union([Type.Literal("source"), Type.Literal("kit")], {
        description: "Whose look: the source's (its palette, fonts and logo) or the account's brand kit.",
      }),
    ),
    focus: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: "What to put forward, in the user's words: copy about it is chosen first.",
      }),
    ),
    demo: Type.Optional(
      Type.Object(
        {
          renderId: Type.String({ minLength: 1, maxLength: 64, description: "A succeeded walkthrough render." }),
          fromSeconds: Type.Number({ minimum: 0, maximum: 36_000 }),
          toSeconds: Type.Number({ minimum: 0, maximum: 36_000 }),
        },
        { ...closed, description: "A range of a walkthrough render shown as demo footage." },
      ),
    ),
  },
  closed,
);

export const GenerationIdParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, description: "A generation id." }) },
  closed,
);

export const GenerationEnvelope = JobEnvelopeSchema;
export const CancelGenerationBody = CancelJobBody;
export const CancelGenerationResponse = cancelJobResponse("generation");
export const RetryGenerationBody = Type.Object({}, closed);

const MissingSchema = Type.Object(
  {
    field: Type.String({ description: "The request field or source material that is missing." }),
    section: Type.Union(
      ["story", "style", "sound", "export"].map((s) => Type.Literal(s)),
      { description: "The part of the revision document it belongs to." },
    ),
    code: Type.String({ description: "The code creating the generation would refuse with." }),
    message: Type.String(),
  },
  closed,
);

const WarningSchema = Type.Object(
  { code: Type.String(), message: Type.String(), sceneId: Type.Optional(Type.String()) },
  closed,
);

const PlannedSceneSchema = Type.Object(
  {
    id: Type.String(),
    kind: Type.String(),
    headline: Type.Union([Type.String(), Type.Null()]),
    visual: Type.String({ description: "screenshot, image, logo, footage or plate." }),
    seconds: Type.Number({ description: "Estimated from the narration's spoken words; the generation measures it." }),
    copyIds: Type.Array(Type.String(), { description: "The source's copy blocks the scene is written from." }),
  },
  closed,
);

export const PreflightAnswerSchema = Type.Object(
  {
    ready: Type.Boolean({ description: "True when creating this generation would start it." }),
    missing: Type.Array(MissingSchema),
    warnings: Type.Array(WarningSchema),
    plan: Type.Object(
      {
        templateId: Type.String(),
        sourceId: Type.String(),
        sourceVersion: Type.Integer(),
        seconds: Type.Integer(),
        orientation: Type.String(),
        audioMode: Type.String(),
        speed: Type.Number(),
        voiceId: Type.String(),
        brand: Type.Union([Type.Literal("source"), Type.Literal("kit")]),
        scenes: Type.Array(PlannedSceneSchema),
      },
      closed,
    ),
    quote: ExportPriceSchema,
  },
  closed,
);
