import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { SCENE_KINDS } from "../../pipelines/marketing/campaign/document.js";

/**
 * Response shapes of the catalogue. The catalogue's own types are derived from them (Static), so the
 * published schema and the objects served cannot drift apart.
 */

const strict = { additionalProperties: false } as const;
const literals = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );
const nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});
const Hex = Type.String({ pattern: "^#[0-9A-F]{6}([0-9A-F]{2})?$", description: "Colour as #RRGGBB or #RRGGBBAA." });
const Ratio = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });
const IsDefault = Type.Boolean({ description: "Used when a request leaves this option out." });

export const ORIENTATION_IDS = ["landscape", "portrait", "square"] as const;

export const PlanSchema = Type.Object(
  {
    id: Type.String({ description: "Stable plan id." }),
    name: Type.String(),
    secondsPerPeriod: Type.Integer({
      description: "Video time granted each period; unused plan seconds lapse at its end.",
    }),
    periodDays: Type.Integer(),
    priceCents: Type.Integer({ description: "Price of one period in the currency's minor unit." }),
    currency: Type.String({ description: "ISO 4217 code, lower case." }),
    maxConcurrentJobs: Type.Integer({ description: "Renders (and, separately, exports) that may run at once." }),
    watermark: Type.Boolean({ description: "Whether videos made on this plan carry a mark." }),
  },
  strict,
);

export const VoiceSchema = Type.Object(
  {
    id: Type.String({ description: "Pass as `voiceId`. Stable across restarts: `<engine>:<engine voice>`." }),
    name: Type.String(),
    language: Type.String({ description: "BCP 47 tag of the voice's own language." }),
    languages: Type.Array(Type.String(), {
      description:
        "Every `language` this voice can narrate; a render whose language is not listed is refused with voice_language.",
    }),
    gender: literals(["female", "male", "neutral"]),
    engine: literals(["espeak-ng", "festival"]),
    isDefault: IsDefault,
  },
  strict,
);

export const OrientationSchema = Type.Object(
  {
    id: literals(ORIENTATION_IDS),
    name: Type.String(),
    width: Type.Integer({ description: "Output width in pixels." }),
    height: Type.Integer({ description: "Output height in pixels." }),
    aspectRatio: Type.String({ description: "Width:height, e.g. 16:9." }),
    isDefault: IsDefault,
  },
  strict,
);

export const CaptureSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    viewport: Type.Object(
      { width: Type.Integer(), height: Type.Integer() },
      { ...strict, description: "Browser viewport in CSS pixels." },
    ),
    deviceScaleFactor: Type.Number(),
    mobile: Type.Boolean({
      description: "Whether the site is loaded as on a touch phone (mobile user agent, touch events).",
    }),
    orientations: Type.Array(literals(ORIENTATION_IDS), {
      description: "Orientations this capture can be used with; any other is refused with capture_incompatible.",
    }),
    isDefault: IsDefault,
  },
  strict,
);

export const AvatarSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    available: Type.Boolean({
      description:
        "False when presenters are switched off on this deployment; requesting it is refused with avatar_unavailable.",
    }),
    isDefault: IsDefault,
  },
  strict,
);

export const BackgroundSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    kind: literals(
      ["none", "solid", "gradient"],
      "`none`: the capture fills the frame; otherwise it is inset over this backdrop.",
    ),
    colors: Type.Array(Hex, { description: "One colour for solid, the stops in order for gradient, none for none." }),
    angleDegrees: nullable(
      Type.Integer({ minimum: 0, maximum: 359 }),
      "Gradient direction (0 = bottom to top, clockwise); null unless gradient.",
    ),
    isDefault: IsDefault,
  },
  strict,
);

