import type { Static } from "@sinclair/typebox";
import { type FitBeat, keepBeats, plannedSeconds, reachableSeconds } from "../../pipelines/walkthrough/beat-fit.js";
import type { LengthFitSchema } from "./schemas.js";

export type LengthFit = Static<typeof LengthFitSchema>;

const round1 = (n: number) => Math.round(n * 10) / 10;
const steps = (n: number) => (n === 1 ? "1 step" : `${n} steps`);

/**
 * Which beats a length can hold (the spec's lengthFit). `seconds` is the length every decision is made
 * from (the fixed length, or the Auto ceiling). Beats are kept in plan order while their summed worth
 * fits; when they do not all fit, taught extras are dropped first (last taught first), then the
 * walkthrough is cut from its end. The first beat is always kept (a video of nothing helps no one).
 *
 * A fixed length the kept beats cannot fill (their worth, lead-ins and quiet holds at their caps) is
 * not padded with silence: the video comes out shorter, so the fit is adjusted and the note says how
 * long the video will be and that only its real length is charged.
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
  const reachable = Math.round(reachableSeconds(kept));
  const short = length.targetSeconds !== null && reachable < length.targetSeconds;

  const sentences: string[] = [];
  if (dropped > 0)
    sentences.push(
      `${dropped === 1 ? "1 step was" : `${steps(dropped)} were`} left out to fit ${length.seconds} seconds; ${kept.length} of ${beats.length} are shown.`,
    );
  if (short) {
    const offered =
      dropped > 0
        ? `The ${steps(kept.length)} shown ${kept.length === 1 ? "holds" : "hold"} about ${reachable} seconds`
        : `The site offered about ${reachable} seconds of content`;
    sentences.push(
      `${offered}, so the video will be about ${reachable} seconds long instead of ${length.targetSeconds}; only its real length is charged.`,
    );
  }
  return {
    kept,
    fit: {
      adjusted: dropped > 0 || short,
      beatBudget: budget,
      beatsDropped: dropped,
      beatsKept: kept.length,
      beatsPlanned: beats.length,
      cappedFromSeconds: null,
      maxSeconds: length.targetSeconds === null ? length.maxSeconds : null,
      note: sentences.length === 0 ? null : sentences.join(" "),
      plannedSeconds: round1(plannedSeconds(kept)),
      seconds: length.seconds,
      targetSeconds: length.targetSeconds,
    },
  };
}
