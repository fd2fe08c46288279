// Where a generation's time goes: the job's own pieces (src/pipelines/marketing/generate/), called one
// after another on a generation's stored input and document, each timed from here. Nothing in the
// pipeline is changed or wrapped: this is a separate pass after the scored rounds. A still's time is
// split by shooting the drawn frame a second time with the same options: that second shot is the PNG
// capture and encode alone, the rest of the first call is the page script (markup, fonts, image decode,
// the fit) and its CDP round trips.
import type { CampaignDocument } from "../../src/pipelines/marketing/campaign/document.js";
import type { GenerationInput } from "../../src/pipelines/marketing/generate/generation-input.js";
import { measureSpeech } from "../../src/pipelines/marketing/generate/measure-speech.js";
import { sceneSpecs } from "../../src/pipelines/marketing/layout/scene-specs.js";
import { sourceImages } from "../../src/pipelines/marketing/layout/source-images.js";
import { drawScenePreview, openScenePage } from "../../src/pipelines/marketing/scenes/draw.js";
import { resolveSceneFonts } from "../../src/pipelines/marketing/scenes/fonts.js";
import { SCENE_FRAMES } from "../../src/pipelines/marketing/scenes/frame.js";
import type { SourceManifest } from "../../src/pipelines/marketing/source/manifest.js";
import type { Harness } from "../../src/testutil/harness.js";
import { BenchError } from "./load.js";

export interface StillTime {
  kind: string;
  /** The page script and its round trips: drawScenePreview minus the PNG. */
  drawMs: number;
  /** Chromium's capture and PNG encode of the 1080p frame (Playwright's page.screenshot). */
  pngMs: number;
  pngBytes: number;
}

export interface GenerationProfile {
  /** Festival saying every scene's narration once (measureSpeech, one text2wave run). */
  ttsMs: number;
  spokenSeconds: number;
  /** Fonts resolved, source images read from storage, the scene specs built. */
  specsMs: number;
  openPageMs: number;
  stills: StillTime[];
  closeMs: number;
}

/** The generation's job input and its revision-1 document, as the job stored them. */
export async function storedGeneration(
  h: Harness,
  id: string,
): Promise<{ input: GenerationInput; document: CampaignDocument; manifest: SourceManifest }> {
  const row = await h.deps.db.kysely
    .selectFrom("jobs")
    .select(["input", "result"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const input = JSON.parse(row.input) as GenerationInput;
  const artifacts = JSON.parse(row.result ?? "{}").artifacts as { type: string; key: string }[];
  const campaign = artifacts.find((a) => a.type === "campaign");
  const manifestFile = input.source.files.find((f) => f.type === "source");
  if (!campaign || !manifestFile) throw new BenchError(`generation ${id} has no campaign or no source manifest`);
  const read = async <T>(key: string) => JSON.parse((await h.deps.storage.get(key)).toString("utf8")) as T;
  return {
    input,
    document: await read<CampaignDocument>(campaign.key),
    manifest: await read<SourceManifest>(manifestFile.key),
  };
}

export async function profileGeneration(h: Harness, generationId: string): Promise<GenerationProfile> {
  const { input, document, manifest } = await storedGeneration(h, generationId);
  const voice = input.voice;
  const engine = voice && h.deps.tts.engineFor(voice.engine);
  if (!voice || !engine) throw new BenchError("the generation has no voice: nothing to time festival on");
  let t0 = performance.now();
  const spoken = await measureSpeech(
    engine,
    voice,
    document.story.scenes.map((s) => s.narration),
    input.language,
  );
  const ttsMs = performance.now() - t0;

  t0 = performance.now();
  const fonts = await resolveSceneFonts(h.deps.fonts, document.style.fonts);
  const images = sourceImages(manifest, input.source.files, (key) => h.deps.storage.get(key));
  const specs = await sceneSpecs(document, fonts, images.read, () => images.poster());
  const specsMs = performance.now() - t0;

  t0 = performance.now();
  const session = await openScenePage(h.deps.walkthrough.browser);
  const openPageMs = performance.now() - t0;
  const stills: StillTime[] = [];
  try {
    for (const spec of specs) {
      const frame = SCENE_FRAMES[spec.orientation];
      t0 = performance.now();
      await drawScenePreview(session.page, spec);
      const wholeMs = performance.now() - t0;
      t0 = performance.now();
      // The options drawScenePreview shoots with (scenes/draw.ts).
      const png = await session.page.screenshot({
        type: "png",
        clip: { x: 0, y: 0, width: frame.width, height: frame.height },
        animations: "disabled",
        caret: "hide",
        scale: "css",
      });
      const pngMs = performance.now() - t0;
      stills.push({ kind: spec.scene.kind, drawMs: Math.max(0, wholeMs - pngMs), pngMs, pngBytes: png.length });
    }
  } finally {
    t0 = performance.now();
    await session.close();
  }
  const closeMs = performance.now() - t0;
  return {
    ttsMs,
    spokenSeconds: spoken.reduce((a, b) => a + b, 0),
    specsMs,
    openPageMs,
    stills,
    closeMs,
  };
}
