import { plannedSeconds, reachableSeconds } from "./beat-fit.js";
import type { BeatDraft } from "./beats.js";
import { beatsFor, fillPlan } from "./content-beats.js";
import { planWithIntents, type SteeredPlan } from "./intent-plan.js";
import type { Intent } from "./intents.js";
import { LEAD_SECONDS, writeNarration } from "./narration-writer.js";
import { phrasesFor } from "./phrases.js";
import { AUTO_BEATS, buildPlan, type ExploredPage, finishBeats, MAX_BEATS, MIN_BEATS, type PageScan } from "./plan.js";
import type { SiteMap } from "./site-map.js";

/**
 * The planner, one chain of steps from what was explored to the beats a replay performs:
 *   1. offers: the start page, the navigation's pages, the call to action (plan.ts buildPlan);
 *   2. the hint: each intent in the asked order as beats — a page, a section, a tab, a search, a form
 *      field, one item's dialog — and a warning for each it cannot meet (intent-plan.ts);
 *   3. the length: content of the pages shown (charts, tables, tabs, blocks, an item's dialog) fills the
 *      plan to the beat count its length asks for (content-beats.ts); while the lines written for it
 *      could not fill a fixed length without dead air (beat-fit.ts reachableSeconds), more beats are
 *      offered, up to MAX_BEATS.
 * English plans are filled to the length; other languages keep the default plan's templates.
 */

export interface PlannerInput {
  map: SiteMap;
  intents: Intent[];
  /** The hint as written: the default plan orders its offers by its words when it has no intents. */
  hint: string | null;
  start: PageScan;
  pages: ExploredPage[];
  cta: { name: string; role: "link" | "button"; scan: PageScan | null } | null;
  language: string | null;
  english: boolean;
  site: string;
  targetSeconds: number | null;
  maxSeconds: number | null;
}

/** How many beats a length asks for (English), or the default plan's count. */
export const beatCountOf = (input: Pick<PlannerInput, "english" | "targetSeconds" | "maxSeconds">): number =>
  input.english ? beatsFor(input.targetSeconds, input.maxSeconds, MIN_BEATS, MAX_BEATS, AUTO_BEATS) : AUTO_BEATS;

export function planDrafts(input: PlannerInput): SteeredPlan {
  const offers = buildPlan(
    input.start,
    input.pages,
    input.cta,
    input.intents.length === 0 ? input.hint : null,
    input.language,
    input.english && input.targetSeconds ? MAX_BEATS : AUTO_BEATS,
  );
  const [first, ...filler] = offers as [BeatDraft, ...BeatDraft[]];
  const steered = planWithIntents(
    input.map,
    input.intents,
    first,
    filler,
    phrasesFor(input.language),
    input.english ? MAX_BEATS : AUTO_BEATS,
  );
  if (!input.english) return steered;
  return fillToLength(steered, input);
}

/**
 * The steered plan filled to its beat count; with a fixed length, grown a beat at a time while the lines
 * the writer would give it cannot fill the length (a site whose pages say little needs more beats).
 */
function fillToLength(steered: SteeredPlan, input: PlannerInput): SteeredPlan {
  let count = beatCountOf(input);
  let filled = fillPlan(steered, input.map, count);
  const target = input.targetSeconds;
  if (!target) return filled;
  const opts = { site: input.site, targetSeconds: target, maxSeconds: input.maxSeconds };
  // The longest video the plan's lines make without dead air (beat-fit.ts): short of the length, the
  // render would come out shorter than asked. A beat more is taken only while the lines, each with its
  // lead-in and tail, still fit the length (every line is worth 3 s at least: more beats can overrun).
  const lengthOf = (plan: SteeredPlan) => {
    const beats = finishBeats(writeNarration(plan.drafts, input.map, opts));
    return { reach: reachableSeconds(beats), spoken: plannedSeconds(beats) + beats.length * LEAD_SECONDS };
  };
  // Each plan's lines are written once (writing lints every sentence against the lines before it).
  let length = lengthOf(filled);
  while (count < MAX_BEATS && length.reach < target) {
    const more = fillPlan(steered, input.map, ++count);
    if (more.drafts.length <= filled.drafts.length) break;
    const moreLength = lengthOf(more);
    if (moreLength.spoken > target) break;
    filled = more;
    length = moreLength;
  }
  // Lines that must be said (each beat's first sentence) overrunning the length: fewer extra beats, never
  // the start or the hint's own.
  while (count > MIN_BEATS && length.spoken > target) {
    const fewer = fillPlan(steered, input.map, --count);
    if (fewer.drafts.length >= filled.drafts.length) break;
    filled = fewer;
    length = lengthOf(fewer);
  }
  return filled;
}
