import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { BLOCK_TEXT_CAP } from "./copy-types.js";

/**
 * The manifest of one source version (artifact `source`, decision 0025): what the inspection found, with
 * every retained file's sha256. Published as a named schema in the OpenAPI document, so this is contract:
 * fields are added, never renamed. Every string in it was read from an untrusted page, so each has a cap.
 */

export const MANIFEST_SCHEMA_ID = "clipwright.source.v1";
/**
 * The version of the code that made a version, in the manifest's `scanner` field (its wire name, kept for
 * render sources too): bumped when what an inspection reads changes, so two manifests can be told apart.
 */
export const INSPECTOR_VERSION = "1.0.0";

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Text = (maxLength: number) => Type.String({ maxLength });
const Hex = Type.String({ pattern: "^#[0-9a-f]{6}$" });
const AssetId = Type.String({ pattern: "^[a-z]+-[0-9]+$", maxLength: 40 });
const closed = { additionalProperties: false } as const;

export const WARNING_CODES = [
  "page_timeout",
  "page_skipped",
  "redirect_refused",
  "non_html_page",
  "http_error",
  "script_errors",
  "consent_hidden",
  "text_truncated",
  "screenshot_truncated",
  "screenshot_missing",
  "copy_truncated",
  "no_logo",
  "little_copy",
  "no_css_palette",
  "font_unavailable",
  "scan_deadline",
  "page_truncated",
  "frames_limited",
  "placeholder_copy",
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

/** Why a page was visited: the start page, or the topic its link was ranked by (pages.ts). */
export const PAGE_ROLES = [
  "start",
  "pricing",
  "features",
  "product",
  "customers",
  "testimonials",
  "about",
  "how_it_works",
  "faq",
  "integrations",
  "other",
] as const;
export type PageRole = (typeof PAGE_ROLES)[number];

const PageSchema = Type.Object(
  {
    index: Type.Integer({ minimum: 0 }),
    url: Text(2048),
    role: Type.Union(PAGE_ROLES.map((r) => Type.Literal(r))),
    title: Nullable(Text(300)),
    status: Nullable(Type.Integer()),
    contentType: Nullable(Text(200)),
    loadMs: Nullable(Type.Integer({ minimum: 0 })),
    textChars: Type.Integer({ minimum: 0 }),
    textTruncated: Type.Boolean(),
    screenshots: Type.Array(AssetId),
  },
  closed,
);

const BrandSchema = Type.Object(
  {
    name: Nullable(Text(200)),
    tagline: Nullable(Text(300)),
    description: Nullable(Text(1000)),
    language: Nullable(Text(35)),
    themeColor: Nullable(Hex),
    logo: Nullable(AssetId),
    suggestedColors: Nullable(
      Type.Object(
        {
          background: Hex,
          text: Hex,
          primary: Hex,
          primaryText: Hex,
          /** Roles whose lightness was moved in OKLCH to reach 4.5:1. */
          adjusted: Type.Array(Text(40)),
        },
        closed,
      ),
    ),
  },
  closed,
);

export const PALETTE_ROLES = ["background", "text", "primary", "accent"] as const;

const PaletteColourSchema = Type.Object(
  {
    hex: Hex,
    oklch: Type.Object({ l: Type.Number(), c: Type.Number(), h: Nullable(Type.Number()) }, closed),
    role: Nullable(Type.Union(PALETTE_ROLES.map((r) => Type.Literal(r)))),
    weight: Type.Number({ minimum: 0, maximum: 1 }),
    from: Type.Array(Type.Union([Type.Literal("css"), Type.Literal("pixels"), Type.Literal("theme-color")])),
    contrastWithBackground: Nullable(Type.Number()),
  },
  closed,
);

const FontSchema = Type.Object(
  {
    family: Text(200),
    role: Type.Union([Type.Literal("heading"), Type.Literal("body")]),
    weights: Type.Array(Type.Integer()),
    category: Type.Union(["sans-serif", "serif", "monospace", "display", "handwriting"].map((c) => Type.Literal(c))),
    catalogFontId: Nullable(Text(200)),
    fallbackFontId: Nullable(Text(200)),
  },
  closed,
);

const CopyBase = {
  id: Type.String({ pattern: "^copy-[0-9]+$" }),
  /** Index into `pages`; null for a render source's narration (no page was visited). */
  page: Nullable(Type.Integer({ minimum: 0 })),
  order: Type.Integer({ minimum: 0 }),
};

const CopyBlockSchema = Type.Union([
  Type.Object(
    {
      ...CopyBase,
      kind: Type.Union([
        Type.Literal("headline"),
        Type.Literal("value_proposition"),
        Type.Literal("feature"),
        Type.Literal("step"),
      ]),
      /** A feature's or step's own heading, when it has one. */
      title: Type.Optional(Text(300)),
      text: Text(BLOCK_TEXT_CAP),
    },
    closed,
  ),
  Type.Object(
    {
      ...CopyBase,
      kind: Type.Literal("testimonial"),
      text: Text(BLOCK_TEXT_CAP),
      author: Nullable(Text(200)),
      authorTitle: Nullable(Text(200)),
    },
    closed,
  ),
  Type.Object(
    {
      ...CopyBase,
      kind: Type.Literal("pricing"),
      title: Nullable(Text(300)),
      price: Nullable(Text(40)),
      currency: Nullable(Text(8)),
      period: Nullable(Text(40)),
      items: Type.Array(Text(300), { maxItems: 30 }),
    },
    closed,
  ),
  Type.Object({ ...CopyBase, kind: Type.Literal("faq"), title: Text(300), text: Text(BLOCK_TEXT_CAP) }, closed),
  Type.Object(
    { ...CopyBase, kind: Type.Literal("call_to_action"), text: Text(BLOCK_TEXT_CAP), href: Nullable(Text(2048)) },
    closed,
  ),
]);

export const CLAIM_KINDS = ["number", "price", "percentage", "superlative", "guarantee"] as const;

const ClaimSchema = Type.Object(
  {
    id: Type.String({ pattern: "^claim-[0-9]+$" }),
    text: Text(300),
    kind: Type.Union(CLAIM_KINDS.map((k) => Type.Literal(k))),
    copyId: Type.String({ pattern: "^copy-[0-9]+$" }),
  },
  closed,
);

export const ASSET_TYPES = ["screenshot", "logo", "image", "video", "poster", "still", "captions"] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const SKIP_REASONS = ["too_large", "blocked", "undecodable", "over_cap"] as const;

const AssetSchema = Type.Object(
  {
    id: AssetId,
    type: Type.Union(ASSET_TYPES.map((t) => Type.Literal(t))),
    contentType: Nullable(Text(200)),
    bytes: Nullable(Type.Integer({ minimum: 0 })),
    sha256: Nullable(Type.String({ pattern: "^[0-9a-f]{64}$" })),
    width: Nullable(Type.Integer({ minimum: 0 })),
    height: Nullable(Type.Integer({ minimum: 0 })),
    aspectRatio: Nullable(Type.Number({ minimum: 0 })),
    page: Nullable(Type.Integer({ minimum: 0 })),
    retained: Type.Boolean(),
    reason: Nullable(Type.Union(SKIP_REASONS.map((r) => Type.Literal(r)))),
    /** Where it was found (`header-svg`, `json-ld`, `hero`, `og:image`, `beat`, `scene`, …). */
    from: Nullable(Text(60)),
  },
  closed,
);

const WarningSchema = Type.Object(
  {
    code: Type.Union(WARNING_CODES.map((c) => Type.Literal(c))),
    page: Type.Optional(Type.Integer({ minimum: 0 })),
    /** script_errors and placeholder_copy: how many page errors, or filler blocks, were seen. */
    count: Type.Optional(Type.Integer({ minimum: 0 })),
    message: Text(500),
  },
  closed,
);

export const SOURCE_MANIFEST_SCHEMA = Type.Object(
  {
    schema: Type.Literal(MANIFEST_SCHEMA_ID),
    scanner: Type.String(),
    sourceId: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    previousVersion: Nullable(Type.Integer({ minimum: 1 })),
    kind: Type.Union([Type.Literal("url"), Type.Literal("render")]),
    url: Text(2048),
    finalUrl: Text(2048),
    origin: Text(2048),
    renderId: Nullable(Type.String()),
    createdAt: Type.String({ format: "date-time" }),
    degraded: Type.Boolean(),
    pages: Type.Array(PageSchema),
    brand: BrandSchema,
    palette: Type.Array(PaletteColourSchema, { maxItems: 16 }),
    fonts: Type.Array(FontSchema, { maxItems: 4 }),
    copy: Type.Array(CopyBlockSchema, { maxItems: 300 }),
    claims: Type.Array(ClaimSchema),
    assets: Type.Array(AssetSchema),
    warnings: Type.Array(WarningSchema),
  },
  { additionalProperties: false, title: "SourceManifest" },
);

export type SourceManifest = Static<typeof SOURCE_MANIFEST_SCHEMA>;
export type ManifestPage = Static<typeof PageSchema>;
export type ManifestColour = Static<typeof PaletteColourSchema>;
export type ManifestFont = Static<typeof FontSchema>;
export type ManifestCopyBlock = Static<typeof CopyBlockSchema>;
export type ManifestClaim = Static<typeof ClaimSchema>;
export type ManifestAsset = Static<typeof AssetSchema>;
export type ManifestWarning = Static<typeof WarningSchema>;

/** Warnings that do not make a version degraded: a site's own script noise and a font we draw with a stand-in. */
const BENIGN_WARNINGS: ReadonlySet<WarningCode> = new Set([
  "script_errors",
  "font_unavailable",
  // The site's own filler, not something the scan missed.
  "placeholder_copy",
]);

export const isDegraded = (warnings: readonly ManifestWarning[], alsoBenign: readonly WarningCode[] = []): boolean =>
  warnings.some((w) => !BENIGN_WARNINGS.has(w.code) && !alsoBenign.includes(w.code));
