import { wcagContrast } from "culori";

/** The contrast text needs on its background (WCAG 2 AA, body text), as the service checks a brand kit. */
export const MIN_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rgb` or `#rrggbb` as lowercase `#rrggbb`; null when it is neither (as the service reads colours). */
export function normaliseHex(value: string): string | null {
  const v = value.trim();
  if (!HEX.test(v)) return null;
  const hex = v.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`;
}

export interface Contrast {
  /** The WCAG contrast ratio, 1 to 21. */
  ratio: number;
  /** "7.12:1", rounded down so a failing ratio never reads as the minimum. */
  shown: string;
  passes: boolean;
}

/** The WCAG 2 contrast ratio of two colours, or null when either is not a colour. */
export function contrastOf(foreground: string, background: string): Contrast | null {
  const [fg, bg] = [normaliseHex(foreground), normaliseHex(background)];
  if (!fg || !bg) return null;
  const ratio = wcagContrast(fg, bg);
  return { ratio, shown: `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`, passes: ratio >= MIN_CONTRAST };
}
