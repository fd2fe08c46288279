import type { CampaignScene } from "../campaign/document.js";
import { MIN_SCENE_SECONDS, SCENE_BREATH_SECONDS } from "../campaign/limits.js";
import { estimateSpokenSeconds } from "./fit-scenes.js";
import type { StoryWarning } from "./story-types.js";

/**
 * A thin plan still fills the length asked for, but a shorter offered length may suit it better: when
 * scenes were dropped, or the scenes would each stand on screen longer than COMFORTABLE_SCENE_SECONDS,
 * the shortest offered duration that still holds the estimated speech (each scene its speech and a
 * breath, at least MIN_SCENE_SECONDS) is proposed, if it is shorter than the one chosen.
 */

/** Longer than this a scene with nothing more to say starts to drag. */
const COMFORTABLE_SCENE_SECONDS = 12;

export function durationAdvice(
  scenes: readonly CampaignScene[],
  durations: readonly number[],
  seconds: number,
  speed: number,
  dropped: number,
): StoryWarning | null {
  const visible = scenes.filter((s) => !s.hidden);
  if (visible.length === 0) return null;
  const needed = visible.reduce(
    (sum, s) => sum + Math.max(MIN_SCENE_SECONDS, estimateSpokenSeconds(s.narration) / speed + SCENE_BREATH_SECONDS),
    0,
  );
  const dragging = seconds / visible.length > COMFORTABLE_SCENE_SECONDS;
  if (dropped === 0 && !dragging) return null;
  const suggested = [...durations].sort((a, b) => a - b).find((d) => d >= needed);
  if (suggested === undefined || suggested >= seconds) return null;
  const why =
    dropped > 0
      ? `only ${visible.length} of the template's scenes could be filled from this source`
      : `its ${visible.length} scenes say about ${Math.round(needed)} s`;
  return {
    code: "shorter_duration_suggested",
    message: `The story fills ${seconds} s, but ${why}: ${suggested} s would suit it better.`,
  };
}
