import { normaliseSpace } from "../source/text.js";
import { endsSentence, sentencesOf } from "./sentences.js";

/**
 * Site copy shortened to a layout's cap by rules, never rewritten: whole sentences first (the first one,
 * or as many as fit), parentheticals dropped, then trailing clauses, then a cut at a word boundary that
 * never ends on a word that leads somewhere ("and", "with", "your"). An ellipsis only where the words
 * would otherwise read as complete though they are not (a quote or body cut inside a clause).
 */

export interface ShortenOptions {
  /** `first`: the first sentence only (a headline); `fit`: as many leading sentences as fit. */
  sentences: "first" | "fit";
  /** A cut inside a clause shows "…" (quotes and bodies); headlines never do. */
  ellipsis: boolean;
  /** Ends a clause cut with a full stop (a body reads as sentences). */
  fullStop?: boolean;
}

/** Words a shortened text never ends on: they lead to words that were cut. */
const DANGLING = new Set(
  (
    "and or but nor with without to of for in on at by from as into onto over under about than then " +
    "across through between among after before behind beyond toward towards within upon around during until like near " +
    "the a an that which who whose where when while because if so per via plus is are was were be " +
    "not no your our their its my his her this these those every each all more most &"
  ).split(" "),
);
/** Where a trailing clause starts: punctuation, or a conjunction that opens a clause. */
const CLAUSE = /\s*[,;:–—]\s+|\s+[-–—]\s+|\s+(?=(?:which|while|because|so that|so|whereas|although|but)\s)/giu;
const PARENTHETICAL = /\s*[([][^()[\]]*[)\]]/gu;

export function shortenCopy(text: string, cap: number, options: ShortenOptions): string | null {
  let t = normaliseSpace(text).replace(PARENTHETICAL, "").trim();
  if (t === "") return null;
  const all = sentencesOf(t);
  if (options.sentences === "first") t = all[0] ?? t;
  else {
    let kept = all[0] ?? t;
    for (const s of all.slice(1)) {
      if (`${kept} ${s}`.length > cap) break;
      kept = `${kept} ${s}`;
    }
    t = kept;
  }
  if (t.length <= cap) return tidy(t);
  const clause = beforeClause(t, cap);
  if (clause) return tidy(options.fullStop ? `${clause}.` : clause);
  const room = options.ellipsis ? cap - 1 : cap;
  const cut = atWord(t, room);
  if (!cut) return null;
  return options.ellipsis ? `${cut}…` : cut;
}

/** The longest head of `t` ending at a clause boundary that fits `cap` and keeps at least `minWords` words. */
export function beforeClause(t: string, cap: number, minWords = 3): string | null {
  let best: string | null = null;
  let list = false;
  for (const m of t.matchAll(CLAUSE)) {
    const at = m.index ?? 0;
    const head = trimDangling(t.slice(0, at));
    if (head.length > cap) break;
    // A comma inside a list ("tasks, owners and due dates"; "free, responsive, one page …") is no clause boundary.
    const item = listItem(t.slice(at + m[0].length));
    const inside = list || item !== null;
    list = item === "continues";
    if (head.split(" ").length >= minWords && !inside) best = head;
  }
  return best;
}

/** Words that open a phrase or a clause, not a list's next item. */
const OPENS =
  "with|without|so|which|while|because|but|and|or|then|from|for|to|by|in|on|at|as|where|when|who|that|if|though|although|even";
const ITEM = "[\\p{L}\\p{N}'’-]+";
const CLOSING_ITEMS = new RegExp(`^(?!(?:${OPENS})\\b)(?:${ITEM}\\s+){1,3}(?:and|or)\\s`, "iu");
const NEXT_ITEM = new RegExp(`^(?!(?:${OPENS})\\b)(?:${ITEM}\\s+){0,2}${ITEM},`, "iu");

/**
 * What follows a comma when it is a list's next item: one to three words and "and"/"or" (the list
 * closes there), or one to three words and another comma (the list continues to it); null otherwise.
 */
function listItem(after: string): "closes" | "continues" | null {
  if (CLOSING_ITEMS.test(after)) return "closes";
  return NEXT_ITEM.test(after) ? "continues" : null;
}

/** `t` cut at the last word boundary within `room`, dangling words and punctuation trimmed. */
function atWord(t: string, room: number): string | null {
  const head = t.slice(0, room + 1);
  const space = head.lastIndexOf(" ");
  if (space <= 0) return null;
  const cut = trimDangling(head.slice(0, space));
  return cut === "" ? null : cut;
}

function trimDangling(text: string): string {
  let words = text
    .trim()
    .replace(/[,;:–—-]+$/u, "")
    .split(" ");
  while (words.length > 1 && DANGLING.has((words.at(-1) ?? "").toLowerCase().replace(/[,;:]+$/u, ""))) {
    words = words.slice(0, -1);
  }
  return words
    .join(" ")
    .replace(/[,;:–—-]+$/u, "")
    .trim();
}

/** Trailing separators gone; a sentence's own end kept. */
function tidy(text: string): string {
  const t = text.trim();
  return endsSentence(t) ? t : t.replace(/[,;:–—-]+$/u, "").trim();
}
