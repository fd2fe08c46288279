import { CLOSING_HOLD_SECONDS, LEAD_IN_SECONDS, MAX_QUIET_HOLD_SECONDS } from "../../media/compose/timeline.js";

/** What the fit needs of a beat: its planned worth in seconds, and whether the user taught it as an extra. */
export interface FitBeat {
  id: string;
  estimatedSeconds: number;
  /** Steps a user added to the plan; the first to go when the length is short. (The offline planner adds none.) */
  taught?: boolean;
}

export const plannedSeconds = (beats: readonly FitBeat[]): number => beats.reduce((s, b) => s + b.estimatedSeconds, 0);

/**
 * The longest video `beats` can make without dead air: their planned worth, the first lead-in, every
 * quiet stretch between two beats (a hold and the next lead-in) at the compositor's cap, and the
 * closing hold. A fixed length longer than this cannot be filled: the render comes out shorter
 * (media/compose/timeline.ts).
 */
export const reachableSeconds = (beats: readonly FitBeat[]): number =>
  beats.length === 0
    ? 0
    : plannedSeconds(beats) + LEAD_IN_SECONDS + (beats.length - 1) * MAX_QUIET_HOLD_SECONDS + CLOSING_HOLD_SECONDS;

/**
 * The beats `seconds` can hold, in plan order: while their summed worth is too long, taught extras are
 * dropped first (last taught first), then the walkthrough is cut from its end. The first beat is always
 * kept (a video of nothing helps no one). Used when a render is asked for and again when a URL render
 * plans its site.
 */
export function keepBeats<B extends FitBeat>(beats: readonly B[], seconds: number): B[] {
  let kept = [...beats];
  while (kept.length > 1 && plannedSeconds(kept) > seconds) {
    const taught = kept.findLastIndex((b) => b.taught === true);
    if (taught <= 0) break;
    kept.splice(taught, 1);
  }
  while (kept.length > 1 && plannedSeconds(kept) > seconds) kept = kept.slice(0, -1);
  return kept;
}
