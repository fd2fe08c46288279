import type { SceneKind } from "../campaign/document.js";
import { CALL_TO_ACTION_LAYOUT } from "./call-to-action/layout.js";
import { FAQ_LAYOUT } from "./faq/layout.js";
import { FEATURE_LAYOUT } from "./feature/layout.js";
import { HOOK_LAYOUT } from "./hook/layout.js";
import type { SceneLayout } from "./layout-types.js";
import { PRICING_LAYOUT } from "./pricing/layout.js";
import { PROBLEM_LAYOUT } from "./problem/layout.js";
import { PROOF_LAYOUT } from "./proof/layout.js";
import { QUOTE_LAYOUT } from "./quote/layout.js";
import { REVEAL_LAYOUT } from "./reveal/layout.js";
import { STEP_LAYOUT } from "./step/layout.js";

/** Each scene kind's layout (one folder per kind). */
export const SCENE_LAYOUTS: Record<SceneKind, SceneLayout> = {
  hook: HOOK_LAYOUT,
  problem: PROBLEM_LAYOUT,
  reveal: REVEAL_LAYOUT,
  feature: FEATURE_LAYOUT,
  step: STEP_LAYOUT,
  quote: QUOTE_LAYOUT,
  proof: PROOF_LAYOUT,
  pricing: PRICING_LAYOUT,
  faq: FAQ_LAYOUT,
  call_to_action: CALL_TO_ACTION_LAYOUT,
};
