import type { CampaignDocument, RevisionOperation } from "../../../pipelines/marketing/campaign/document.js";
import { narrationFit } from "../../../pipelines/marketing/campaign/narration-fit.js";
import { fitScenesEstimate } from "../../../pipelines/marketing/generate/fit-scenes.js";

/** The operations that lay the scenes out again over the length. */
const RELAYOUT = new Set<RevisionOperation["op"]>(["set_length", "hide_scene", "show_scene"]);

/**
 * After a new length or a scene hidden or shown, the proportional layout may leave a scene too short for
 * what it says (a 30 s video made 15 s). Then the scenes are laid out by what each says, as the generator
 * lays them out, and where the speech still does not fit the longest lines lose their last sentences —
 * what the user asked (a shorter video) cannot keep every word. The edit's changes say which scenes lost
 * narration. A speed change is never refitted: a speed that breaks the fit is refused instead.
 */
export function refitNarration(doc: CampaignDocument, operations: readonly RevisionOperation[]): void {
  if (!operations.some((op) => RELAYOUT.has(op.op))) return;
  const speaks = doc.sound.audioMode === "voice_and_music" || doc.sound.audioMode === "voice_only";
  if (!speaks) return;
  const { speed } = doc.sound;
  const fits = doc.story.scenes.every((s) => s.hidden || narrationFit(s.narration, s.seconds, speed).fits);
  if (fits) return;
  doc.story.scenes = fitScenesEstimate(doc.story.scenes, doc.export.seconds, speed).scenes;
}

/** Names of the scenes whose narration an edit shortened without being asked to write it. */
export function shortenedNarration(
  before: CampaignDocument,
  after: CampaignDocument,
  asked: readonly RevisionOperation[],
): string[] {
  const written = new Set(asked.flatMap((op) => (op.op === "set_narration" ? [op.sceneId] : [])));
  return after.story.scenes.flatMap((scene) => {
    const was = before.story.scenes.find((s) => s.id === scene.id);
    return was && !written.has(scene.id) && was.narration !== scene.narration ? [scene.id] : [];
  });
}
