import type { CampaignDocument, CampaignScene } from "../campaign/document.js";
import type { SceneFonts } from "../scenes/fonts.js";
import type { SceneImage, SceneSpec } from "../scenes/types.js";

/** What the scenes show of the source version: an image by asset id (null when there is none to show). */
export type ImageReader = (assetId: string) => Promise<SceneImage | null>;

/** Footage is drawn in its box from its poster; an unknown poster is taken as a 16:9 frame. */
export type PosterReader = (scene: CampaignScene) => Promise<SceneImage | null>;

/**
 * Each visible scene of a document as the layouts draw it: its place among the visible ones (the
 * progress marks, a step's number), the cover text on the first, the visual and the logo. The preview
 * stills read the images' bytes; the copy-fit measure only their shape.
 */
export async function sceneSpecs(
  document: CampaignDocument,
  fonts: SceneFonts,
  readImage: ImageReader,
  readPoster: PosterReader,
): Promise<SceneSpec[]> {
  const visible = document.story.scenes.filter((s) => !s.hidden);
  const { logo } = document.style;
  const logoImage = !logo.hidden && logo.assetId ? await readImage(logo.assetId) : null;
  const seen = new Map<string, number>();
  const specs: SceneSpec[] = [];
  for (const [index, scene] of visible.entries()) {
    const ofKind = (seen.get(scene.kind) ?? 0) + 1;
    seen.set(scene.kind, ofKind);
    const v = scene.visual;
    const visual =
      v.type === "screenshot" || v.type === "image"
        ? await readImage(v.assetId)
        : v.type === "logo"
          ? logoImage
          : v.type === "footage"
            ? await readPoster(scene)
            : null;
    specs.push({
      scene,
      style: document.style,
      orientation: document.export.orientation,
      coverText: index === 0 ? document.story.coverText : null,
      position: { index, total: visible.length, ofKind },
      assets: { visual, logo: logoImage },
      fonts,
    });
  }
  return specs;
}
