import type { PipelineRun } from "../../run.js";
import type { CampaignDocument } from "../campaign/document.js";
import { sceneSpecs } from "../layout/scene-specs.js";
import { sourceImages } from "../layout/source-images.js";
import { drawScenePreview, openScenePage } from "../scenes/draw.js";
import { resolveSceneFonts } from "../scenes/fonts.js";
import type { SourceManifest } from "../source/manifest.js";
import type { GenerationDeps } from "./deps.js";
import type { GenerationInput } from "./generation-input.js";
import type { ScenePreviewFile } from "./store-generation.js";

/**
 * One preview still per visible scene, drawn on one page of the process's Chromium with the document's
 * fonts and the source version's images. The story was shortened to the caps every layout holds; a
 * field that still overflows (a long word) fails the generation rather than making a revision 1 that
 * every later edit would be refused on.
 */
export async function drawPreviews(
  deps: GenerationDeps,
  input: GenerationInput,
  manifest: SourceManifest,
  document: CampaignDocument,
  run: Pick<PipelineRun<unknown>, "checkpoint" | "signal">,
): Promise<{ previews: ScenePreviewFile[]; overflow: { sceneId: string; field: string }[] }> {
  const fonts = await resolveSceneFonts(deps.fonts, document.style.fonts);
  const images = sourceImages(manifest, input.source.files, (key) => deps.storage.get(key));
  const posterKey = input.demo?.posterKey ?? null;
  const specs = await sceneSpecs(document, fonts, images.read, async () =>
    posterKey ? images.file(posterKey, "image/jpeg") : images.poster(),
  );
  const session = await openScenePage(deps.browser, run.signal);
  try {
    const previews: ScenePreviewFile[] = [];
    const overflow: { sceneId: string; field: string }[] = [];
    for (const spec of specs) {
      await run.checkpoint();
      const drawn = await drawScenePreview(session.page, spec, { signal: run.signal });
      previews.push({ sceneId: spec.scene.id, png: drawn.png });
      overflow.push(...drawn.overflow.map((o) => ({ sceneId: o.sceneId, field: o.field })));
    }
    return { previews, overflow };
  } finally {
    await session.close();
  }
}
