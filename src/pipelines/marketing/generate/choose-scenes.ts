import type { SceneKind } from "../campaign/document.js";
import type { SourceManifest } from "../source/manifest.js";
import { chooseCta } from "./choose-cta.js";
import { chooseFeature, chooseStep } from "./choose-items.js";
import { chooseFaq, choosePricing } from "./choose-offer.js";
import { chooseHook, chooseProblem, chooseReveal } from "./choose-opening.js";
import { chooseProof } from "./choose-proof.js";
import { chooseQuote } from "./choose-quote.js";
import type { CopyPool } from "./copy-pool.js";
import { draftSupported, type SceneDraft } from "./scene-draft.js";
import type { StoryWarning } from "./story-types.js";

/**
 * Each template scene's copy, chosen kind by kind in an order that lets the scarcer material go where it
 * matters most: the hook takes the headline, the reveal the subhead, the problem a question, the call to
 * action its button (and the line that closes its section), then quotes, steps, features and figures.
 * A scene the source cannot fill is dropped with a warning (never filler); a reveal that will show
 * footage needs no copy of its own.
 */

const ORDER: readonly SceneKind[] = [
  "hook",
  "reveal",
  "problem",
  "call_to_action",
  "quote",
  "step",
  "feature",
  "proof",
  "pricing",
  "faq",
];

/** What a dropped scene lacked, for its warning. */
const LACKING: Record<SceneKind, string> = {
  hook: "headline",
  problem: "value proposition that states a problem",
  reveal: "value proposition that says what the product is",
  feature: "feature with a description",
  step: "step",
  quote: "testimonial with its author",
  proof: "figure (a number or percentage) in its claims",
  pricing: "plan with a price",
  faq: "question with an answer",
  call_to_action: "call to action",
};

export interface ChosenScenes {
  /** One per template scene: the draft, or null when the scene was dropped. */
  drafts: (SceneDraft | null)[];
  warnings: StoryWarning[];
}

export function chooseScenes(
  kinds: readonly SceneKind[],
  pool: CopyPool,
  manifest: SourceManifest,
  footageReveal: boolean,
): ChosenScenes {
  const drafts: (SceneDraft | null)[] = kinds.map(() => null);
  const warnings: StoryWarning[] = [];
  const brand = manifest.brand.name;
  let hookHeadline: string | null = null;
  for (const kind of ORDER) {
    kinds.forEach((k, i) => {
      if (k !== kind) return;
      let draft: SceneDraft | null = null;
      if (kind === "hook") {
        const hook = chooseHook(pool);
        if (hook && !hook.fromHeadline) {
          warnings.push({
            code: "hook_not_headline",
            message: "The source has no headline: another block opens the video.",
          });
        }
        draft = hook?.draft ?? null;
        hookHeadline = draft?.headline ?? null;
      } else if (kind === "reveal") {
        draft = chooseReveal(pool, brand, hookHeadline) ?? (footageReveal ? footageOnly(brand) : null);
      } else if (kind === "problem") {
        draft = chooseProblem(pool, i === 0 && !kinds.includes("hook"));
      } else if (kind === "call_to_action") {
        const cta = chooseCta(pool, manifest);
        if (!cta.own) {
          warnings.push({
            code: "cta_fallback",
            message: "The source has no call to action of its own: the brand's name and its start page stand in.",
          });
        }
        draft = cta.draft;
      } else draft = CHOOSERS[kind](pool, manifest);
      if (draft && !draftSupported(draft, pool)) draft = null;
      if (!draft) {
        warnings.push({
          code: "scene_dropped",
          message: `The ${kind.replace("_", " ")} scene was left out: the source has no ${LACKING[kind]} left for it.`,
        });
      }
      drafts[i] = draft;
    });
  }
  return { drafts, warnings };
}

const CHOOSERS: Record<"quote" | "step" | "feature" | "proof" | "pricing" | "faq", typeof chooseProof> = {
  quote: (pool) => chooseQuote(pool),
  step: (pool) => chooseStep(pool),
  feature: (pool) => chooseFeature(pool),
  proof: chooseProof,
  pricing: (pool) => choosePricing(pool),
  faq: (pool) => chooseFaq(pool),
};

/** A reveal made of footage alone: the brand's name over the product in use. */
function footageOnly(brand: string | null): SceneDraft {
  return {
    kind: "reveal",
    headline: brand,
    body: null,
    cta: null,
    quote: null,
    blocks: [],
    claimIds: [],
    speech: { title: null, sentences: [] },
    want: { page: null, sections: [] },
  };
}
