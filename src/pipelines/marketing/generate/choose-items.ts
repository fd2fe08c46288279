import type { SceneKind } from "../campaign/document.js";
import { findClaims } from "../scan/copy/claims.js";
import type { CopyPool, PoolBlock } from "./copy-pool.js";
import { bodyOf, headlineOf, ranked, type SceneDraft, speechOf, wordCount } from "./scene-draft.js";
import { sentencesOf } from "./sentences.js";

/**
 * Feature and step scenes: a block with its own heading and a text that says something (three words at
 * least: a portfolio tile's "Illustration" or a team card's "Lead Designer" is not a feature), or a text
 * of four words or more. A feature that is mostly a figure ("40% faster onboarding on average") is left
 * for the proof scene while real features remain. Steps are taken in the site's order from the page with
 * steps (a focus changes which steps lead only on a render source, whose steps are its narration).
 */

const says = (b: PoolBlock) => (b.title ? wordCount(b.text) >= 3 : wordCount(b.text) >= 4);
const isFigure = (b: PoolBlock) =>
  !b.title && findClaims(b.text).some((c) => c.kind === "number" || c.kind === "percentage");

export function chooseFeature(pool: CopyPool): SceneDraft | null {
  const candidates = pool.free("feature").filter(says);
  const pick = ranked(candidates, (b) => (isFigure(b) ? 0 : 2) + (b.page === 0 ? 1 : 0) + (b.title ? 1 : 0))[0];
  return pick ? itemDraft("feature", pool.take(pick)) : null;
}

export function chooseStep(pool: CopyPool): SceneDraft | null {
  const steps = pool.free("step").filter(says);
  const first = steps[0];
  if (!first) return null;
  // The page the site's steps are on (a render source's are on no page), in document order.
  const samePage = steps.filter((b) => b.page === first.page);
  const pick = first.page === null ? ranked(samePage, () => 0)[0] : samePage[0];
  return pick ? itemDraft("step", pool.take(pick)) : null;
}

function itemDraft(kind: SceneKind, b: PoolBlock): SceneDraft {
  const sentences = sentencesOf(b.text);
  const headline = headlineOf(b.title ?? b.text);
  const body = b.title ? bodyOf(b.text) : sentences.length > 1 ? bodyOf(sentences.slice(1).join(" ")) : null;
  return {
    kind,
    headline,
    body,
    cta: null,
    quote: null,
    blocks: [b],
    claimIds: [],
    speech: speechOf(b),
    want: {
      page: b.page,
      sections: kind === "step" ? ["steps", "features"] : ["features"],
      images: ["feature"],
      ...(b.page === null ? { still: b.order } : {}),
    },
  };
}
