import type { CopyBlock } from "../../source/copy-types.js";
import { findPrices, formatPrice } from "./price.js";

/**
 * The claims index (decision 0025): every number, price, percentage, superlative and guarantee the copy
 * states, as the smallest phrase that still says something ("40% faster", "$29/month", "#1 rated", "no
 * credit card required"), pointing at its block. Later, generated copy may only state claims traceable
 * to a pinned version, so this errs on the side of listing a phrase rather than missing one.
 */
export type ClaimKind = "number" | "price" | "percentage" | "superlative" | "guarantee";
export interface Claim {
  id: string;
  text: string;
  kind: ClaimKind;
  copyId: string;
}
export interface ClaimMatch {
  text: string;
  kind: ClaimKind;
  index: number;
  end: number;
}

const MAX_CLAIMS = 500;

/** Words a phrase never ends on ("best way to" → "best way"). */
const STOP =
  "the|a|an|and|or|but|to|of|for|in|on|at|by|with|from|as|is|are|was|be|that|this|it|its|we|you|your|our|their|they|than|so|if|when|while|per|into|over|without";
const WORD = "[\\p{L}][\\p{L}\\p{N}'’-]*";
const TAIL = (n: number) => `(?:\\s+(?!(?:${STOP})\\b)${WORD}){0,${n}}`;

const GUARANTEE =
  /(?:\b\d{1,3}[- ]day\s+)?(?:money[- ]back\s+guarantee|satisfaction\s+guarantee(?:d)?|guarantee(?:d)?|free\s+forever|forever\s+free|free\s+for\s+\d{1,3}\s+days|free\s+trial|no\s+credit\s+card(?:\s+(?:required|needed))?|cancel\s+(?:at\s+)?any\s?time|risk[- ]free|no\s+(?:setup|hidden)\s+fees?|no\s+(?:long[- ]term\s+)?contracts?|no\s+commitments?|no\s+strings\s+attached|free\s+(?:plan|tier)|full\s+refund|open[- ]source(?:d)?|(?:MIT|Apache|BSD|GPL)[- ]licen[sc]ed)\b/giu;
/** "Free" on its own ("a free theme", "Free Download!"): not "feel free", not a compound ("hands-free"). */
const FREE = /(?<![\p{L}-])(?<!feel\s)free\b(?!-)/giu;
const PERCENTAGE = new RegExp(
  `(?:\\b(?:up\\s+to|over|more\\s+than|less\\s+than|nearly|almost|save|saves|cut|cuts)\\s+)?\\d{1,3}(?:[.,]\\d+)?\\s?%(?:\\s+(?:more|less|fewer|off|of)\\b)?${TAIL(2)}`,
  "giu",
);
const SUPERLATIVE_WORDS =
  "best(?:-in-class|-rated)?|fastest|easiest|simplest|cheapest|smartest|quickest|largest|biggest|highest[- ]rated|top[- ]rated|(?:industry|market|world)[- ]leading|leading|award[- ]winning|unmatched|unrivall?ed|world'?s\\s+(?:first|best|leading|largest)|most\\s+(?:popular|trusted|loved|advanced|powerful|secure|reliable|affordable|complete|comprehensive|accurate|intuitive|flexible|innovative|widely\\s+used|used)|number\\s+one|no\\.\\s?1";
const SUPERLATIVE = new RegExp(`(?:#\\s?1\\b|\\b(?:${SUPERLATIVE_WORDS})\\b)${TAIL(2)}`, "giu");
/** Words that describe the counted thing rather than say what it does: "2,400 customer teams", not "2,400 teams use". */
const MODIFIERS =
  "more|fewer|less|new|active|happy|satisfied|paying|customer|team|business|enterprise|global|monthly|weekly|daily|free|extra|additional|million|thousand";
const UNITS = "seconds?|minutes?|hours?|days?|weeks?|months?|years?|times";
const NUMBER = new RegExp(
  `(?<![\\p{L}\\p{N}.,$€£#/])(?:\\b(?:over|more\\s+than|up\\s+to|nearly|almost)\\s+)?(?:\\d{1,3}(?:,\\d{3})+|\\d{1,7})(?:\\.\\d+)?(?:\\s?(?:[kKMB]|bn)\\b|\\+|\\s?[×x](?=\\s|$)|\\/\\d{1,2}(?!\\d))*(?:-${WORD})?(?:\\s+(?:${UNITS})\\b|(?:\\s+(?:${MODIFIERS})\\b)?${TAIL(1)})`,
  "giu",
);

