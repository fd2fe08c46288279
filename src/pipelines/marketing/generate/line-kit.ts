import type { CampaignScene, SceneKind } from "../campaign/document.js";
import type { Casing } from "./casing.js";
import type { Openers } from "./openers.js";
import type { SceneSpeech } from "./scene-draft.js";
import { asSentence } from "./sentences.js";
import { beforeClause } from "./shorten.js";

/**
 * What every line builder works with. A builder answers a scene's line in a few versions, fullest first
 * (each a list of sentences): the writer takes the fullest the length allows. Every version of a line opens
 * with the same frame, so the opening the variety check saw is the one that is said.
 */

export interface LineContext {
  scene: CampaignScene;
  speech: SceneSpeech;
  /** What the scene before said (null for the first). */
  prior: SceneSpeech | null;
  /** The scenes' kinds in order, and this scene's index. */
  kinds: readonly SceneKind[];
  index: number;
  brand: string | null;
  casing: Casing;
  openers: Openers;
  /** The brand was named by an earlier line. */
  brandSaid: boolean;
}

/** A line's versions, fullest first; each is the line's sentences. */
export type LineVersions = string[][];

/** How many scenes of this one's kind come before it, and how many there are. */
export function placeOf(ctx: LineContext): {
  nth: number;
  of: number;
  previous: SceneKind | null;
  next: SceneKind | null;
} {
  const kind = ctx.kinds[ctx.index];
  return {
    nth: ctx.kinds.slice(0, ctx.index).filter((k) => k === kind).length,
    of: ctx.kinds.filter((k) => k === kind).length,
    previous: ctx.kinds[ctx.index - 1] ?? null,
    next: ctx.kinds[ctx.index + 1] ?? null,
  };
}

/** A sentence as said: Title Case softened, a sentence end added. */
export const said = (ctx: LineContext, text: string): string => asSentence(ctx.casing.sentenceCase(text));

/**
 * The sentence without its trailing clauses, at most about 60 % of it and five words at least, so a list's
 * first items ("A free, responsive") are not taken for a clause (null when it has no such clause).
 */
export function clauseCut(sentence: string): string | null {
  const cut = beforeClause(sentence, Math.max(24, Math.floor(sentence.length * 0.6)), 5);
  return cut && cut.length < sentence.length ? asSentence(cut) : null;
}

/** Versions made of a fixed opening and the content's sentences: all, the first, the first cut, none. */
export function withContent(opening: readonly string[], sentences: readonly string[]): LineVersions {
  const [first, ...rest] = sentences;
  const out: LineVersions = [];
  if (first) {
    if (rest.length) out.push([...opening, first, ...rest]);
    out.push([...opening, first]);
    const cut = clauseCut(first);
    if (cut) out.push([...opening, cut]);
  }
  if (opening.length) out.push([...opening]);
  return out;
}

/** Starts a sentence with a capital ("it turns …" → "It turns …"). */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Escapes a literal for a RegExp. */
export const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
