import { formatPrice } from "../scan/copy/price.js";
import type { CopyPool, PoolBlock } from "./copy-pool.js";
import { bodyOf, headlineOf, ranked, type SceneDraft, speechOf } from "./scene-draft.js";

/**
 * Pricing and FAQ scenes (scene kinds the document allows; no catalogue template lists them yet, but a
 * template that does must not get filler): a plan's name and price with its first items, and a question
 * with its answer, each as the site writes them.
 */

export function choosePricing(pool: CopyPool): SceneDraft | null {
  const plans = pool.free("pricing").filter((b) => b.block.kind === "pricing" && b.block.price !== null);
  const pick = ranked(plans, (b) => (b.title ? 1 : 0))[0];
  if (pick?.block.kind !== "pricing" || pick.block.price === null) return null;
  const price = formatPrice(pick.block.price, pick.block.currency, pick.block.period);
  const items = pick.block.items.filter((i) => pool.supported(i));
  const title = pick.title ?? price;
  pool.take(pick);
  return {
    kind: "pricing",
    headline: headlineOf(pick.title ? `${pick.title}: ${price}` : price),
    body: bodyOf(items.length ? `${items.join(". ")}.` : null),
    cta: null,
    quote: null,
    blocks: [pick],
    claimIds: [],
    speech: { title, sentences: [`${price}.`, ...items.map((i) => `${i}.`)] },
    want: { page: pick.page, sections: ["pricing"], images: [] },
  };
}

export function chooseFaq(pool: CopyPool): SceneDraft | null {
  const pick = ranked(
    pool.free("faq").filter((b: PoolBlock) => b.title && b.text),
    (b) => (b.page === 0 ? 1 : 0),
  )[0];
  if (!pick) return null;
  pool.take(pick);
  return {
    kind: "faq",
    headline: headlineOf(pick.title),
    body: bodyOf(pick.text),
    cta: null,
    quote: null,
    blocks: [pick],
    claimIds: [],
    speech: speechOf(pick),
    want: { page: pick.page, sections: ["faq"], images: [] },
  };
}
