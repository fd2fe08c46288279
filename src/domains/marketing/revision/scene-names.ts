import type { CampaignDocument, CampaignScene, SceneKind } from "../../../pipelines/marketing/campaign/document.js";

/**
 * How a scene is named to a person (an edit's `changes`, its suggestions): by its kind, as an editor lists
 * scenes, numbered when the kind repeats.
 */
const LABELS: Record<SceneKind, string> = {
  hook: "Hook",
  problem: "Problem",
  reveal: "Reveal",
  feature: "Feature",
  step: "Step",
  quote: "Quote",
  proof: "Proof",
  pricing: "Pricing",
  faq: "FAQ",
  call_to_action: "Call to action",
};

/** The name a user sees for a scene: its kind, numbered when the kind repeats ("Feature 2"). */
export function sceneName(doc: CampaignDocument, scene: CampaignScene): string {
  const same = doc.story.scenes.filter((s) => s.kind === scene.kind);
  const label = LABELS[scene.kind];
  return same.length > 1 ? `${label} ${same.indexOf(scene) + 1}` : label;
}
