/**
 * A family's category, from its name and fontconfig's spacing: fontconfig records no "serif" or
 * "handwriting" property, but family names say it reliably enough for the fonts a server has, and the
 * same patterns classify the web fonts a scanned page names (Inter, Playfair Display, Fira Code …).
 */

export type FontCategory = "sans-serif" | "serif" | "monospace" | "display" | "handwriting";

const MONO =
  /\b(mono|monospace|code|courier|consolas|menlo|monaco|inconsolata|cousine|typewriter|terminal|fixed)\b|mono$/i;
const HANDWRITING =
  /\b(script|hand|handwriting|brush|marker|comic|caveat|pacifico|dancing|satisfy|cursive|kalam|indie flower|shadows into light|great vibes|sacramento|allura|permanent marker|amatic)\b/i;
const SERIF_NAMES =
  /\b(times|georgia|garamond|baskerville|bodoni|didot|caslon|cambria|palatino|book antiqua|minion|merriweather|lora|playfair|crimson|libre baskerville|tinos|charter|roman|slab|pt serif|source serif|noto serif|ibm plex serif|dm serif|fraunces|spectral|literata|cormorant|gelasio)\b/i;
const DISPLAY =
  /\b(display|poster|headline|impact|bebas|anton|lobster|abril|oswald|bangers|righteous|alfa slab|black ops|fredoka|titan|luckiest|bungee|staatliches)\b/i;

/** Families that are not text faces (symbols, emoji, maths): never offered as a brand font. */
export const NOT_TEXT_FAMILY = /\b(math|emoji|symbol|symbols|dingbats|icons?|awesome|wingdings|webdings|opensymbol)\b/i;

/** The category of a family name; `spacing` (fontconfig: 90 dual, 100 mono, 110 charcell) marks monospace. */
export function fontCategory(family: string, spacing: number | null = null): FontCategory {
  if (spacing !== null && spacing >= 90) return "monospace";
  if (MONO.test(family)) return "monospace";
  if (HANDWRITING.test(family)) return "handwriting";
  // "Sans Serif" names a sans; "Serif" alone (DejaVu Serif, Noto Serif) a serif.
  if (/\bserif\b/i.test(family) && !/\bsans\b/i.test(family)) return "serif";
  if (SERIF_NAMES.test(family) && !/\bsans\b/i.test(family)) return "serif";
  if (DISPLAY.test(family) && !/\bsans\b/i.test(family)) return "display";
  return "sans-serif";
}

/** The category a CSS generic family names, or null when the name is not a generic. */
export function genericCategory(family: string): FontCategory | null {
  switch (family.trim().toLowerCase()) {
    case "serif":
    case "ui-serif":
      return "serif";
    case "monospace":
    case "ui-monospace":
      return "monospace";
    case "cursive":
      return "handwriting";
    case "fantasy":
      return "display";
    case "sans-serif":
    case "ui-sans-serif":
    case "system-ui":
    case "-apple-system":
    case "blinkmacsystemfont":
      return "sans-serif";
    default:
      return null;
  }
}
