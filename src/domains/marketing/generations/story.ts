import type { ErrorCode } from "../../../contract/error-codes.js";
import { planStory } from "../../../pipelines/marketing/generate/plan-story.js";
import type { StoryPlan } from "../../../pipelines/marketing/generate/story-types.js";
import type { Missing, ResolvedGeneration } from "./resolve.js";

/** The code creating a generation answers for what the story planner found missing, by its field. */
const STORY_CODES: Record<string, ErrorCode> = { demo: "missing_required_footage" };

/**
 * The story the generation would tell, planned synchronously from the manifest (the same planner the job
 * runs): its scenes, warnings and what it found missing, folded into the request's own missing list.
 */
export function planResolved(resolved: ResolvedGeneration): { story: StoryPlan; missing: Missing[] } {
  const { input, manifest } = resolved;
  const story = planStory({
    manifest,
    template: { ...input.template, defaultSeconds: input.seconds },
    seconds: input.seconds,
    orientation: input.orientation,
    focus: input.focus,
    demo: input.demo,
    language: input.language,
    speed: input.speed,
  });
  const missing = [...resolved.missing];
  for (const m of story.missing) {
    if (missing.some((known) => known.field === m.field)) continue;
    missing.push({ ...m, code: STORY_CODES[m.field] ?? "campaign_visuals_insufficient" });
  }
  return { story, missing };
}
