import { spokenWordCount } from "../../../media/tts/spoken-form.js";
import { type KnownClaim, unsupportedClaim } from "../campaign/claims.js";
import type { CampaignScene, SceneKind } from "../campaign/document.js";
import { TEXT_CAPS } from "../campaign/limits.js";
import type { Casing } from "./casing.js";
import { type LineContext, type LineVersions, withContent } from "./line-kit.js";
import { ctaLine, proofLine, quoteLine } from "./lines-closing.js";
import { faqLine, featureLine, pricingLine, stepLine } from "./lines-items.js";
import { hookLine, problemLine, revealLine } from "./lines-opening.js";
import { firstWord, Openers } from "./openers.js";
import type { SceneSpeech } from "./scene-draft.js";
import { asSentence } from "./sentences.js";

/**
 * The presenter's narration, one line a scene: full sentences that lead from scene to scene, in the
 * site's own words wherever a claim is made. Each line comes in versions, fullest first; while the whole
 * says more words than the length holds, the longest line steps down to its next shorter version. Every
 * sentence is checked against the claims index, and one that states a claim the index does not hold is
 * dropped. A voice in another language than English gets the site's sentences without English linking
 * words (the caller warns: `narration_simple`).
 */

export interface NarrationContext {
  brand: string | null;
  /** The voice's language (BCP 47). */
  language: string;
  claims: readonly KnownClaim[];
  /** What each scene may say, in the scenes' order. */
  speech: readonly SceneSpeech[];
  casing: Casing;
  /** Spoken words the whole narration may take (spokenWordCount). */
  wordBudget: number;
}

const BUILDERS: Record<SceneKind, (ctx: LineContext) => LineVersions> = {
  hook: hookLine,
  problem: problemLine,
  reveal: revealLine,
  feature: featureLine,
  step: stepLine,
  quote: quoteLine,
  proof: proofLine,
  pricing: pricingLine,
  faq: faqLine,
  call_to_action: ctaLine,
};

export const speaksEnglish = (language: string): boolean => /^en\b/iu.test(language);

export function writeNarration(scenes: readonly CampaignScene[], ctx: NarrationContext): string[] {
  const english = speaksEnglish(ctx.language);
  const openers = new Openers();
  const kinds = scenes.map((s) => s.kind);
  let brandSaid = false;
  const versions = scenes.map((scene, index) => {
    const speech = ctx.speech[index] ?? { title: null, sentences: [] };
    const lineCtx: LineContext = {
      scene,
      speech,
      prior: ctx.speech[index - 1] ?? null,
      kinds,
      index,
      brand: ctx.brand,
      casing: ctx.casing,
      openers,
      brandSaid,
    };
    const made = checked(english ? BUILDERS[scene.kind](lineCtx) : plainVersions(scene, speech), ctx.claims);
    const line = made[0] ?? checked([[asSentence(scene.headline ?? "")]], ctx.claims)[0] ?? [];
    const text = line.join(" ");
    openers.note(text);
    if (ctx.brand && text.toLowerCase().includes(ctx.brand.toLowerCase())) brandSaid = true;
    return made.length ? made : [line];
  });
  const sources = scenes.map((scene, i) => sourceWords(scene, ctx.speech[i]));
  return fitBudget(versions, sources, ctx.wordBudget);
}

const wordsIn = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}'’]{3,}/gu) ?? [];

/** The words a scene's line takes from the site: what a step that keeps them all only drops framing around. */
function sourceWords(scene: CampaignScene, speech: SceneSpeech | undefined): Set<string> {
  const texts = [speech?.title ?? "", ...(speech?.sentences ?? []), speech?.speaker?.name ?? "", scene.cta?.text ?? ""];
  return new Set(texts.flatMap(wordsIn));
}

/** Words of `from` that `to` no longer says. */
function dropped(from: string, to: string): string[] {
  const left = wordsIn(to);
  return wordsIn(from).filter((w) => {
    const at = left.indexOf(w);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

/** Dropping only the presenter's linking words costs this many times the words saved: content goes first. */
const FRAMING_COST = 3;

/** Versions with each sentence that states an unindexed claim dropped, over-long and empty ones gone. */
function checked(versions: LineVersions, claims: readonly KnownClaim[]): LineVersions {
  const out: LineVersions = [];
  for (const v of versions) {
    const kept = v.filter((s) => s.trim() !== "" && unsupportedClaim(s, claims) === null);
    const text = kept.join(" ");
    if (kept.length && text.length <= TEXT_CAPS.narration && !out.some((o) => o.join(" ") === text)) out.push(kept);
  }
  return out;
}

/** The site's own sentences only: a heading, its text; a call to action's words and where it leads. */
function plainVersions(scene: CampaignScene, speech: SceneSpeech): LineVersions {
  if (scene.kind === "call_to_action") {
    return [[asSentence(scene.cta?.text ?? ""), ...(speech.host ? [`${speech.host}.`] : [])]];
  }
  if (scene.kind === "hook") return [[asSentence(speech.sentences[0] ?? scene.headline ?? "")]];
  const title = speech.title && scene.kind !== "quote" ? [asSentence(speech.title)] : [];
  return withContent(title, speech.sentences);
}

/**
 * Steps lines down until the words fit: each step is the cheapest on offer, a step's cost being the words
 * it saves, three times over when the words it drops are only the presenter's linking words (a line keeps
 * "Here's how it works." while another can lose a trailing clause).
 */
function fitBudget(versions: readonly LineVersions[], sources: readonly Set<string>[], budget: number): string[] {
  const texts = versions.map((vs) => vs.map((v) => v.join(" ")));
  const words = texts.map((ts) => ts.map(spokenWordCount));
  const at = versions.map(() => 0);
  const wordsAt = (i: number, k: number) => words[i]?.[k] ?? 0;
  let total = at.reduce((sum, k, i) => sum + wordsAt(i, k), 0);
  while (total > budget) {
    // The longest line steps down first (a scene that says three sentences while its neighbours are cut
    // to a name is what a listener notices); between lines as long, the step that loses fewest site words.
    let step: { line: number; to: number; saves: number; cost: number; words: number } | null = null;
    for (let i = 0; i < versions.length; i++) {
      const k = at[i] as number;
      const to = (words[i] ?? []).findIndex((w, j) => j > k && w < wordsAt(i, k));
      if (to < 0) continue;
      const saves = wordsAt(i, k) - wordsAt(i, to);
      const lost = dropped(texts[i]?.[k] ?? "", texts[i]?.[to] ?? "");
      const framing = lost.every((w) => !sources[i]?.has(w));
      const cost = saves * (framing ? FRAMING_COST : 1);
      const longer = !step || wordsAt(i, k) > step.words;
      if (longer || (step && wordsAt(i, k) === step.words && cost < step.cost))
        step = { line: i, to, saves, cost, words: wordsAt(i, k) };
    }
    if (!step) break;
    at[step.line] = step.to;
    total -= step.saves;
  }
  const lines = versions.map((vs, i) => (vs[at[i] as number] ?? []).join(" "));
  return distinctOpenings(lines, versions, at);
}

/** A line that opens like an earlier one takes a version of its own that opens differently, when it has one. */
function distinctOpenings(lines: string[], versions: readonly LineVersions[], at: readonly number[]): string[] {
  const seen = new Set<string>();
  return lines.map((line, i) => {
    let chosen = line;
    if (seen.has(firstWord(line))) {
      const other = (versions[i] ?? []).slice(at[i]).find((v) => !seen.has(firstWord(v.join(" "))));
      if (other) chosen = other.join(" ");
    }
    seen.add(firstWord(chosen));
    return chosen;
  });
}
