import { type Static, Type } from "@sinclair/typebox";

/**
 * The brand kit's shapes (decision 0025). The schema checks types, lengths and unknown fields
 * (validation_failed); what the values mean — colour syntax, contrast, catalogue ids, addresses — is
 * checked by content.ts and answered as one invalid_brand_kit.
 */

const strict = { additionalProperties: false } as const;
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Colour = (description: string) =>
  Type.String({
    maxLength: 32,
    description: `${description} \`#rgb\` or \`#rrggbb\`; answered lowercase \`#rrggbb\`.`,
  });
const Id64 = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });

/** Music moods a marketing video's soundtrack is chosen by. */
export const MUSIC_MOODS = ["calm", "upbeat", "energetic", "cinematic"] as const;

/** Contrast text colours must reach against their background (WCAG AA body text). */
export const MIN_CONTRAST = 4.5;

const ColorsBody = Type.Object(
  {
    background: Type.Optional(Nullable(Colour("Background colour (required)."))),
    text: Type.Optional(Nullable(Colour("Text colour on `background` (required), at least 4.5:1."))),
    primary: Type.Optional(Nullable(Colour("Primary brand colour (required)."))),
    primaryText: Type.Optional(Nullable(Colour("Text colour on `primary`, at least 4.5:1 when set."))),
    accent: Type.Optional(Nullable(Colour("Accent colour."))),
  },
  strict,
);

const FontsSchema = Type.Object(
  {
    heading: Id64("A font id from GET /catalog/render-options (`fonts`)."),
    body: Id64("A font id from GET /catalog/render-options (`fonts`)."),
  },
  strict,
);

const CallToActionSchema = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 40, description: "Button text shown on screen." }),
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: "An http(s) address shown on screen, never fetched.",
    }),
  },
  strict,
);

const LogoBody = Type.Object(
  {
    sourceId: Type.String({ minLength: 1, maxLength: 64, description: "A source of this account." }),
    version: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()], {
        description: "The source version; omitted or null means the latest.",
      }),
    ),
    assetId: Id64("An image asset of that version's manifest (`logo-1`, `image-3`, …)."),
  },
  strict,
);

export const BrandKitBody = Type.Object(
  {
    colors: Type.Optional(Type.Union([ColorsBody, Type.Null()])),
    fonts: Type.Optional(Type.Union([FontsSchema, Type.Null()])),
    logo: Type.Optional(Type.Union([LogoBody, Type.Null()])),
    voiceId: Type.Optional(Nullable(Id64("A voice id from GET /catalog/voices."))),
    musicMood: Type.Optional(Nullable(Id64(`One of ${MUSIC_MOODS.join(", ")}.`))),
    captionStyle: Type.Optional(Nullable(Id64("A caption style id from GET /catalog/render-options."))),
    callToAction: Type.Optional(Type.Union([CallToActionSchema, Type.Null()])),
  },
  strict,
);
export type BrandKitInput = Static<typeof BrandKitBody>;
export type LogoInput = Static<typeof LogoBody>;

const NullableString = Type.Union([Type.String(), Type.Null()]);

const ColorsSchema = Type.Object(
  {
    background: Type.String(),
    text: Type.String(),
    primary: Type.String(),
    primaryText: NullableString,
    accent: NullableString,
  },
  strict,
);
export type BrandColors = Static<typeof ColorsSchema>;

const LogoFileSchema = Type.Object(
  {
    url: Type.String({ description: "A signed URL of the kit's own copy of the logo." }),
    expiresAt: Type.String({ format: "date-time" }),
    bytes: Type.Integer(),
    sha256: Type.String(),
    contentType: Type.String(),
    width: Type.Union([Type.Integer(), Type.Null()]),
    height: Type.Union([Type.Integer(), Type.Null()]),
    aspectRatio: Type.Union([Type.Number(), Type.Null()]),
  },
  strict,
);

export const BrandKitSchema = Type.Object(
  {
    colors: Type.Union([ColorsSchema, Type.Null()]),
    fonts: Type.Union([FontsSchema, Type.Null()]),
    logo: Type.Union([
      Type.Object(
        { sourceId: Type.String(), version: Type.Integer(), assetId: Type.String(), file: LogoFileSchema },
        strict,
      ),
      Type.Null(),
    ]),
    voiceId: NullableString,
    musicMood: NullableString,
    captionStyle: NullableString,
    callToAction: Type.Union([CallToActionSchema, Type.Null()]),
    createdAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
      description: "Null until the first PUT.",
    }),
    updatedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
      description: "Null until the first PUT: the account has no kit yet.",
    }),
  },
  strict,
);
export type BrandKit = Static<typeof BrandKitSchema>;
