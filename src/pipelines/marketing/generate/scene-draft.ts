import type { SceneKind } from "../campaign/document.js";
import { TEXT_CAPS } from "../campaign/limits.js";
import type { CopyPool, PoolBlock } from "./copy-pool.js";
import { sentencesOf } from "./sentences.js";
import { shortenCopy } from "./shorten.js";
import type { VisualWant } from "./visuals.js";

/**
 * A scene as a chooser fills it, before it has an id, a picture, narration or seconds: the on-screen copy
 * (already shortened to the caps), the blocks it came from, and what the presenter may say about it.
 */

/** What the narration may say for a scene: the source's own words, fullest first. */
export interface SceneSpeech {
  /** The block's own heading (a feature's or a step's name), when it has one. */
  title: string | null;
  /** The block's sentences (claims-checked), in order. */
  sentences: string[];
  /** A quote's speaker. */
  speaker?: { name: string; role: string | null; company: string | null };
  /** A call to action: where it leads, as a listener hears an address ("tidewell.example"). */
  host?: string;
  /** The call to action is the brand's name standing in for a call to action the site does not have. */
  fallback?: boolean;
  /** The site's headline opening a template without a hook, in the first scene's place: not a problem. */
  opening?: boolean;
}

export interface SceneDraft {
  kind: SceneKind;
  headline: string | null;
  body: string | null;
  cta: { text: string; url: string } | null;
  quote: { text: string; author: string } | null;
  blocks: PoolBlock[];
  claimIds: string[];
  speech: SceneSpeech;
  want: VisualWant;
}

export const headlineOf = (text: string | null): string | null =>
  text ? shortenCopy(text, TEXT_CAPS.headline, { sentences: "first", ellipsis: false }) : null;

export const bodyOf = (text: string | null): string | null =>
  text ? shortenCopy(text, TEXT_CAPS.body, { sentences: "fit", ellipsis: true, fullStop: true }) : null;

export const speechOf = (block: PoolBlock): SceneSpeech => ({ title: block.title, sentences: sentencesOf(block.text) });

/** A draft's fields, each checked against the claims index once shortened: a cut can change what a claim says. */
export function draftSupported(draft: SceneDraft, pool: CopyPool): boolean {
  const fields = [draft.headline, draft.body, draft.cta?.text, draft.quote?.text, draft.quote?.author];
  return fields.every((f) => !f || pool.supported(f));
}

/** A heading that is a one-word label ("About", "Services") rather than something said about the product. */
export const labelled = (b: PoolBlock): boolean =>
  b.title !== null && !b.title.trim().includes(" ") && !b.title.trim().endsWith("?");

/** The heading worth showing: the block's title unless it is a label. */
export const headingOf = (b: PoolBlock): string | null => (labelled(b) ? null : b.title);

/**
 * Headline and body from a block: its heading over its text; without one, the text's first sentence
 * when it fits a headline uncut (the rest below it), else `stand-in` (the brand's name) over the text;
 * only with neither is the first sentence cut to a headline.
 */
export function headlineAndBody(
  b: PoolBlock,
  standIn: string | null,
): { headline: string | null; body: string | null } {
  const heading = headingOf(b);
  if (heading) return { headline: headlineOf(heading), body: bodyOf(b.text) };
  const [first = "", ...rest] = sentencesOf(b.text);
  const bare = first.replace(/[.]$/u, "");
  if (bare.length <= TEXT_CAPS.headline) return { headline: bare, body: rest.length ? bodyOf(rest.join(" ")) : null };
  if (standIn) return { headline: standIn, body: bodyOf(b.text) };
  return { headline: headlineOf(first), body: rest.length ? bodyOf(rest.join(" ")) : null };
}

/** The word count of a text, for "says something" rules. */
export const wordCount = (text: string | null): number => (text ? text.split(/\s+/).filter(Boolean).length : 0);

/** Orders candidates: more focus words first, then the chooser's own score, then where they stand on the site. */
export function ranked<T extends PoolBlock>(blocks: readonly T[], score: (b: T) => number): T[] {
  return [...blocks].sort(
    (a, b) => b.focus - a.focus || score(b) - score(a) || (a.page ?? 0) - (b.page ?? 0) || a.order - b.order,
  );
}