/** Every claim in one text, overlaps resolved by kind (price, guarantee, percentage, superlative, number). */
export function findClaims(text: string): ClaimMatch[] {
  const chosen: ClaimMatch[] = [];
  const add = (kind: ClaimKind, index: number, raw: string) => {
    const phrase = raw.replace(/\s+/g, " ").trim();
    const end = index + raw.length;
    if (phrase === "" || chosen.some((c) => index < c.end && c.index < end)) return;
    chosen.push({ text: phrase.slice(0, 300), kind, index, end });
  };
  for (const p of findPrices(text)) add("price", p.index, p.raw);
  for (const m of text.matchAll(GUARANTEE)) add("guarantee", m.index ?? 0, m[0]);
  for (const m of text.matchAll(FREE)) add("guarantee", m.index ?? 0, m[0]);
  for (const m of text.matchAll(PERCENTAGE)) add("percentage", m.index ?? 0, m[0]);
  for (const m of text.matchAll(SUPERLATIVE)) {
    if (/^leading$/i.test(m[0].trim())) continue; // "leading to …": a verb, not a boast
    add("superlative", m.index ?? 0, m[0]);
  }
  for (const m of text.matchAll(NUMBER)) {
    if (isNumberClaim(m[0], text, m.index ?? 0)) add("number", m.index ?? 0, m[0]);
  }
  return chosen.sort((a, b) => a.index - b.index);
}

export const hasClaim = (text: string): boolean => findClaims(text).length > 0;

/**
 * A bare figure says nothing ("Step 1", a table cell): a number claim needs a unit or a word after it.
 * Standards ("SOC 2", "ISO 27001"), step or plan numbers, version numbers ("Bootstrap 5"), street
 * addresses ("4923 Market Street") and names with a figure ("5 Grayscale" is two lines run together)
 * are not claims.
 */
function isNumberClaim(phrase: string, text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 40), index);
  if (/\b(?:step|plan|tier|phase|part|chapter|version|v)\s*$/i.test(before)) return false;
  if (/\b[A-Z]{2,}\s$/.test(before)) return false;
  if (!/\d(?:\s?(?:[kKMB]|bn)\b|\+|\s?[×x]|\/\d|-\p{L})|\d\s+\p{L}/u.test(phrase)) return false;
  // A figure right after a name is the name's number: "Bootstrap 5", "Windows 11", "iPhone 15".
  const named = /(?:^|[^.!?:;\s]\s+)(\p{Lu}[\p{L}\p{N}]*|\p{Ll}+\p{Lu}[\p{L}\p{N}]*)\s$/u.exec(before);
  const startsSentence = /(?:^|[.!?:;]\s*)\p{Lu}[\p{L}\p{N}]*\s$/u.test(before);
  const tail = phrase.replace(/^(?:over|more\s+than|up\s+to|nearly|almost)\s+/i, "").replace(/^[\d.,]+\S*\s*/u, "");
  const capitalTail = /^\p{Lu}/u.test(tail);
  if (named && (!startsSentence || capitalTail)) return false;
  if (STREET.test(text.slice(index))) return false;
  // "4923 Market", "5 Grayscale": a figure before a capitalised word mid-line names a thing, unless the
  // whole line is written in title case ("24 Hours Support").
  return !(capitalTail && !titleCase(text));
}

const STREET =
  /^\d{1,6}\s+(?:\p{Lu}[\p{L}.]*\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Court|Ct|Place|Pl|Square|Sq|Parkway|Pkwy|Highway|Hwy)\b/u;

/** Most of the line's words (four letters or more) start with a capital. */
function titleCase(text: string): boolean {
  const words = text.match(/\p{L}{4,}/gu) ?? [];
  return words.length > 0 && words.filter((w) => /^\p{Lu}/u.test(w)).length * 4 >= words.length * 3;
}

/** A text's sentences and lines: a claim never runs from one into the next. */
function sentences(text: string): string[] {
  return text.split(/\n+|(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“])/u).filter((s) => s.trim() !== "");
}

/** The claims of every block, numbered in block order, each phrase listed once (at its first block). */
export function extractClaims(blocks: readonly CopyBlock[]): Claim[] {
  const claims: Claim[] = [];
  const seen = new Set<string>();
  for (const block of blocks) {
    for (const text of claimTexts(block).flatMap(sentences)) {
      for (const m of findClaims(text)) {
        const key = `${m.kind}:${m.text.toLowerCase()}`;
        if (seen.has(key) || claims.length >= MAX_CLAIMS) continue;
        seen.add(key);
        claims.push({ id: `claim-${claims.length + 1}`, text: m.text, kind: m.kind, copyId: block.id });
      }
    }
  }
  return claims;
}

function claimTexts(block: CopyBlock): string[] {
  switch (block.kind) {
    case "pricing":
      return [
        block.title ?? "",
        block.price !== null ? formatPrice(block.price, block.currency, block.period) : "",
        ...block.items,
      ];
    case "faq":
      return [block.title, block.text];
    case "testimonial":
    case "call_to_action":
      return [block.text];
    default:
      return [block.title ?? "", block.text];
  }
}
