import { dropHintFiller, splitHintSteps, tidyHint } from "./hint-steps.js";

/**
 * A hint read as ordered intents: what to show ("the charts page", "the pricing section") and what to
 * do there ("search for London" types London into the page's search box; "fill the sign-up form").
 */

export interface IntentAction {
  kind: "search" | "fill";
  /** The text to type: a quoted value, else what follows "for" ("search for London"); null: a sample. */
  value: string | null;
}

export interface Intent {
  /** The step as the hint wrote it (reported back when it cannot be met). */
  text: string;
  /** What to show, as alternatives ("pricing and plans" → ["pricing", "plans"]); empty: wherever the action can happen. */
  targets: string[][];
  /** "section" or "tab" when the step says so: preferred among equal matches. */
  prefer: "page" | "section" | "tab" | null;
  action: IntentAction | null;
}

/** Words that name no place: articles, "page"/"section", lead verbs the step splitter leaves. */
const IGNORED = new Set(
  "the a an our your their its my me us to of on in at with and or then first also finally please focus show see view open go visit look tour walk through page pages screen screens section sections part area tab tabs".split(
    " ",
  ),
);

/** Lower-case words, a plural "s" dropped ("charts" → "chart", "categories" → "category"). */
export const stem = (word: string): string => {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) return w.slice(0, -1);
  return w;
};

/** The words of a text that can tell places apart, stemmed. */
export const tokensOf = (text: string): string[] =>
  text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && !IGNORED.has(w))
    .map(stem);

/**
 * Words of a step that asks for a tour rather than a place ("show me what this app can do", "give me a
 * quick tour of this site"): such a step names nothing to find, so it is no intent (and no warning).
 */
const TOUR_WORDS = new Set(
  "what this that app application site website product tool can could do does give quick short brief little everything around"
    .split(" ")
    .map((w) => stem(w)),
);

const QUOTED = /(?<=^|\s)["“'‘]([^"“”'‘’]{1,80})["”'’](?=$|\s|[.,;:!?])/;
/** "search the table for London", "and filter by 'Tokyo'", "type 'hello' into the search", "searching for …". */
const SEARCH =
  /(?:^|\s)(?:and\s+)?(?:search(?:es|ing)?|filter(?:s|ing)?|look(?:s|ing)? up|find(?:s|ing)?|typ(?:e|es|ed|ing))\b(.*)$/i;
/** "fill the sign-up form", "fill in the contact form". */
const FILL =
  /(?:^|\s)(?:and\s+)?(?:fill(?:s|ed|ing)?(?:\s+in|\s+out)?|complet(?:e|es|ed|ing)|submit(?:s|ted|ting)?)\b(.*)$/i;
/** "search for a name", "type in something": what to type is the user's to leave to us (a sample). */
const ANY_VALUE = /^(?:(?:a|an|some|any)\s+\w+|something|anything)$/i;

function readAction(step: string): { rest: string; action: IntentAction | null; object: string } {
  const quoted = QUOTED.exec(step)?.[1]?.trim() ?? null;
  const search = SEARCH.exec(step);
  if (search) {
    const clause = search[1] ?? "";
    const forValue = /\b(?:for|by)\s+(.+)$/i.exec(clause.replace(QUOTED, ""))?.[1]?.trim() || null;
    const named = forValue ? forValue.replace(/[.!?]+$/, "") : null;
    const value = quoted ?? (named && !ANY_VALUE.test(named) ? named : null);
    const object = clause
      .replace(QUOTED, " ")
      .replace(/\b(?:for|by)\s+.+$/i, " ")
      .replace(/\b(?:into|in|on)\b/gi, " ");
    return { rest: step.slice(0, search.index), action: { kind: "search", value }, object };
  }
  const fill = FILL.exec(step);
  if (fill) {
    const object = (fill[1] ?? "").replace(QUOTED, " ").replace(/\bwith\b.*$/i, " ");
    return { rest: step.slice(0, fill.index), action: { kind: "fill", value: quoted }, object };
  }
  return { rest: step, action: null, object: "" };
}

/** The hint's intents in the asked order; none for an empty hint. */
export function parseIntents(hint: string | null): Intent[] {
  if (!hint) return [];
  const { steps } = splitHintSteps(dropHintFiller(hint));
  const intents: Intent[] = [];
  for (const step of steps.flatMap((s) => s.split(/\s*,\s*(?=\S)/))) {
    const text = tidyHint(step).replace(/[.!?]+$/, "");
    if (!text) continue;
    const { rest, action, object } = readAction(text);
    // "search the table for London": the table is where to search when nothing before names a place.
    const place = tokensOf(rest).length > 0 ? rest : object;
    const targets = place
      .split(/\s+(?:and|&|or)\s+|\s*&\s*/i)
      .map(tokensOf)
      .filter((t) => t.length > 0);
    const words = text.toLowerCase();
    const prefer = /\bsections?\b/.test(words)
      ? "section"
      : /\btabs?\b/.test(words)
        ? "tab"
        : /\bpages?\b/.test(words)
          ? "page"
          : null;
    if (targets.length === 0 && !action) continue;
    if (!action && tokensOf(rest).every((w) => TOUR_WORDS.has(w))) continue;
    intents.push({ text, targets, prefer, action });
  }
  return intents;
}
