import { ctaHost } from "../campaign/cta-host.js";
import { TEXT_CAPS } from "../campaign/limits.js";
import type { SourceManifest } from "../source/manifest.js";
import type { CopyPool, PoolBlock } from "./copy-pool.js";
import { headlineAndBody, ranked, type SceneDraft, speechOf } from "./scene-draft.js";
import { shortenCopy } from "./shorten.js";

/**
 * The call to action: the site's own button text and link. The best of its calls to action is one with
 * a link that asks the visitor to act ("Start your free trial", "Get started") rather than a form's
 * submit ("Send Message") or the visitor's own words ("Tell Me More"); among equals, one that closes a
 * section (a value proposition stands right before it: "Ready to cut onboarding time in half?"), whose
 * words then head the scene. With no call to action, the brand's name and the start page stand in, and
 * the caller warns.
 */

/** Words a call to action that asks for the visitor's commitment starts with. */
const COMMITTING =
  /^(?:start|get|try|sign|book|download|join|request|create|build|buy|shop|order|subscribe|register|schedule|claim|upgrade|install|apply|grab|begin|launch|reserve)\b/iu;
/** Any call to action that tells the visitor what to do, the ones that only look further included. */
export const ACTION_VERBS =
  /^(?:start|get|try|sign|book|download|join|request|see|talk|contact|learn|explore|discover|create|build|buy|shop|order|subscribe|register|schedule|watch|read|find|claim|upgrade|install|open|go|view|apply|chat|call|meet|grab|begin|launch|reserve|compare|browse)\b/iu;
const FIRST_PERSON = /\b(?:me|my|i)\b/iu;

export function chooseCta(pool: CopyPool, manifest: SourceManifest): { draft: SceneDraft; own: boolean } {
  const score = (b: PoolBlock) =>
    (b.href ? 2 : 0) +
    (COMMITTING.test(b.text) ? 2 : ACTION_VERBS.test(b.text) ? 1 : 0) +
    (FIRST_PERSON.test(b.text) ? 0 : 1) +
    (b.page === 0 ? 1 : 0) +
    // A page's first block is its navigation bar's button; the hero's or a closing section's says more.
    (b.order > 0 ? 0.5 : 0) +
    (closingOf(pool, b) ? 0.5 : 0);
  const usable = pool.free("call_to_action").filter((b) => shortenCopy(b.text, TEXT_CAPS.ctaText, ctaCut));
  const pick = ranked(usable, score)[0];
  if (!pick) return { draft: fallback(manifest), own: false };
  pool.take(pick);
  const closing = closingOf(pool, pick);
  if (closing) pool.take(closing);
  const url = pick.href ?? manifest.finalUrl;
  const host = ctaHost(url);
  const heads = closing ? headlineAndBody(closing, manifest.brand.name) : { headline: manifest.brand.name, body: null };
  return {
    own: true,
    draft: {
      kind: "call_to_action",
      headline: heads.headline,
      body: heads.body,
      cta: { text: shortenCopy(pick.text, TEXT_CAPS.ctaText, ctaCut) ?? pick.text, url },
      quote: null,
      blocks: closing ? [pick, closing] : [pick],
      claimIds: [],
      speech: { ...(closing ? speechOf(closing) : { title: null, sentences: [] }), ...(host ? { host } : {}) },
      want: { page: pick.page, sections: [], logo: true },
    },
  };
}

const ctaCut = { sentences: "first", ellipsis: false } as const;

/** The value proposition right before a call to action on its page, when free and a statement. */
function closingOf(pool: CopyPool, cta: PoolBlock): PoolBlock | undefined {
  return pool
    .free("value_proposition")
    .find((b) => b.page === cta.page && b.order === cta.order - 1 && b.text !== "" && !/@/u.test(b.text));
}

function fallback(manifest: SourceManifest): SceneDraft {
  const host = ctaHost(manifest.finalUrl);
  const hostname = new URL(manifest.finalUrl).hostname;
  const name = manifest.brand.name ?? host ?? hostname;
  return {
    kind: "call_to_action",
    headline: manifest.brand.name,
    body: null,
    cta: { text: shortenCopy(name, TEXT_CAPS.ctaText, ctaCut) ?? host ?? hostname, url: manifest.finalUrl },
    quote: null,
    blocks: [],
    claimIds: [],
    speech: { title: null, sentences: [], ...(host ? { host } : {}), fallback: true },
    want: { page: 0, sections: [], logo: true },
  };
}
