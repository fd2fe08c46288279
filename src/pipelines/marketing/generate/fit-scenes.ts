import { SPOKEN_WORDS_PER_SECOND, spokenWordCount } from "../../../media/tts/spoken-form.js";
import type { CampaignScene } from "../campaign/document.js";
import { MIN_SCENE_SECONDS } from "../campaign/limits.js";
import { secondsToSay } from "../campaign/narration-fit.js";
import { sentencesOf } from "./sentences.js";

/**
 * Scene lengths from the narration's spoken length: every visible scene holds its speech at the voice's
 * speed plus a breath, and at least MIN_SCENE_SECONDS; the visible scenes add up to the video's length
 * exactly (in tenths of a second), the time left over shared in proportion to what each needs. When the
 * speech does not fit, the longest line loses its last sentence, again and again, while any line has more
 * than one; what still does not fit is an error the caller refuses or warns with. Hidden scenes keep their
 * seconds and count for nothing.
 */

export interface SceneFit {
  scenes: CampaignScene[];
  /** Ids of scenes whose narration lost sentences so the speech fits. */
  trimmed: string[];
  /** The speech does not fit even trimmed: the seconds it needs against the length (scenes are then cut short). */
  error: { neededSeconds: number; totalSeconds: number } | null;
}

/** Seconds a line takes at speed 1, estimated from its spoken words (preflight; before the voice is measured). */
export const estimateSpokenSeconds = (narration: string): number =>
  spokenWordCount(narration) / SPOKEN_WORDS_PER_SECOND;

/** fitScenes on estimated speech (spokenWordCount at 2.5 words a second × speed). */
export const fitScenesEstimate = (scenes: readonly CampaignScene[], totalSeconds: number, speed: number): SceneFit =>
  fitScenes(
    scenes,
    scenes.map((s) => estimateSpokenSeconds(s.narration)),
    totalSeconds,
    speed,
  );

/**
 * `spokenSeconds[i]` is scene i's narration as the voice says it at speed 1 (measured, or estimated);
 * at `speed` it takes spokenSeconds / speed.
 */
export function fitScenes(
  scenes: readonly CampaignScene[],
  spokenSeconds: readonly number[],
  totalSeconds: number,
  speed: number,
): SceneFit {
  const out = scenes.map((s) => ({ ...s }));
  const spoken = scenes.map((s, i) => (s.hidden ? 0 : Math.max(0, spokenSeconds[i] ?? 0)));
  const visible = out.flatMap((s, i) => (s.hidden ? [] : [i]));
  const tenths = (i: number) =>
    Math.ceil(Math.max(MIN_SCENE_SECONDS, secondsToSay(spoken[i] as number, speed)) * 10 - 1e-6);
  const total = Math.round(totalSeconds * 10);
  const need = () => visible.reduce((sum, i) => sum + tenths(i), 0);
  const trimmed = new Set<string>();

  while (need() > total) {
    const longest = visible
      .filter((i) => sentencesOf((out[i] as CampaignScene).narration).length > 1)
      .sort((a, b) => (spoken[b] as number) - (spoken[a] as number))[0];
    if (longest === undefined) break;
    const scene = out[longest] as CampaignScene;
    const before = spokenWordCount(scene.narration);
    scene.narration = balanced(sentencesOf(scene.narration).slice(0, -1).join(" "));
    spoken[longest] = ((spoken[longest] as number) * spokenWordCount(scene.narration)) / Math.max(1, before);
    trimmed.add(scene.id);
  }

  const needs = visible.map(tenths);
  const needed = needs.reduce((a, b) => a + b, 0);
  const shares = share(needs, total);
  visible.forEach((i, k) => {
    (out[i] as CampaignScene).seconds = (shares[k] as number) / 10;
  });
  return {
    scenes: out,
    trimmed: [...trimmed],
    error: needed > total ? { neededSeconds: needed / 10, totalSeconds } : null,
  };
}

/**
 * `total` tenths shared out: each scene its need plus the rest in proportion to its need (largest
 * remainders first), or, when the needs exceed the total, the total in proportion to the needs.
 */
function share(needs: readonly number[], total: number): number[] {
  const sum = needs.reduce((a, b) => a + b, 0);
  if (needs.length === 0 || sum === 0) return needs.map(() => 0);
  const extra = total - sum;
  const exact = needs.map((n) => (extra >= 0 ? n + (extra * n) / sum : (total * n) / sum));
  const floors = exact.map(Math.floor);
  let left = total - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] as number) + 1;
    left--;
  }
  return floors;
}

/** A quote cut between its sentences is closed again. */
function balanced(text: string): string {
  const open = (text.match(/“/gu) ?? []).length;
  const close = (text.match(/”/gu) ?? []).length;
  return open > close ? `${text}”` : text;
}
