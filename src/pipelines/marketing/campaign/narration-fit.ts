import { SPOKEN_WORDS_PER_SECOND, spokenWordCount } from "../../../media/tts/spoken-form.js";
import { SCENE_BREATH_SECONDS } from "./limits.js";

/**
 * Whether a scene's narration, spoken at the document's speed, fits the scene's seconds. Speech is
 * estimated as every length estimate is (the walkthrough writer's too): the spoken form's word count at
 * the voices' pace, about 150 words a minute (2.5 words a second) at speed 1, times the speed. The
 * estimate may run up to NARRATION_FIT_TOLERANCE over the scene: festival and espeak-ng speak 140–160
 * words a minute (the quality report's accepted range), so a line estimated a few percent over often
 * is not, and the scene's cut can carry the last syllable. Preflight plans with this; a revision's check
 * uses it only when the voice cannot be heard (its engine not installed): otherwise the voice is
 * measured (measuredFit below).
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

/**
 * The seconds a scene needs to hold a line the voice says in `spokenSeconds` at speed 1: its speech at the
 * speed (the export stretches each line to exactly that) plus a breath, so one scene's speech never runs
 * into the next's. A line that says nothing needs nothing. The generator lays scenes out by this
 * (fit-scenes.ts), and a revision's measured narration is held to it.
 */
export const secondsToSay = (spokenSeconds: number, speed: number): number =>
  spokenSeconds > 0 ? spokenSeconds / speed + SCENE_BREATH_SECONDS : 0;

export interface MeasuredFit {
  fits: boolean;
  /** The line at the speed, as the voice says it (two decimals). */
  spokenSeconds: number;
  /** What the scene needs to hold it, breath included (two decimals). */
  neededSeconds: number;
  /** The line's spoken words, and the most the scene holds at the voice's own pace for this line. */
  words: number;
  wordsThatFit: number;
}

/** Whether a line measured with the real voice (`spokenSeconds` at speed 1) fits the scene's seconds at the speed. */
export function measuredFit(narration: string, spokenSeconds: number, seconds: number, speed: number): MeasuredFit {
  const needed = secondsToSay(spokenSeconds, speed);
  const words = spokenWordCount(narration);
  const perWord = spokenSeconds > 0 && words > 0 ? spokenSeconds / speed / words : 0;
  const room = Math.max(0, seconds - SCENE_BREATH_SECONDS);
  return {
    fits: needed <= seconds + 1e-9,
    spokenSeconds: round2(spokenSeconds / speed),
    neededSeconds: round2(needed),
    words,
    wordsThatFit: perWord > 0 ? Math.floor(room / perWord + 1e-9) : words,
  };
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
