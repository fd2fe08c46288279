import { wcagContrast } from "culori";
import type { CampaignDocument } from "../../../../pipelines/marketing/campaign/document.js";
import { MIN_CONTRAST } from "../../brand-kit/schemas.js";
import { refuse } from "../refusal.js";

/** Rounded down, so a refused pair never reads as reaching the minimum (4.497 is 4.49), as the brand kit shows it. */
const shown = (ratio: number): number => Math.floor(ratio * 100) / 100;

/**
 * Text drawn on the background and on the primary (buttons) reaches WCAG AA's 4.5:1, as the brand kit's
 * colours must: `invalid_revision` at the text colour's path, with the ratio.
 */
export function checkPalette(doc: CampaignDocument): void {
  const palette = doc.style.palette;
  const pairs = [
    ["text", "background"],
    ["primaryText", "primary"],
  ] as const;
  for (const [fg, bg] of pairs) {
    const ratio = wcagContrast(palette[fg], palette[bg]);
    if (ratio < MIN_CONTRAST) {
      refuse("invalid_revision", `/style/palette/${fg}`, `has too little contrast against ${bg}`, {
        ratio: shown(ratio),
        against: bg,
        minimum: MIN_CONTRAST,
      });
    }
  }
}
