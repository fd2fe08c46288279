import { type Static, type TSchema, Type } from "@sinclair/typebox";
import {
  AUDIO_MODES,
  CAMPAIGN_ORIENTATIONS,
  CAMPAIGN_SCHEMA_ID,
  type CampaignDocument,
  COPY_FIELDS,
  EXPORT_FORMATS,
  FONT_ROLES,
  PALETTE_ROLES,
  type Revision,
  type RevisionOperation,
  type RevisionOrigin,
  SCENE_KINDS,
} from "./document.js";
import { MAX_INSTRUCTION_CHARS, MAX_OPERATIONS, MAX_SCENES, MIN_SCENE_SECONDS, TEXT_CAPS } from "./limits.js";

/**
 * The revision document (`clipwright.campaign.v1`), its operations and a revision, as published schemas
 * (named in the OpenAPI document, like the source manifest), each checked at compile time to be exactly
 * its type in document.ts (schemaOf), so the two cannot drift. Every object is closed and every string
 * capped: a client learns the caps here, and a value past one is refused with its path, never truncated
 * (revision/read-document.ts).
 * What the schema cannot say (the template's offers, the catalogue, the pinned source, contrast, claims,
 * timing) is checked by the revision checks (domains/marketing/revision/check.ts).
 */

const ORIGIN_KINDS = ["generation", "document", "operations", "edit", "revert"] as const;

/** Exactly the same type, not merely assignable one way. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/**
 * The schema of a type declared in document.ts: compiling fails where the schema and the type differ, so
 * the published shape and the one every caller is typed with cannot drift apart.
 */
const schemaOf =
  <T>() =>
  <S extends TSchema>(schema: S & (Same<Static<S>, T> extends true ? unknown : { schemaDiffersFromType: T })): S =>
    schema;

/**
 * Sanity bounds on numbers whose real limits come from the template (durations, speeds) or the layouts
 * (logo scale): checked there with their own codes; these only keep absurd values out of the schema.
 */
const MAX_SECONDS = 600;
const MAX_SPEED = 4;
const MAX_LOGO_SCALE = 10;

const closed = { additionalProperties: false } as const;
const oneOf = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });
/** A catalogue or source id (fonts, voices, caption styles, moods, sources, renders). */
const Id = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });
const Hex = Type.String({ pattern: "^#[0-9A-Fa-f]{6}$", description: "`#rrggbb`." });
const Volume = Type.Number({ minimum: 0, maximum: 1 });
const SceneId = Type.String({
  pattern: "^sc-[0-9]+$",
  maxLength: 16,
  description: "Stable across revisions: moving a scene keeps its id.",
});
const AssetId = Type.String({
  pattern: "^[a-z]+-[0-9]+$",
  maxLength: 40,
  description: "An asset id of the pinned source version's manifest.",
});
const Speed = Type.Number({ exclusiveMinimum: 0, maximum: MAX_SPEED, description: "One of the template's speeds." });
const Seconds = Type.Integer({ minimum: 1, maximum: MAX_SECONDS, description: "One of the template's durations." });

const SceneVisualSchema = Type.Union([
  Type.Object({ type: oneOf(["screenshot", "image", "logo"] as const), assetId: AssetId }, closed),
  Type.Object(
    {
      type: Type.Literal("footage"),
      renderId: Id("A walkthrough render's id."),
      fromSeconds: Type.Number({ minimum: 0 }),
      toSeconds: Type.Number({ exclusiveMinimum: 0 }),
    },
    closed,
  ),
  Type.Object({ type: Type.Literal("plate") }, { ...closed, description: "The palette only." }),
]);

const SceneSchema = Type.Object(
  {
    id: SceneId,
    kind: oneOf(SCENE_KINDS),
    hidden: Type.Boolean(),
    seconds: Type.Number({
      minimum: MIN_SCENE_SECONDS,
      maximum: MAX_SECONDS,
      description: "The visible scenes' seconds add up to `export.seconds`.",
    }),
    headline: Nullable(Text(TEXT_CAPS.headline)),
    body: Nullable(Text(TEXT_CAPS.body)),
    cta: Nullable(Type.Object({ text: Text(TEXT_CAPS.ctaText), url: Text(TEXT_CAPS.ctaUrl) }, closed)),
    quote: Nullable(Type.Object({ text: Text(TEXT_CAPS.quoteText), author: Text(TEXT_CAPS.quoteAuthor) }, closed)),
    narration: Text(TEXT_CAPS.narration, "What the voice says over the scene (plain text)."),
    visual: SceneVisualSchema,
  },
  closed,
);

const PaletteSchema = Type.Object(
  { background: Hex, text: Hex, primary: Hex, primaryText: Hex, accent: Hex },
  { ...closed, description: "`text` on `background` and `primaryText` on `primary` reach 4.5:1." },
);

