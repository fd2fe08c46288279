import { type FontCategory, fontCategory, genericCategory, NOT_TEXT_FAMILY } from "./category.js";
import { type FontFace, listFontFaces } from "./fc-list.js";

/**
 * The fonts the compositor can draw offline: the installed families (fontconfig) that have an upright
 * regular face, read once at start and passed through Deps. Brand kits may only name these ids, and the
 * scanner maps a site's web fonts onto them (`nearest`).
 */

export type { FontCategory } from "./category.js";

export interface CatalogFont {
  /** The family in kebab case, e.g. "liberation-sans". */
  id: string;
  family: string;
  category: FontCategory;
  /** CSS weights of the family's upright faces, ascending. */
  weights: number[];
  /** True for exactly one font: the default sans-serif. */
  isDefault: boolean;
}

export interface FontCatalogue {
  fonts: CatalogFont[];
  byId(id: string): CatalogFont | undefined;
  /** The installed font closest to a family (any spelling) of a category; always answers. */
  nearest(family: string, category: FontCategory): CatalogFont;
}

export class FontCatalogueError extends Error {
  override readonly name = "FontCatalogueError";
}

/** The default sans, first one installed wins (Liberation Sans has Arial's metrics, the web's commonest shape). */
const DEFAULT_SANS = ["liberation-sans", "dejavu-sans", "noto-sans", "open-sans", "roboto"];

/** Per category, the preferred installed stand-ins (first installed wins), before any other of the category. */
const PREFERRED: Record<FontCategory, string[]> = {
  "sans-serif": DEFAULT_SANS,
  serif: ["liberation-serif", "dejavu-serif", "noto-serif"],
  monospace: ["liberation-mono", "dejavu-sans-mono", "noto-sans-mono"],
  display: [],
  handwriting: [],
};

/** Well-known families and the metric-compatible or look-alike font commonly installed in their place. */
const LOOK_ALIKES: Record<string, string[]> = {
  arial: ["liberation-sans", "arimo"],
  helvetica: ["liberation-sans", "arimo"],
  "helvetica-neue": ["liberation-sans", "arimo"],
  arimo: ["liberation-sans"],
  verdana: ["dejavu-sans"],
  tahoma: ["dejavu-sans"],
  "bitstream-vera-sans": ["dejavu-sans"],
  "times-new-roman": ["liberation-serif", "tinos"],
  times: ["liberation-serif", "tinos"],
  tinos: ["liberation-serif"],
  "courier-new": ["liberation-mono", "cousine"],
  courier: ["liberation-mono", "cousine"],
  cousine: ["liberation-mono"],
  "bitstream-vera-sans-mono": ["dejavu-sans-mono"],
  "bitstream-vera-serif": ["dejavu-serif"],
};

/** A family name as an id: lowercase ASCII words joined by "-" ("DejaVu Sans Mono" → "dejavu-sans-mono"). */
export function fontId(family: string): string {
  return family
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

/** Builds the catalogue from faces; throws FontCatalogueError when no family qualifies. */
export function buildFontCatalogue(faces: readonly FontFace[]): FontCatalogue {
  const byFamily = new Map<string, { family: string; faces: FontFace[] }>();
  for (const face of faces) {
    if (!face.upright || NOT_TEXT_FAMILY.test(face.family)) continue;
    const id = fontId(face.family);
    if (!id) continue;
    const entry = byFamily.get(id) ?? { family: face.family, faces: [] };
    entry.faces.push(face);
    byFamily.set(id, entry);
  }

  const fonts: CatalogFont[] = [];
  for (const [id, { family, faces: upright }] of byFamily) {
    // Normal-width faces speak for the family; a family only made of narrow faces (Liberation Sans
    // Narrow) is its own family and keeps them.
    const normal = upright.filter((f) => f.width === 100);
    const used = normal.length > 0 ? normal : upright;
    const weights = new Set<number>();
    for (const f of used) for (let w = f.weight.min; w <= f.weight.max; w += 100) weights.add(w);
    if (!weights.has(400)) continue; // no regular style: not a text family we can set body copy in
    const spacing = used.find((f) => f.spacing !== null)?.spacing ?? null;
    fonts.push({
      id,
      family,
      category: fontCategory(family, spacing),
      weights: [...weights].sort((a, b) => a - b),
      isDefault: false,
    });
  }
  if (fonts.length === 0) {
    throw new FontCatalogueError(
      "No installed font family has a regular upright face (fontconfig lists none): install fonts-liberation " +
        "and fonts-dejavu-core (npm run setup) so the compositor can draw text.",
    );
  }
  fonts.sort((a, b) => a.id.localeCompare(b.id));

  const index = new Map(fonts.map((f) => [f.id, f]));
  const firstOf = (ids: readonly string[]): CatalogFont | undefined =>
    ids.map((id) => index.get(id)).find((f) => f !== undefined);
  const defaultSans =
    firstOf(DEFAULT_SANS) ?? fonts.find((f) => f.category === "sans-serif") ?? (fonts[0] as CatalogFont);
  defaultSans.isDefault = true;

  const inCategory = (category: FontCategory): CatalogFont | undefined =>
    firstOf(PREFERRED[category]) ?? fonts.find((f) => f.category === category);

  return {
    fonts,
    byId: (id) => index.get(id),
    nearest(family, category) {
      const id = fontId(family);
      const generic = genericCategory(family);
      if (generic) return inCategory(generic) ?? defaultSans;
      return (
        index.get(id) ??
        firstOf(LOOK_ALIKES[id] ?? []) ??
        inCategory(category) ??
        // A display face is most often a heavy sans; handwriting has no offline stand-in either.
        defaultSans
      );
    },
  };
}

/** Reads the installed fonts once (fc-list). Throws FontCatalogueError when fontconfig cannot be run or lists no usable family. */
export async function loadFontCatalogue(options: { fcList?: string } = {}): Promise<FontCatalogue> {
  let faces: FontFace[];
  try {
    faces = await listFontFaces(options.fcList);
  } catch (cause) {
    throw new FontCatalogueError(
      `Could not list the installed fonts with fontconfig (${options.fcList ?? "fc-list"}): install fontconfig ` +
        "and fonts (npm run setup).",
      { cause },
    );
  }
  return buildFontCatalogue(faces);
}
