import { musicEnding } from "../../../../media/music/tempo.js";
import type { CampaignDocument } from "../../../../pipelines/marketing/campaign/document.js";
import { narrationFit } from "../../../../pipelines/marketing/campaign/narration-fit.js";
import { refuse, scenePath } from "../refusal.js";
import { VOICED } from "./text.js";

const WITH_MUSIC = ["voice_and_music", "music_only"];

/**
 * What the speed does to the timing, checked last because length, speed, narration and mood all feed
 * it. With a voice, each visible scene's narration spoken at the speed fits its seconds (narration-fit.ts):
 * `campaign_speed_breaks_narration_fit` at the narration's path. With music, the bed at the mood's tempo
 * times the speed ends on a whole bar at the length (media/music/tempo.ts): `campaign_speed_breaks_music_ending`.
 */
export function checkTiming(doc: CampaignDocument): void {
  const { speed, audioMode, music } = doc.sound;
  if (VOICED.includes(audioMode)) {
    doc.story.scenes.forEach((scene, i) => {
      if (scene.hidden) return;
      const fit = narrationFit(scene.narration, scene.seconds, speed);
      if (!fit.fits) {
        refuse(
          "campaign_speed_breaks_narration_fit",
          scenePath(i, "narration"),
          "is too long for the scene at this speed",
          {
            sceneId: scene.id,
            speed,
            seconds: scene.seconds,
            spokenSeconds: fit.spokenSeconds,
            words: fit.words,
            wordsThatFit: fit.wordsThatFit,
          },
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
