import { Value } from "@sinclair/typebox/value";
import { TtsUnavailableError } from "../../../media/tts/engine.js";
import { getStored } from "../../../storage/storage.js";
import { PipelineFailure, type PipelineOutput, type PipelineRun } from "../../run.js";
import type { CampaignScene } from "../campaign/document.js";
import { CampaignDocumentSchema } from "../campaign/schema.js";
import type { SourceManifest } from "../source/manifest.js";
import { campaignDocument } from "./campaign-document.js";
import type { GenerationDeps } from "./deps.js";
import { estimateSpokenSeconds, fitScenes } from "./fit-scenes.js";
import { fitFootage } from "./footage.js";
import type { GenerationInput } from "./generation-input.js";
import { measureSpeech } from "./measure-speech.js";
import { missingCode, planGeneration } from "./plan-generation.js";
import { drawPreviews } from "./previews.js";
import { storeGeneration } from "./store-generation.js";

/**
 * marketing.generation: the story planned from the pinned source version (the same planner preflight
 * ran), the narration measured with the real voice and the scenes fitted to the length, the revision-1
 * document written, a preview still drawn per scene, all stored under generations/<id>/.
 */
export async function generateCampaign(
  run: PipelineRun<GenerationInput>,
  deps: GenerationDeps,
): Promise<PipelineOutput> {
  const { input } = run;
  await run.progress("reading the source", 5);
  const manifest = await readManifest(deps, input);
  const story = planGeneration(input, manifest);
  const missing = story.missing[0];
  if (missing) throw new PipelineFailure(missingCode(missing.field), missing.message);
  await run.checkpoint();

  await run.progress("measuring the narration", 20);
  const spoken = await spokenSeconds(deps, input, story.scenes);
  const fit = fitScenes(story.scenes, spoken, input.seconds, input.speed);
  if (fit.error) run.warn?.("the narration does not fit the length even trimmed", { ...fit.error, generation: run.id });
  const document = campaignDocument(input, story.coverText, fitFootage(fit.scenes, input.demo));
  const wrong = Value.Errors(CampaignDocumentSchema, document).First();
  // What clients read is the published schema: a document that breaks it is this code's fault, never stored.
  if (wrong) throw new PipelineFailure("internal_error", `The document breaks its schema at ${wrong.path}.`);
  await run.checkpoint();

  await run.progress("drawing the scenes", 50);
  const drawn = await drawPreviews(deps, input, manifest, document, run);
  const over = drawn.overflow[0];
  if (over)
    throw new PipelineFailure(
      "campaign_copy_overflow",
      `The ${over.field} of scene ${over.sceneId} does not fit its layout at the smallest size.`,
    );
  await run.progress("storing", 95);
  return storeGeneration(deps.storage, run.id, document, drawn.previews);
}

async function readManifest(deps: GenerationDeps, input: GenerationInput): Promise<SourceManifest> {
  const file = input.source.files.find((f) => f.type === "source");
  const bytes = file && (await getStored(deps.storage, file.key));
  if (!bytes) throw new PipelineFailure("source_unreadable", "The source version's files are gone.");
  return JSON.parse(bytes.toString("utf8")) as SourceManifest;
}

/**
 * Each scene's narration as the voice says it (speed 1): measured with the real engine when the video
 * speaks, else estimated from its words (the captions still follow the narration's pace).
 */
async function spokenSeconds(deps: GenerationDeps, input: GenerationInput, scenes: CampaignScene[]): Promise<number[]> {
  const speaks = input.audioMode === "voice_and_music" || input.audioMode === "voice_only";
  if (!speaks || !input.voice) return scenes.map((s) => estimateSpokenSeconds(s.narration));
  const engine = deps.tts.engineFor(input.voice.engine);
  if (!engine) throw new PipelineFailure("tts_unavailable", "The voice's engine is not installed.", true);
  try {
    return await measureSpeech(
      engine,
      input.voice,
      scenes.map((s) => s.narration),
      input.language,
    );
  } catch (err) {
    if (err instanceof TtsUnavailableError)
      throw new PipelineFailure("tts_unavailable", "The voice could not run.", true);
    throw err;
  }
}
