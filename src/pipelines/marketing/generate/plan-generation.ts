import type { SourceManifest } from "../source/manifest.js";
import type { GenerationInput } from "./generation-input.js";
import { planStory } from "./plan-story.js";
import type { StoryPlan } from "./story-types.js";

/**
 * The code each missing field of a story means (missing.ts): footage a template requires is
 * `missing_required_footage`; too little to show or to open with is `campaign_visuals_insufficient`.
 */
export const missingCode = (field: string): "missing_required_footage" | "campaign_visuals_insufficient" =>
  field === "demo" ? "missing_required_footage" : "campaign_visuals_insufficient";

/** The story of a resolved generation: what preflight and creating plan, and the job plans again. */
export function planGeneration(input: GenerationInput, manifest: SourceManifest): StoryPlan {
  return planStory({
    manifest,
    template: { ...input.template, defaultSeconds: input.seconds },
    seconds: input.seconds,
    orientation: input.orientation,
    focus: input.focus,
    demo: input.demo,
    language: input.language,
    speed: input.speed,
  });
}
