import { findClaims } from "../scan/copy/claims.js";
import type { CopyPool, PoolBlock } from "./copy-pool.js";
import {
  bodyOf,
  headingOf,
  headlineAndBody,
  headlineOf,
  ranked,
  type SceneDraft,
  speechOf,
  wordCount,
} from "./scene-draft.js";

/**
 * The opening of a story: the hook from the site's headline, the reveal (what the product is) and the
 * problem from its value propositions. Which value proposition is which is read from the words: the
 * reveal names the brand and stands right under the start page's headline (the subhead); the problem
 * asks a question or speaks of a pain ("without", "stop chasing", "spreadsheets"). A label ("Our
 * mission"), a contact line or an offer made of claims ("Free for 14 days. No credit card required.")
 * is neither.
 */

const PAIN =
  /\b(?:without|stop|never|no more|tired|chas\w*|slow\w*|manual\w*|spreadsheets?|waste\w*|lost|miss\w*|hard|struggl\w*|problem\w*|pain\w*|instead|half|cut|forget\w*|drop\w*|late|stuck|stall\w*)\b/iu;
const CONTACT = /@|\bhttps?:|\bget in touch\b|\bcontact us\b|\bcall us\b/iu;

/** Copy that is not a statement about the product: a label, a contact line, or an offer of claims only. */
function notAStatement(b: PoolBlock): boolean {
  const text = `${b.title ?? ""} ${b.text}`.trim();
  if (CONTACT.test(text) || wordCount(text) < 3) return true;
  const claimed = findClaims(b.text).reduce((n, c) => n + c.text.length, 0);
  return b.text.length > 0 && claimed / b.text.length > 0.4;
}

const mentions = (text: string, name: string | null): boolean =>
  name !== null &&
  new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "iu").test(text);

/** The hook: the start page's headline (another page's when it alone meets the focus), else a fallback. */
export function chooseHook(pool: CopyPool): { draft: SceneDraft; fromHeadline: boolean } | null {
  const headlines = pool.free("headline").filter((b) => headlineOf(b.text));
  const start = headlines.filter((b) => b.page === 0 || b.page === null);
  const pick = ranked(headlines, (b) => (start.includes(b) ? 1 : 0))[0];
  if (pick) return { draft: hookDraft(pool.take(pick)), fromHeadline: true };
  const fallback = pool.free("value_proposition", "step").filter((b) => !notAStatement(b) && headlineOf(b.text));
  const other = ranked(fallback, (b) => (b.kind === "value_proposition" ? 1 : 0))[0];
  return other ? { draft: hookDraft(pool.take(other)), fromHeadline: false } : null;
}

function hookDraft(b: PoolBlock): SceneDraft {
  return {
    kind: "hook",
    headline: headlineOf(b.text),
    body: null,
    cta: null,
    quote: null,
    blocks: [b],
    claimIds: [],
    speech: { title: null, sentences: [headlineOf(b.text) ?? b.text] },
    want: { page: b.page, sections: [] },
  };
}

/** The reveal: the value proposition that says what the product is. */
export function chooseReveal(pool: CopyPool, brand: string | null, hookHeadline: string | null): SceneDraft | null {
  const anchor = pool.blocks.find((b) => b.kind === "headline" && (b.page === 0 || b.page === null));
  const score = (b: PoolBlock) =>
    (mentions(b.text, brand) ? 3 : 0) +
    (b.page === 0 ? 2 : 0) +
    (anchor && b.page === anchor.page && Math.abs(b.order - anchor.order) <= 1 ? 2 : 0) +
    (wordCount(b.text) >= 8 ? 1 : 0);
  const pick = ranked(
    pool.free("value_proposition").filter((b) => !notAStatement(b) && b.text !== ""),
    score,
  )[0];
  if (!pick) return null;
  pool.take(pick);
  // A reveal shows the product's name over what it does, unless the block has a heading of its own.
  const named = brand !== null && brand !== hookHeadline && !headingOf(pick);
  const { headline, body } = named ? { headline: brand, body: bodyOf(pick.text) } : headlineAndBody(pick, null);
  return {
    kind: "reveal",
    headline,
    body,
    cta: null,
    quote: null,
    blocks: [pick],
    claimIds: [],
    speech: speechOf(pick),
    want: { page: pick.page, sections: [], images: ["hero", "feature"] },
  };
}

/**
 * The problem: a value proposition that asks a question or names a pain (a description is not a problem,
 * and the scene is dropped rather than filled with one); with no hook scene, the headline may open.
 */
export function chooseProblem(pool: CopyPool, opening: boolean): SceneDraft | null {
  const asks = (b: PoolBlock) => {
    const text = `${b.title ?? ""} ${b.text}`;
    return (text.includes("?") ? 3 : 0) + (PAIN.test(text) ? 2 : 0);
  };
  const score = (b: PoolBlock) => asks(b) + (b.page === 0 ? 1 : 0);
  // An about page's story or a pricing page's question is not the product's problem.
  const elsewhere = (b: PoolBlock) => b.role === "pricing" || b.role === "about" || b.role === "faq";
  const candidates = pool.free("value_proposition").filter((b) => !notAStatement(b) && !elsewhere(b) && asks(b) > 0);
  const pick = ranked(candidates, score)[0];
  if (!pick) {
    // Opening the video, the problem takes what a hook would: the headline, else the first statement.
    const hook = opening ? chooseHook(pool) : null;
    return hook ? { ...hook.draft, kind: "problem", speech: { ...hook.draft.speech, opening: true } } : null;
  }
  pool.take(pick);
  const { headline, body } = headlineAndBody(pick, null);
  return {
    kind: "problem",
    headline,
    body,
    cta: null,
    quote: null,
    blocks: [pick],
    claimIds: [],
    speech: speechOf(pick),
    want: { page: pick.page, sections: [], images: ["hero", "image"] },
  };
}
