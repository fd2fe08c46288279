import type { CampaignDocument, SceneVisual } from "../../../../pipelines/marketing/campaign/document.js";
import type { AssetType } from "../../../../pipelines/marketing/source/manifest.js";
import type { PinnedSource } from "../context.js";
import { refuse, scenePath } from "../refusal.js";

/** What each kind of visual may show: a render source's stills and poster are its screenshots. */
const SHOWS: Record<Exclude<SceneVisual["type"], "footage" | "plate">, readonly AssetType[]> = {
  screenshot: ["screenshot", "still", "poster"],
  image: ["image"],
  logo: ["logo", "image"],
};

/** The logo's width over its height that the layouts' logo boxes hold, from a tall mark to a long wordmark. */
export const LOGO_ASPECT = { min: 0.25, max: 8 } as const;

const retained = (source: PinnedSource, id: string, types: readonly AssetType[]) =>
  source.assets.find((a) => a.id === id && a.retained && types.includes(a.type));

/**
 * What the document shows from the source is the pinned version's: every visual a retained asset of a
 * type it can show, and a shown logo a retained logo or image of that version (`invalid_revision` with the
 * path otherwise) whose aspect ratio the layouts hold (`campaign_logo_aspect_unsupported`; an asset with
 * no known ratio cannot be laid out either). A hidden logo is not drawn, so it is not read.
 */
export function checkSourceReferences(doc: CampaignDocument, source: PinnedSource): void {
  doc.story.scenes.forEach((scene, i) => {
    const v = scene.visual;
    if (v.type === "footage" || v.type === "plate") return;
    if (!retained(source, v.assetId, SHOWS[v.type])) {
      refuse(
        "invalid_revision",
        scenePath(i, "visual", "assetId"),
        `is not a retained ${SHOWS[v.type].join(" or ")} of the source version`,
        {
          assetId: v.assetId,
        },
      );
    }
  });
  const logo = doc.style.logo;
  if (logo.hidden) return;
  if (logo.sourceId !== source.id) {
    refuse("invalid_revision", "/style/logo/sourceId", "is not the project's source", {
      sourceId: logo.sourceId,
      projectSourceId: source.id,
    });
  }
  if (logo.assetId === null) {
    refuse("invalid_revision", "/style/logo/hidden", "the source has no logo to show", { assetId: null });
  }
  const asset = retained(source, logo.assetId as string, SHOWS.logo);
  if (!asset) {
    refuse("invalid_revision", "/style/logo/assetId", "is not a retained logo or image of the source version", {
      assetId: logo.assetId,
    });
  }
  const ratio = asset.aspectRatio;
  if (ratio === null || ratio < LOGO_ASPECT.min || ratio > LOGO_ASPECT.max) {
    refuse("campaign_logo_aspect_unsupported", "/style/logo/assetId", "the layouts cannot hold this logo's shape", {
      assetId: logo.assetId,
      aspectRatio: ratio,
      ...LOGO_ASPECT,
    });
  }
}
