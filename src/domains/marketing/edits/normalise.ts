import { colorsNamed } from "culori";
import { FILLER, PRIMARY_WORDS, SYNONYMS } from "./lexicon.js";
import { correctWord, type Vocabulary } from "./typo.js";

/**
 * One clause in the form the rules read: lower case, one space between tokens, typos corrected towards
 * the grammar's words, everyday names replaced by canonical ones, filler removed. Placeholders (`§0`),
 * colours (`#0f172a`), ratios (`9:16`) and numbers (`1.25x`, `50%`) survive as tokens.
 */

const TOKEN = /§\d+|#[0-9a-f]{3,8}\b|\d+:\d+|\d+(?:\.\d+)?(?:st|nd|rd|th|%|x)?|[a-z]+(?:'[a-z]+)?/g;

/** Longest first, so a longer name is replaced before a shorter one inside it. */
const REPLACEMENTS: readonly [RegExp, string][] = Object.entries(SYNONYMS)
  .flatMap(([canonical, names]) => names.map((name) => [name, canonical] as const))
  .sort((a, b) => b[0].length - a[0].length)
  .map(([name, canonical]) => [new RegExp(`(?<![\\w§#])${escapeRegExp(name)}(?![\\w:])`, "g"), canonical]);

const FILLERS: readonly RegExp[] = [...FILLER]
  .sort((a, b) => b.length - a.length)
  .map((f) => new RegExp(`(?<![\\w§#'])${escapeRegExp(f)}(?![\\w'])`, "g"));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const SECONDARY: ReadonlySet<string> = new Set([
  ...Object.values(SYNONYMS).flatMap((names) => names.flatMap((n) => n.split(" "))),
  ...FILLER.flatMap((f) => f.split(" ")),
]);
/** Colour names are known (so "black" is never "back") but nothing is corrected into one ("blur"). */
const PROTECTED: ReadonlySet<string> = new Set(Object.keys(colorsNamed));

/** The rules' words plus this catalogue's names (fonts, voices, caption styles, moods). */
export function vocabularyWith(extra: readonly string[]): Vocabulary {
  const primary = new Set(PRIMARY_WORDS.filter((w) => !PROTECTED.has(w)));
  for (const phrase of extra) for (const w of phrase.toLowerCase().split(/[^a-z]+/)) if (w.length >= 4) primary.add(w);
  return { primary, secondary: SECONDARY, protectedWords: PROTECTED };
}

export function normaliseClause(raw: string, vocabulary: Vocabulary): string {
  const lowered = raw
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/\bq&a\b/g, "faq")
    .replace(/(\d)\s*(?:s|secs?|seconds?)\b/g, "$1 seconds")
    .replace(/(\d)\s*(?:m|mins?|minutes?)\b/g, "$1 minutes")
    .replace(/-/g, " ");
  const tokens = (lowered.match(TOKEN) ?? []).map((t) => correctWord(t, vocabulary));
  let text = ` ${tokens.join(" ")} `;
  for (const [pattern, canonical] of REPLACEMENTS) text = text.replace(pattern, canonical);
  for (const pattern of FILLERS) text = text.replace(pattern, " ");
  return text.replace(/\s+/g, " ").trim();
}
