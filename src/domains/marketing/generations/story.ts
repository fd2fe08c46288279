import { missingCode, planGeneration } from "../../../pipelines/marketing/generate/plan-generation.js";
import type { StoryPlan } from "../../../pipelines/marketing/generate/story-types.js";
import type { Missing, ResolvedGeneration } from "./resolve.js";

/**
 * The story the generation would tell, planned synchronously from the manifest (the same planner the job
 * runs): its scenes, warnings and what it found missing, folded into the request's own missing list.
 */
export function planResolved(resolved: ResolvedGeneration): { story: StoryPlan; missing: Missing[] } {
  const story = planGeneration(resolved.input, resolved.manifest);
  const missing = [...resolved.missing];
  for (const m of story.missing) {
    if (missing.some((known) => known.field === m.field)) continue;
    missing.push({ ...m, code: missingCode(m.field) });
  }
  return { story, missing };
}
