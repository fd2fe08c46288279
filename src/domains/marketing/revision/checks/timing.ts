import { musicEnding } from "../../../../media/music/tempo.js";
import type { CampaignDocument } from "../../../../pipelines/marketing/campaign/document.js";
import { measuredFit, narrationFit } from "../../../../pipelines/marketing/campaign/narration-fit.js";
import { refuse, scenePath } from "../refusal.js";
import { VOICED } from "./text.js";

const WITH_MUSIC = ["voice_and_music", "music_only"];

/**
 * How long each scene's narration takes to say at speed 1: measured with the document's real voice
 * (`seconds[i]` is scene i's, SpeechFit), or, when the voice cannot be heard (its engine not installed),
 * not measured and estimated from its words.
 */
export type NarrationSpeech = { measured: false } | { measured: true; seconds: readonly number[] };

export const ESTIMATED_SPEECH: NarrationSpeech = { measured: false };

/**
 * What the speed does to the timing, checked last because length, speed, narration and mood all feed
 * it. With a voice, each visible scene's narration spoken at the speed, plus a breath, fits its seconds
 * (narration-fit.ts: measuredFit on the voice's measure, narrationFit's word estimate without one):
 * `campaign_speed_breaks_narration_fit` at the narration's path, `measured` saying which. With music, the
 * bed at the mood's tempo times the speed ends on a whole bar at the length (media/music/tempo.ts):
 * `campaign_speed_breaks_music_ending`.
 */
export function checkTiming(doc: CampaignDocument, speech: NarrationSpeech): void {
  const { speed, audioMode, music } = doc.sound;
  if (VOICED.includes(audioMode)) {
    doc.story.scenes.forEach((scene, i) => {
      if (scene.hidden) return;
      const { fits, ...fit } = speech.measured
        ? measuredFit(scene.narration, speech.seconds[i] ?? 0, scene.seconds, speed)
        : narrationFit(scene.narration, scene.seconds, speed);
      if (!fits) {
        refuse(
          "campaign_speed_breaks_narration_fit",
          scenePath(i, "narration"),
          "is too long for the scene at this speed",
          { sceneId: scene.id, speed, seconds: scene.seconds, ...fit, measured: speech.measured },
        );
      }
    });
  }
  if (WITH_MUSIC.includes(audioMode) && !musicEnding(music.mood, doc.export.seconds, speed)) {
    refuse(
      "campaign_speed_breaks_music_ending",
      "/sound/speed",
      "the music cannot end on a whole bar at this speed and length",
      {
        speed,
        seconds: doc.export.seconds,
        mood: music.mood,
      },
    );
  }
}