export const CaptionLookSchema = Type.Object(
  {
    fontFamily: Type.String(),
    fontWeight: Type.Integer({ minimum: 100, maximum: 900 }),
    fontSizeRatio: Ratio("Font size as a fraction of the frame's shorter side."),
    textColor: Hex,
    strokeColor: nullable(Hex, "Outline colour, or null for no outline."),
    strokeWidthRatio: Ratio("Outline width as a fraction of the font size."),
    boxColor: nullable(Hex, "Colour of the box behind the text, or null for no box."),
    highlightColor: nullable(Hex, "Colour of the word being spoken, or null when words are not highlighted."),
    position: literals(["top", "center", "bottom"]),
    marginRatio: Ratio("Distance from the frame edge as a fraction of the frame height."),
    maxLines: Type.Integer({ minimum: 1 }),
    uppercase: Type.Boolean(),
  },
  strict,
);

export const CaptionStyleSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    burnedIn: Type.Boolean({
      description: "Whether captions are drawn into the picture. A WebVTT file is delivered either way.",
    }),
    look: nullable(CaptionLookSchema, "How burned-in captions are drawn; null when they are not."),
    isDefault: IsDefault,
  },
  strict,
);

export const LanguageSchema = Type.Object(
  {
    id: Type.String({ description: "BCP 47 tag; pass as `language` (compared case-insensitively)." }),
    name: Type.String(),
    voiceCount: Type.Integer({ description: "Voices that can narrate this language." }),
    defaultVoiceId: Type.String({ description: "Voice used for this language when a request names none." }),
    isDefault: IsDefault,
  },
  strict,
);

export const FontOptionSchema = Type.Object(
  {
    id: Type.String({ description: "Pass as a brand kit's `fonts.heading` / `fonts.body`." }),
    family: Type.String({ description: "The installed family name." }),
    category: literals(["sans-serif", "serif", "monospace", "display", "handwriting"]),
    weights: Type.Array(Type.Integer(), { description: "CSS weights installed, ascending." }),
    isDefault: Type.Boolean({ description: "The default sans-serif (exactly one font)." }),
  },
  strict,
);

export const RenderOptionsSchema = Type.Object(
  {
    avatars: Type.Array(AvatarSchema),
    backgrounds: Type.Array(BackgroundSchema),
    captionStyles: Type.Array(CaptionStyleSchema),
    captures: Type.Array(CaptureSchema),
    fonts: Type.Array(FontOptionSchema, {
      description: "Fonts installed on the machine (fontconfig, read at start): the compositor draws only these.",
    }),
    languages: Type.Array(LanguageSchema),
    orientations: Type.Array(OrientationSchema),
  },
  strict,
);

export const MarketingTemplateSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    orientation: literals(ORIENTATION_IDS, "Orientation used when the project names none."),
    orientations: Type.Array(literals(ORIENTATION_IDS), { description: "Orientations the template is laid out for." }),
    defaultSeconds: Type.Integer(),
    durations: Type.Array(Type.Integer(), { description: "Lengths in seconds the template is offered in." }),
    speeds: Type.Array(Type.Number(), {
      description:
        "Narration and music speeds the template is offered at, ascending; 1 is the default. Others are campaign_speed_not_offered.",
    }),
    captionStyle: Type.String({ description: "Caption style id used when the project names none." }),
    demoFootage: literals(
      ["none", "optional", "required"] as const,
      "Whether a generation takes a walkthrough render's range as demo footage (`demo`), and whether it must.",
    ),
    scenes: Type.Array(literals(SCENE_KINDS), {
      description: "Scene outline in order; the generator fills each from the scanned website.",
    }),
  },
  strict,
);

export type VoiceView = Static<typeof VoiceSchema>;
export type OrientationOption = Static<typeof OrientationSchema>;
export type CaptureOption = Static<typeof CaptureSchema>;
export type AvatarOption = Static<typeof AvatarSchema>;
export type BackgroundOption = Static<typeof BackgroundSchema>;
export type CaptionStyleOption = Static<typeof CaptionStyleSchema>;
export type LanguageOption = Static<typeof LanguageSchema>;
/** The catalogue's fixed lists; `fonts` is added when answered, from the installed fonts (Deps.fonts). */
export type RenderOptions = Omit<Static<typeof RenderOptionsSchema>, "fonts">;
export type MarketingTemplate = Static<typeof MarketingTemplateSchema>;
