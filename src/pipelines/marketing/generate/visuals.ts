import type { SceneVisual } from "../campaign/document.js";
import type { SectionKind } from "../scan/brand/shot-layout-types.js";
import type { ManifestAsset, SourceManifest } from "../source/manifest.js";

/**
 * A scene's picture, from the version's own assets (the scan names screenshots by what they show: `hero`,
 * `section:<kind>`, `full-page`; images by where they were found: `hero`, `feature`, `image`, `og:image`;
 * a render source has a `poster` and one `still` per beat). In order: the screenshot of the section the
 * scene's block stands in (features for a feature, testimonials for a quote …) on the block's page, then
 * that section on any page, the pictures found beside it (feature images), the page's first screen, the
 * start page's, the hero or og:image picture, the tall page, then any picture at all, else the palette
 * (`plate`). A picture another scene already shows is passed over while an unused one is on the list, so
 * consecutive scenes do not show the same frame when the source has more.
 */

export interface VisualWant {
  /** The page of the scene's block (null: none, or a render source's narration). */
  page: number | null;
  /** Sections that show the block's kind of copy, best first. */
  sections: readonly SectionKind[];
  /** Image `from` values found beside such copy ("feature"). */
  images?: readonly string[];
  /** A render source's step: the still of the same beat (its index among the stills). */
  still?: number;
  /** The brand's logo first (a call to action). */
  logo?: boolean;
}

/** Pictures a scene may show: retained screenshots, images, stills and posters (a logo alone is not one). */
const PICTURE_TYPES = new Set<ManifestAsset["type"]>(["screenshot", "image", "still", "poster"]);

export const hasPictures = (manifest: SourceManifest): boolean =>
  manifest.assets.some((a) => a.retained && PICTURE_TYPES.has(a.type));

export class VisualPicker {
  private readonly assets: readonly ManifestAsset[];
  private readonly logoId: string | null;
  private readonly shown = new Set<string>();

  constructor(manifest: SourceManifest) {
    this.assets = manifest.assets.filter((a) => a.retained);
    const logo = manifest.brand.logo;
    this.logoId = logo && this.assets.some((a) => a.id === logo && a.type === "logo") ? logo : null;
  }

  pick(want: VisualWant): SceneVisual {
    const list = this.candidates(want);
    const chosen = list.find((a) => !this.shown.has(a.id)) ?? list[0];
    if (!chosen) return { type: "plate" };
    this.shown.add(chosen.id);
    return {
      type: chosen.type === "screenshot" ? "screenshot" : chosen.type === "logo" ? "logo" : "image",
      assetId: chosen.id,
    };
  }

  private candidates(want: VisualWant): ManifestAsset[] {
    const shots = this.assets.filter((a) => a.type === "screenshot");
    const images = this.assets.filter((a) => a.type === "image");
    const onPage = (a: ManifestAsset) => want.page !== null && a.page === want.page;
    const stills = this.assets.filter((a) => a.type === "still");
    const out: ManifestAsset[] = [];
    if (want.logo && this.logoId) out.push(...this.assets.filter((a) => a.id === this.logoId));
    if (want.still !== undefined && stills[want.still]) out.push(stills[want.still] as ManifestAsset);
    for (const section of want.sections) out.push(...shots.filter((a) => onPage(a) && a.from === `section:${section}`));
    for (const section of want.sections) out.push(...shots.filter((a) => a.from === `section:${section}`));
    for (const from of want.images ?? []) out.push(...images.filter((a) => onPage(a) && a.from === from));
    out.push(...shots.filter((a) => onPage(a) && a.from === "hero"));
    out.push(...shots.filter((a) => a.page === 0 && a.from === "hero"));
    out.push(...images.filter((a) => a.from === "hero" || a.from === "og:image"));
    out.push(...shots.filter((a) => a.from === "full-page"));
    out.push(...this.assets.filter((a) => PICTURE_TYPES.has(a.type)));
    return [...new Set(out)];
  }
}
