import type { SourceManifest } from "../source/manifest.js";
import type { CampaignPalette } from "./document.js";

/**
 * A brand as a campaign takes it (`use_brand`, and the generator's `brand: "source" | "kit"`): the
 * palette, the fonts and the logo, each null when the brand has none (the document keeps its own).
 * Colours are written upper case, as the edit grammar writes them (decision 0032).
 */
export interface BrandLook {
  palette: CampaignPalette | null;
  fonts: { heading: string; body: string } | null;
  /** An asset of the pinned source version: a logo from anywhere else could change under the project. */
  logo: { sourceId: string; assetId: string } | null;
}

export const upperHex = (hex: string): string => hex.toUpperCase();

/**
 * The website's own brand from its manifest: the kit-ready suggested colours (text colours already at
 * 4.5:1), the accent of the palette (else the primary), the catalogue fonts that stand in for the site's
 * (a role it lacks takes the other's), and its logo.
 */
export function sourceLook(manifest: Pick<SourceManifest, "sourceId" | "brand" | "palette" | "fonts">): BrandLook {
  const colours = manifest.brand.suggestedColors;
  const accent = manifest.palette.find((c) => c.role === "accent")?.hex ?? colours?.primary;
  const font = (role: "heading" | "body"): string | null => {
    const found = manifest.fonts.find((f) => f.role === role);
    return found ? (found.catalogFontId ?? found.fallbackFontId) : null;
  };
  const heading = font("heading") ?? font("body");
  const body = font("body") ?? heading;
  return {
    palette:
      colours && accent
        ? {
            background: upperHex(colours.background),
            text: upperHex(colours.text),
            primary: upperHex(colours.primary),
            primaryText: upperHex(colours.primaryText),
            accent: upperHex(accent),
          }
        : null,
    fonts: heading && body ? { heading, body } : null,
    logo: manifest.brand.logo ? { sourceId: manifest.sourceId, assetId: manifest.brand.logo } : null,
  };
}
