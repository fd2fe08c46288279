import type { Static } from "@sinclair/typebox";
import { type FitBeat, keepBeats, plannedSeconds } from "../../pipelines/walkthrough/beat-fit.js";
import type { LengthFitSchema } from "./schemas.js";

export type LengthFit = Static<typeof LengthFitSchema>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Which beats a length can hold (the spec's lengthFit). `seconds` is the length every decision is made
 * from (the fixed length, or the Auto ceiling). Beats are kept in plan order while their summed worth
 * fits; when they do not all fit, taught extras are dropped first (last taught first), then the
 * walkthrough is cut from its end. The first beat is always kept (a video of nothing helps no one).
 */
export function fitBeats<B extends FitBeat>(
  beats: readonly B[],
  length: { targetSeconds: number | null; maxSeconds: number | null; seconds: number },
): { kept: B[]; fit: LengthFit } {
  const kept = keepBeats(beats, length.seconds);

  // The budget: how many steps of this plan, in order, the length holds.
  let budget = 0;
  let sum = 0;
  for (const b of beats) {
    if (sum + b.estimatedSeconds > length.seconds) break;
    sum += b.estimatedSeconds;
    budget++;
  }
  const dropped = beats.length - kept.length;
  const note =
    dropped === 0
      ? null
      : `${dropped === 1 ? "1 step was" : `${dropped} steps were`} left out to fit ${length.seconds} seconds; ${kept.length} of ${beats.length} are shown.`;
  return {
    kept,
    fit: {
      adjusted: dropped > 0,
      beatBudget: budget,
      beatsDropped: dropped,
      beatsKept: kept.length,
      beatsPlanned: beats.length,
      cappedFromSeconds: null,
      maxSeconds: length.targetSeconds === null ? length.maxSeconds : null,
      note,
      plannedSeconds: round1(plannedSeconds(kept)),
      seconds: length.seconds,
      targetSeconds: length.targetSeconds,
    },
  };
}
