import type { CampaignDocument, CampaignScene, SceneKind } from "../../../pipelines/marketing/campaign/document.js";
import { NUMBER_WORDS, ORDINALS } from "./lexicon.js";
import { PLACEHOLDER } from "./literals.js";
import { editDistance } from "./typo.js";

/**
 * Scene references as people make them: by kind ("the proof scene", "the pricing"), by kind and order
 * ("the second feature", "feature 2", "the last step"), by position ("scene 2", "the last scene"), all of
 * a kind ("the features"), or by the headline in quotes ("the 'Ship faster' scene"). Positions count the
 * document's scenes in order, hidden ones included, as an editor lists them (decision 0032).
 */

const KIND_WORDS: Record<string, SceneKind> = {
  hook: "hook",
  problem: "problem",
  reveal: "reveal",
  feature: "feature",
  step: "step",
  quote: "quote",
  proof: "proof",
  pricing: "pricing",
  faq: "faq",
  "call to action": "call_to_action",
};
const PLURAL_WORDS: Record<string, SceneKind> = {
  hooks: "hook",
  problems: "problem",
  features: "feature",
  steps: "step",
  quotes: "quote",
  faqs: "faq",
};

const KIND = Object.keys(KIND_WORDS).join("|");
const PLURAL = Object.keys(PLURAL_WORDS).join("|");
const ORDINAL = `${Object.keys(ORDINALS).join("|")}|last|final|penultimate|second to last|next to last`;
const COUNT = `\\d+|${Object.keys(NUMBER_WORDS).join("|")}`;

const count = (word: string): number | null => {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word] ?? null;
};

/** The n-th (1-based) of a list; "last", "penultimate" count from the end. */
function pick<T>(list: readonly T[], ordinal: string): T | undefined {
  if (ordinal === "last" || ordinal === "final") return list[list.length - 1];
  if (/^(penultimate|second to last|next to last)$/.test(ordinal)) return list[list.length - 2];
  const n = ORDINALS[ordinal];
  return n === undefined ? undefined : list[n - 1];
}

const PATTERNS: readonly [RegExp, (m: RegExpMatchArray, doc: CampaignDocument) => CampaignScene[]][] = [
  // scene 2, scene number two
  [new RegExp(`^scene (?:number )?(${COUNT})$`), (m, doc) => at(doc.story.scenes, count(m[1] ?? ""))],
  // the second scene, the last scene
  [new RegExp(`^(${ORDINAL}) scene$`), (m, doc) => some(pick(doc.story.scenes, m[1] ?? ""))],
  // the second feature (scene), the last step
  [new RegExp(`^(${ORDINAL}) (${KIND})(?: scene)?$`), (m, doc) => some(pick(ofKind(doc, m[2]), m[1] ?? ""))],
  // feature 2, feature scene 2, feature number 2, feature 2 scene
  [
    new RegExp(`^(${KIND})(?: scene)?(?: number)? (${COUNT})(?: scene)?$`),
    (m, doc) => at(ofKind(doc, m[1]), count(m[2] ?? "")),
  ],
  // the proof (scene): only when the kind names exactly one scene
  [new RegExp(`^(${KIND})(?: scene)?$`), (m, doc) => only(ofKind(doc, m[1]))],
  // the features, all (the) feature scenes, both quotes
  [new RegExp(`^(?:all|both|every)?(?: )?(?:(${PLURAL})|(${KIND}) scenes)$`), (m, doc) => ofKind(doc, m[1] ?? m[2])],
];

function ofKind(doc: CampaignDocument, word: string | undefined): CampaignScene[] {
  const kind = word === undefined ? undefined : (KIND_WORDS[word] ?? PLURAL_WORDS[word]);
  return doc.story.scenes.filter((s) => s.kind === kind);
}
const some = (scene: CampaignScene | undefined): CampaignScene[] => (scene ? [scene] : []);
const only = (scenes: CampaignScene[]): CampaignScene[] => (scenes.length === 1 ? scenes : []);
const at = (scenes: readonly CampaignScene[], n: number | null): CampaignScene[] =>
  some(n === null || n < 1 ? undefined : scenes[n - 1]);

/**
 * The scenes a phrase names, or none when it names no scene, an ambiguous one ("the feature" among
 * three) or one that does not exist ("scene 9").
 */
export function resolveScenes(phrase: string, doc: CampaignDocument, literals: readonly string[]): CampaignScene[] {
  const p = phrase
    .replace(/^(?:the|a|an|our|my|that|this) /, "")
    .replace(/ (?:one|bit)$/, " scene")
    .replace(/^(?:one|bit)$/, "scene")
    .trim();
  const literal = p.match(new RegExp(`^(?:scene )?${PLACEHOLDER.source}(?: scene)?$`));
  if (literal) return byHeadline(doc, literals[Number(literal[1])] ?? "");
  for (const [pattern, found] of PATTERNS) {
    const m = p.match(pattern);
    if (m) return found(m, doc);
  }
  // Unquoted headline words ("bring back the team comments scene"): at least two words, so one stray
  // word never picks a scene.
  const words = p.replace(/ scene$/, "");
  return words.includes(" ") ? byHeadline(doc, words) : [];
}

/** A scene whose headline is the quoted text, allowing a slip or two; only a unique match counts. */
function byHeadline(doc: CampaignDocument, text: string): CampaignScene[] {
  const bare = (t: string): string =>
    t
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  const wanted = bare(text);
  if (wanted === "") return [];
  const close = doc.story.scenes.filter((s) => {
    const headline = bare(s.headline ?? "");
    if (headline === "") return false;
    return headline === wanted || editDistance(headline, wanted) <= Math.floor(wanted.length / 8);
  });
  return close.length === 1 ? close : [];
}
