import type { ManifestClaim, SourceManifest } from "../source/manifest.js";
import type { CopyPool, PoolBlock } from "./copy-pool.js";
import { headlineOf, ranked, type SceneDraft, wordCount } from "./scene-draft.js";
import { sentencesOf } from "./sentences.js";

/**
 * The proof scene: a figure the site states, from its claims index (numbers and percentages), shown as
 * the sentence of its block that states it, with the block's own heading (a customer's name on a case
 * study) under it. A short stat line ("98% checklist completion rate") is preferred to a figure inside a
 * longer paragraph; a year ("2022 because …") is a date, not proof; a customer's figure in a testimonial
 * belongs to the quote.
 */

const FIGURE_KINDS = new Set<ManifestClaim["kind"]>(["number", "percentage"]);
const YEAR = /^(?:19|20)\d\d\b/u;
const PROOF_BLOCKS = new Set<PoolBlock["kind"]>(["feature", "value_proposition", "step", "headline"]);

export function chooseProof(pool: CopyPool, manifest: SourceManifest): SceneDraft | null {
  const figures = manifest.claims.filter((c) => FIGURE_KINDS.has(c.kind) && !YEAR.test(c.text));
  const candidates: { block: PoolBlock; claim: ManifestClaim; sentence: string }[] = [];
  for (const block of pool.free(...PROOF_BLOCKS)) {
    const claim = figures.find((c) => c.copyId === block.id && sayingOf(block, c) !== null);
    if (claim) candidates.push({ block, claim, sentence: sayingOf(block, claim) as string });
  }
  const byBlock = new Map(candidates.map((c) => [c.block, c]));
  const pick = ranked(
    candidates.map((c) => c.block),
    (b) => {
      const c = byBlock.get(b);
      if (!c) return 0;
      return (
        (c.claim.kind === "percentage" ? 2 : 1) + (!b.title && wordCount(b.text) <= 10 ? 2 : 0) + (b.page === 0 ? 1 : 0)
      );
    },
  )[0];
  const chosen = pick ? byBlock.get(pick) : undefined;
  if (!chosen) return null;
  pool.take(chosen.block);
  const cut = headlineOf(chosen.sentence);
  const headline = cut && contains(cut, chosen.claim.text) ? cut : headlineOf(chosen.claim.text);
  const stated = figures.filter((c) => headline && contains(headline, c.text)).map((c) => c.id);
  return {
    kind: "proof",
    headline,
    body: chosen.block.title && chosen.block.title !== headline ? headlineOf(chosen.block.title) : null,
    cta: null,
    quote: null,
    blocks: [chosen.block],
    claimIds: stated.length ? stated : [chosen.claim.id],
    speech: { title: chosen.block.title, sentences: [chosen.sentence] },
    want: { page: chosen.block.page, sections: sectionsOf(chosen.block), images: [] },
  };
}

const contains = (text: string, phrase: string) => text.toLowerCase().includes(phrase.toLowerCase());

/** The block's sentence (or heading) that states the claim, null when its checked text lost it. */
function sayingOf(block: PoolBlock, claim: ManifestClaim): string | null {
  const sentence = sentencesOf(block.text).find((s) => contains(s, claim.text));
  if (sentence) return sentence;
  return block.title && contains(block.title, claim.text) ? block.title : null;
}

function sectionsOf(block: PoolBlock): ("features" | "steps" | "about")[] {
  if (block.kind === "feature") return ["features"];
  if (block.kind === "step") return ["steps"];
  return block.role === "about" ? ["about"] : [];
}
