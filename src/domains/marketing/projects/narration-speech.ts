import type { CampaignDocument } from "../../../pipelines/marketing/campaign/document.js";
import type { DomainServices } from "../../services.js";
import { primaryLanguage, voiceOf } from "../generations/voice.js";
import { VOICED } from "../revision/checks/text.js";
import { ESTIMATED_SPEECH, type NarrationSpeech } from "../revision/checks/timing.js";
import type { PinnedSource } from "../revision/context.js";

/**
 * The visible scenes' narration as the document's voice says it at speed 1, in the language the export
 * reads it in (the pinned source's), measured by the SpeechFit the composition root built. Hidden scenes
 * are not said and not measured. When nothing is said (no voice in the audio mode) or the voice's engine
 * is not installed, the narration is left to the word estimate.
 */
export async function narrationSpeech(
  deps: Pick<DomainServices, "speechFit" | "catalog">,
  document: CampaignDocument,
  source: Pick<PinnedSource, "language">,
): Promise<NarrationSpeech> {
  const voice = VOICED.includes(document.sound.audioMode) ? voiceOf(deps.catalog, document.sound.voiceId) : null;
  if (!voice) return ESTIMATED_SPEECH;
  const lines = document.story.scenes.map((s) => (s.hidden ? "" : s.narration));
  const seconds = await deps.speechFit.spokenSeconds(voice, primaryLanguage(source.language), lines);
  return seconds ? { measured: true, seconds } : ESTIMATED_SPEECH;
}
