import type { CampaignScene } from "./document.js";
import { MIN_SCENE_SECONDS } from "./limits.js";

/**
 * The visible scenes' seconds add up to the video's length. When the length changes, or a scene is
 * hidden or shown, every scene is scaled by one factor so the visible ones fill the length: proportions
 * are kept, hidden scenes included, so hiding a scene and showing it again gives every scene its share
 * back. No scene goes under MIN_SCENE_SECONDS: visible scenes the factor would push below it are held at
 * it and the others share what is left (their factor is then the one hidden scenes take). Seconds are
 * whole hundredths, the visible ones summing exactly to the length (the largest remainders take the spare
 * hundredths, earlier scenes first on a tie). The generator and the revision operations both lay scenes
 * out with this.
 *
 * Null when the visible scenes cannot each get MIN_SCENE_SECONDS within the length.
 */
export function fitSceneSeconds(scenes: readonly CampaignScene[], totalSeconds: number): CampaignScene[] | null {
  const total = Math.round(totalSeconds * 100);
  const least = Math.round(MIN_SCENE_SECONDS * 100);
  const visible = scenes.filter((s) => !s.hidden);
  if (visible.length * least > total) return null;
  if (visible.length === 0) return scenes.map((s) => ({ ...s }));
  const { units, factor } = shares(
    visible.map((s) => s.seconds * 100),
    total,
    least,
  );
  let next = 0;
  return scenes.map((s) => {
    const hundredths = s.hidden
      ? Math.min(total, Math.max(least, Math.round(s.seconds * 100 * factor)))
      : (units[next++] as number);
    return { ...s, seconds: hundredths / 100 };
  });
}

/**
 * `total` whole units split in proportion to `weights`, each at least `least`; `factor` is what the
 * weights not held at `least` were multiplied by.
 */
function shares(weights: readonly number[], total: number, least: number): { units: number[]; factor: number } {
  const held = new Set<number>();
  let exact: number[] = [];
  let factor = 1;
  for (;;) {
    const free = total - least * held.size;
    const weight = weights.reduce((sum, w, i) => (held.has(i) ? sum : sum + w), 0);
    factor = free / weight;
    exact = weights.map((w, i) => (held.has(i) ? least : w * factor));
    const under = exact.flatMap((x, i) => (!held.has(i) && x < least ? [i] : []));
    if (under.length === 0) break;
    for (const i of under) held.add(i);
  }
  const units = exact.map((x) => Math.floor(x + 1e-9));
  let spare = total - units.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - (units[i] as number) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (spare <= 0) break;
    units[i] = (units[i] as number) + 1;
    spare -= 1;
  }
  return { units, factor };
}