export const CampaignDocumentSchema = schemaOf<CampaignDocument>()(
  Type.Object(
    {
      schema: Type.Literal(CAMPAIGN_SCHEMA_ID),
      story: Type.Object(
        {
          coverText: Text(TEXT_CAPS.coverText, "One line, plain text."),
          scenes: Type.Array(SceneSchema, { minItems: 1, maxItems: MAX_SCENES }),
        },
        closed,
      ),
      style: Type.Object(
        {
          palette: PaletteSchema,
          fonts: Type.Object({ heading: Id("A catalogue font id."), body: Id("A catalogue font id.") }, closed),
          logo: Type.Object(
            {
              sourceId: Id("The project's pinned source."),
              assetId: Type.Union([AssetId, Type.Null()], {
                description:
                  "The logo asset of the source version; null when the source has none (the logo stays hidden).",
              }),
              scale: Type.Number({ exclusiveMinimum: 0, maximum: MAX_LOGO_SCALE, description: "0.5 to 2." }),
              hidden: Type.Boolean(),
            },
            closed,
          ),
          captions: Type.Object({ enabled: Type.Boolean(), style: Id("A catalogue caption style id.") }, closed),
        },
        closed,
      ),
      sound: Type.Object(
        {
          voiceId: Id("A catalogue voice id."),
          audioMode: oneOf(AUDIO_MODES),
          speed: Speed,
          music: Type.Object({ mood: Id("A catalogue music mood."), volume: Volume }, closed),
          voiceVolume: Volume,
        },
        closed,
      ),
      export: Type.Object(
        { orientation: oneOf(CAMPAIGN_ORIENTATIONS), seconds: Seconds, format: oneOf(EXPORT_FORMATS) },
        closed,
      ),
    },
    { ...closed, title: "CampaignDocument" },
  ),
);

const Op = <K extends string, P extends Record<string, TSchema>>(op: K, props: P, minProperties?: number) =>
  Type.Object({ op: Type.Literal(op), ...props }, { ...closed, ...(minProperties ? { minProperties } : {}) });

/** The longest copy field's cap: each field's own is checked on the document the operation makes. */
const COPY_CAP = Math.max(TEXT_CAPS.headline, TEXT_CAPS.body, TEXT_CAPS.ctaText, TEXT_CAPS.quoteText);

export const RevisionOperationSchema = schemaOf<RevisionOperation>()(
  Type.Union(
    [
      Op("set_length", { seconds: Seconds }),
      Op("set_speed", { speed: Speed }),
      Op("hide_scene", { sceneId: SceneId }),
      Op("show_scene", { sceneId: SceneId }),
      Op("move_scene", {
        sceneId: SceneId,
        toIndex: Type.Integer({ minimum: 0, maximum: MAX_SCENES - 1, description: "0-based index once moved." }),
      }),
      Op("swap_scenes", { sceneId: SceneId, withSceneId: SceneId }),
      Op("set_copy", {
        sceneId: SceneId,
        field: oneOf(COPY_FIELDS),
        text: Type.String({ minLength: 1, maxLength: COPY_CAP }),
      }),
      Op("set_narration", { sceneId: SceneId, text: Text(TEXT_CAPS.narration) }),
      Op("set_cover_text", { text: Text(TEXT_CAPS.coverText) }),
      Op("set_palette", { role: oneOf(PALETTE_ROLES), hex: Hex }),
      Op("use_brand", { from: oneOf(["kit", "source"] as const) }),
      Op("set_font", { role: oneOf(FONT_ROLES), fontId: Id("A catalogue font id.") }),
      // The optional pairs: at least one of them (minProperties counts `op`).
      Op(
        "set_logo",
        {
          scale: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: MAX_LOGO_SCALE })),
          hidden: Type.Optional(Type.Boolean()),
        },
        2,
      ),
      Op(
        "set_captions",
        { enabled: Type.Optional(Type.Boolean()), style: Type.Optional(Id("A caption style id.")) },
        2,
      ),
      Op("set_orientation", { orientation: oneOf(CAMPAIGN_ORIENTATIONS) }),
      Op("set_voice", { voiceId: Id("A catalogue voice id.") }),
      Op("set_audio_mode", { audioMode: oneOf(AUDIO_MODES) }),
      Op("set_music", { mood: Type.Optional(Id("A music mood.")), volume: Type.Optional(Volume) }, 2),
      Op("revert", { toRevision: Type.Integer({ minimum: 1, description: "An earlier revision's number." }) }),
    ],
    { title: "RevisionOperation" },
  ),
);

export const RevisionOperationsSchema = Type.Array(RevisionOperationSchema, { minItems: 1, maxItems: MAX_OPERATIONS });

export const RevisionOriginSchema = schemaOf<RevisionOrigin>()(
  Type.Object(
    {
      kind: oneOf(ORIGIN_KINDS),
      /** The sentence of an edit. */
      instruction: Type.Optional(Text(MAX_INSTRUCTION_CHARS)),
      /** The revision a revert (or an edit or operations starting with one) went back to. */
      revertedTo: Type.Optional(Type.Integer({ minimum: 1 })),
    },
    { ...closed, title: "RevisionOrigin" },
  ),
);

export const RevisionSchema = schemaOf<Revision>()(
  Type.Object(
    {
      projectId: Id("The project's id."),
      number: Type.Integer({ minimum: 1, description: "1, 2, 3… in the order made." }),
      createdAt: Type.String({ format: "date-time" }),
      origin: RevisionOriginSchema,
      document: CampaignDocumentSchema,
    },
    { ...closed, title: "Revision" },
  ),
);
