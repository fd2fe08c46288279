import { formatHex, parse, wcagContrast } from "culori";
import type { CampaignPalette } from "../campaign/document.js";

/**
 * The palette as the layouts' CSS custom properties. The document guarantees text on background and
 * primaryText on primary; the accent is the brand's and guarantees nothing, so where it would carry
 * words (a figure, a number, an author) the layouts use `--accent-ink`: the accent when it reads on the
 * background at 3:1 (every such word is large or bold), else the primary, else the text colour; and
 * words set on an accent fill use whichever of background and text reads better on it.
 */

export class ScenePaletteError extends Error {
  override readonly name = "ScenePaletteError";
}

const LARGE_TEXT_CONTRAST = 3;

function hex(role: string, value: string): string {
  const colour = parse(value);
  if (!colour) throw new ScenePaletteError(`palette ${role} is not a colour: ${value.slice(0, 40)}`);
  return formatHex(colour);
}

/** `--name:#rrggbb` declarations for the frame's style attribute (every value a checked hex). */
export function paletteProperties(palette: CampaignPalette): string {
  const bg = hex("background", palette.background);
  const text = hex("text", palette.text);
  const primary = hex("primary", palette.primary);
  const onPrimary = hex("primaryText", palette.primaryText);
  const accent = hex("accent", palette.accent);
  const reads = (c: string) => wcagContrast(c, bg) >= LARGE_TEXT_CONTRAST;
  const accentInk = [accent, primary].find(reads) ?? text;
  const onAccent = wcagContrast(bg, accent) >= wcagContrast(text, accent) ? bg : text;
  const props: Record<string, string> = {
    bg,
    text,
    primary,
    "on-primary": onPrimary,
    accent,
    "accent-ink": accentInk,
    "on-accent": onAccent,
  };
  return Object.entries(props)
    .map(([name, value]) => `--${name}:${value}`)
    .join(";");
}
