import { wcagContrast } from "culori";
import { ApiError } from "../../../contract/errors.js";
import type { FontCatalogue } from "../../../media/fonts/catalogue.js";
import type { CampaignPalette } from "../../../pipelines/marketing/campaign/document.js";
import type { SourceManifest } from "../../../pipelines/marketing/source/manifest.js";
import type { BrandColors } from "../brand-kit/schemas.js";
import { type BrandKitRow, storedLogoOf } from "../brand-kit/store.js";

/**
 * Whose look a generation wears (the request's `brand`): the source's own (its suggested colours, the
 * fonts it uses matched to installed ones, its logo) or the account's brand kit, which also brings a
 * voice, a music mood, a caption style and a call to action. Without `brand`, a kit with colours wins.
 */
export interface GenerationBrand {
  from: "source" | "kit";
  palette: CampaignPalette;
  fonts: { heading: string; body: string };
  /** The logo's source asset, and the kit's own copy of its file when the kit gives it. */
  logo: { sourceId: string; assetId: string; key: string | null; aspectRatio: number | null } | null;
  captionStyle: string | null;
  musicMood: string | null;
  voiceId: string | null;
  callToAction: { text: string; url: string } | null;
}

/** A source that names no usable colours still gets a readable, neutral look. */
const NEUTRAL: CampaignPalette = {
  background: "#FFFFFF",
  text: "#111827",
  primary: "#1D4ED8",
  primaryText: "#FFFFFF",
  accent: "#1D4ED8",
};

const upper = (hex: string): string => hex.toUpperCase();

/** The colour that reads on `background` at 4.5:1: the text colour, else black or white. */
const readableOn = (background: string, preferred: string): string => {
  if (wcagContrast(preferred, background) >= 4.5) return preferred;
  return wcagContrast("#000000", background) >= wcagContrast("#FFFFFF", background) ? "#000000" : "#FFFFFF";
};

function sourcePalette(manifest: SourceManifest): CampaignPalette {
  const suggested = manifest.brand.suggestedColors;
  if (!suggested) return NEUTRAL;
  const accent = manifest.palette.find((c) => c.role === "accent")?.hex ?? suggested.primary;
  return {
    background: upper(suggested.background),
    text: upper(suggested.text),
    primary: upper(suggested.primary),
    primaryText: upper(suggested.primaryText),
    accent: upper(accent),
  };
}

function kitPalette(colors: BrandColors): CampaignPalette {
  const primaryText = colors.primaryText ?? readableOn(colors.primary, colors.background);
  return {
    background: upper(colors.background),
    text: upper(colors.text),
    primary: upper(colors.primary),
    primaryText: upper(primaryText),
    accent: upper(colors.accent ?? colors.primary),
  };
}

/** Fonts the source uses, as the installed fonts the scan matched them to; the default font otherwise. */
function sourceFonts(manifest: SourceManifest, fonts: FontCatalogue): { heading: string; body: string } {
  const fallback = (fonts.fonts.find((f) => f.isDefault) ?? fonts.fonts[0])?.id ?? "liberation-sans";
  const of = (role: "heading" | "body") => {
    const font = manifest.fonts.find((f) => f.role === role);
    const id = font?.catalogFontId ?? font?.fallbackFontId;
    return id && fonts.byId(id) ? id : null;
  };
  const body = of("body") ?? fallback;
  return { heading: of("heading") ?? body, body };
}

function sourceLogo(manifest: SourceManifest): GenerationBrand["logo"] {
  const id = manifest.brand.logo;
  const asset = id ? manifest.assets.find((a) => a.id === id && a.retained) : undefined;
  return asset ? { sourceId: manifest.sourceId, assetId: asset.id, key: null, aspectRatio: asset.aspectRatio } : null;
}

export function resolveBrand(
  wanted: "source" | "kit" | undefined,
  manifest: SourceManifest,
  kit: BrandKitRow | undefined,
  fonts: FontCatalogue,
): GenerationBrand {
  const kitColors = kit?.colors ? (JSON.parse(kit.colors) as BrandColors) : null;
  const from = wanted ?? (kitColors ? "kit" : "source");
  const own = { palette: sourcePalette(manifest), fonts: sourceFonts(manifest, fonts), logo: sourceLogo(manifest) };
  if (from === "source")
    return { from, ...own, captionStyle: null, musicMood: null, voiceId: null, callToAction: null };
  if (!kit || !kitColors) throw new ApiError("brand_kit_required", { reason: kit ? "kit_has_no_colors" : "no_kit" });
  const kitLogo = storedLogoOf(kit);
  return {
    from,
    palette: kitPalette(kitColors),
    fonts: kit.fonts ? (JSON.parse(kit.fonts) as { heading: string; body: string }) : own.fonts,
    logo: kitLogo
      ? { sourceId: kitLogo.sourceId, assetId: kitLogo.assetId, key: kitLogo.key, aspectRatio: kitLogo.aspectRatio }
      : own.logo,
    captionStyle: kit.caption_style,
    musicMood: kit.music_mood,
    voiceId: kit.voice_id,
    callToAction: kit.call_to_action ? (JSON.parse(kit.call_to_action) as { text: string; url: string }) : null,
  };
}
