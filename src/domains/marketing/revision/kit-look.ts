import { wcagContrast } from "culori";
import { type BrandLook, upperHex } from "../../../pipelines/marketing/campaign/brand-look.js";
import type { BrandKit } from "../brand-kit/schemas.js";
import type { PinnedSource } from "./context.js";

/** Text colours tried on the primary when the kit names none: white, else the near-black the grammar uses. */
const TEXT_ON_PRIMARY = ["#FFFFFF", "#111827"] as const;

/**
 * The account's brand kit as `use_brand {from: kit}` (and a generation with `brand: "kit"`) takes it; null
 * when the account has none. A kit without a primary text colour gets whichever of white and near-black
 * reads better on its primary, and without an accent its primary. Its logo is taken only when it is an
 * asset of the project's pinned source version: the kit's own copy can be replaced at any time, and a
 * revision must export the same bytes later.
 */
export function kitLook(kit: BrandKit, pinned: Pick<PinnedSource, "id" | "version">): BrandLook | null {
  if (kit.updatedAt === null) return null;
  const colours = kit.colors;
  const primaryText =
    colours &&
    (colours.primaryText ??
      [...TEXT_ON_PRIMARY].sort((a, b) => wcagContrast(b, colours.primary) - wcagContrast(a, colours.primary))[0]);
  const logo = kit.logo;
  return {
    palette:
      colours && primaryText
        ? {
            background: upperHex(colours.background),
            text: upperHex(colours.text),
            primary: upperHex(colours.primary),
            primaryText: upperHex(primaryText),
            accent: upperHex(colours.accent ?? colours.primary),
          }
        : null,
    fonts: kit.fonts,
    logo:
      logo && logo.sourceId === pinned.id && logo.version === pinned.version
        ? { sourceId: logo.sourceId, assetId: logo.assetId }
        : null,
  };
}
