import { ApiError } from "../../../contract/errors.js";
import type { FontCatalogue } from "../../../media/fonts/catalogue.js";
import { sourceLook } from "../../../pipelines/marketing/campaign/brand-look.js";
import type { CampaignPalette } from "../../../pipelines/marketing/campaign/document.js";
import type { SourceManifest } from "../../../pipelines/marketing/source/manifest.js";
import type { BrandKit } from "../brand-kit/schemas.js";
import { kitLook } from "../revision/kit-look.js";

/**
 * Whose look a generation wears (the request's `brand`): the source's own (its suggested colours, the
 * fonts it uses matched to installed ones, its logo) or the account's brand kit, which also brings a
 * voice, a music mood, a caption style and a call to action. Without `brand`, a kit with colours wins.
 * Both looks are the ones `use_brand` applies later (campaign/brand-look.ts, revision/kit-look.ts).
 */
export interface GenerationBrand {
  from: "source" | "kit";
  palette: CampaignPalette;
  fonts: { heading: string; body: string };
  /** An asset of the generation's source version; null when it has none (the logo is then hidden). */
  logo: { sourceId: string; assetId: string } | null;
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

/** Fonts the source uses when they are installed; the default font otherwise. */
function installedFonts(wanted: { heading: string; body: string } | null, fonts: FontCatalogue) {
  const fallback = (fonts.fonts.find((f) => f.isDefault) ?? fonts.fonts[0])?.id ?? "liberation-sans";
  const body = wanted && fonts.byId(wanted.body) ? wanted.body : fallback;
  return { heading: wanted && fonts.byId(wanted.heading) ? wanted.heading : body, body };
}

export function resolveBrand(
  wanted: "source" | "kit" | undefined,
  manifest: SourceManifest,
  kit: BrandKit,
  fonts: FontCatalogue,
): GenerationBrand {
  const own = sourceLook(manifest);
  const ownLogo = own.logo && manifest.assets.some((a) => a.id === own.logo?.assetId && a.retained) ? own.logo : null;
  const kits = kitLook(kit, { id: manifest.sourceId, version: manifest.version });
  const from = wanted ?? (kits?.palette ? "kit" : "source");
  if (from === "source")
    return {
      from,
      palette: own.palette ?? NEUTRAL,
      fonts: installedFonts(own.fonts, fonts),
      logo: ownLogo,
      captionStyle: null,
      musicMood: null,
      voiceId: null,
      callToAction: null,
    };
  if (!kits?.palette) throw new ApiError("brand_kit_required", { reason: kits ? "kit_has_no_colors" : "no_kit" });
  return {
    from,
    palette: kits.palette,
    fonts: installedFonts(kits.fonts ?? own.fonts, fonts),
    logo: kits.logo ?? ownLogo,
    captionStyle: kit.captionStyle,
    musicMood: kit.musicMood,
    voiceId: kit.voiceId,
    callToAction: kit.callToAction,
  };
}
