import type { CampaignScene } from "./document.js";
import { MIN_SCENE_SECONDS } from "./limits.js";

/**
 * The visible scenes' seconds add up to the video's length. When the length changes, or a scene is
 * hidden or shown, the visible scenes are rescaled to the total keeping their proportions (a hidden
 * scene keeps its seconds, so showing it again gives it back its share), none under MIN_SCENE_SECONDS:
 * scenes the proportion would push below it are held at it and the rest share what is left. Seconds are
 * whole tenths whose sum is exactly the total (largest remainders take the spare tenths, earlier scenes
 * first on a tie). The generator and the revision operations both lay scenes out with this.
 *
 * Null when the visible scenes cannot each get MIN_SCENE_SECONDS within the total.
 */
export function fitSceneSeconds(scenes: readonly CampaignScene[], totalSeconds: number): CampaignScene[] | null {
  const visible = scenes.flatMap((s, i) => (s.hidden ? [] : [i]));
  const total = Math.round(totalSeconds * 10);
  const least = Math.round(MIN_SCENE_SECONDS * 10);
  if (visible.length * least > total) return null;
  if (visible.length === 0) return scenes.map((s) => ({ ...s }));
  const tenths = shares(
    visible.map((i) => (scenes[i] as CampaignScene).seconds),
    total,
    least,
  );
  const out = scenes.map((s) => ({ ...s }));
  visible.forEach((i, k) => {
    (out[i] as CampaignScene).seconds = (tenths[k] as number) / 10;
  });
  return out;
}

/** `total` whole units split in proportion to `weights`, each at least `least`. */
function shares(weights: readonly number[], total: number, least: number): number[] {
  const held = new Set<number>();
  let exact: number[] = [];
  for (;;) {
    const free = total - least * held.size;
    const weight = weights.reduce((sum, w, i) => (held.has(i) ? sum : sum + w), 0);
    exact = weights.map((w, i) =>
      held.has(i) ? least : weight > 0 ? (free * w) / weight : free / (weights.length - held.size),
    );
    const under = exact.flatMap((x, i) => (!held.has(i) && x < least ? [i] : []));
    if (under.length === 0) break;
    for (const i of under) held.add(i);
  }
  const whole = exact.map((x) => Math.floor(x + 1e-9));
  let spare = total - whole.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - (whole[i] as number) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (spare <= 0) break;
    whole[i] = (whole[i] as number) + 1;
    spare -= 1;
  }
  return whole;
}
