import { SPOKEN_WORDS_PER_SECOND, spokenWordCount } from "../../../media/tts/spoken-form.js";

/**
 * Whether a scene's narration, spoken at the document's speed, fits the scene's seconds. Speech is
 * estimated as every length estimate is (the walkthrough writer's too): the spoken form's word count at
 * the voices' pace, about 150 words a minute (2.5 words a second) at speed 1, times the speed. The
 * estimate may run up to NARRATION_FIT_TOLERANCE over the scene: festival and espeak-ng speak 140–160
 * words a minute (the quality report's accepted range), so a line estimated a few percent over often
 * is not, and the scene's cut can carry the last syllable. The generator writes narration to this and the
 * revision checks refuse what breaks it (`campaign_speed_breaks_narration_fit`).
 */
export const NARRATION_FIT_TOLERANCE = 0.05;

export interface NarrationFit {
  fits: boolean;
  /** Spoken words in the narration. */
  words: number;
  /** Estimated speech at the speed, in seconds (two decimals). */
  spokenSeconds: number;
  /** The most words the scene holds at the speed, tolerance included. */
  wordsThatFit: number;
}

export function narrationFit(narration: string, seconds: number, speed: number): NarrationFit {
  const words = spokenWordCount(narration);
  const rate = SPOKEN_WORDS_PER_SECOND * speed;
  const wordsThatFit = Math.floor(seconds * rate * (1 + NARRATION_FIT_TOLERANCE) + 1e-9);
  return { fits: words <= wordsThatFit, words, spokenSeconds: Math.round((words / rate) * 100) / 100, wordsThatFit };
}
