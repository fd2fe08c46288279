import { dropHintFiller, splitHintSteps, tidyHint } from "./hint-steps.js";

/**
 * A hint read as ordered intents: what to show ("the charts page", "the pricing section") and what to
 * do there ("search for London" types London into the page's search box; "fill the sign-up form").
 */

export interface IntentAction {
  /** search: type into the table's search box; fill: into a form's field; open: one item's dialog. */
  kind: "search" | "fill" | "open";
  /** The text to type: a quoted value, else what follows "for" ("search for London"); null: a sample. */
  value: string | null;
  /** Words naming the field to type into ("the first name"), or the kind of item to open ("one project"). */
  field: string[];
}

export interface Intent {
  /** The step as the hint wrote it (reported back when it cannot be met). */
  text: string;
  /** What to show, as alternatives ("pricing and plans" → ["pricing", "plans"]); empty: wherever the action can happen. */
  targets: string[][];
  /** "section" or "tab" when the step says so: preferred among equal matches. */
  prefer: "page" | "section" | "tab" | null;
  action: IntentAction | null;
  /** A tab to open on the place ("the profile with its messages tab open"). */
  tab: string[] | null;
  /** "at the top": the first screen of the place, not a part further down. */
  atTop: boolean;
}

/** Words that name no place: articles, "page"/"section", lead verbs the step splitter leaves. */
const IGNORED = new Set(
  "the a an our your their its my me us we you to of on in at with and or then first also finally please focus show see view open go visit look tour walk through where which page pages screen screens section sections part area tab tabs".split(
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
/** "search the table for London", "and filter by 'Tokyo'", "searching for …". */
const SEARCH = /(?:^|\s)(?:and\s+)?(?:search(?:es|ing)?|filter(?:s|ing)?|look(?:s|ing)? up|find(?:s|ing)?)\b(.*)$/i;
/** "type 'hello' into the search", "typing in a name", "enter your email": a search when it names one. */
const TYPE = /(?:^|\s)(?:and\s+)?(?:typ(?:e|es|ed|ing)|enter(?:s|ed|ing)?)\b(.*)$/i;
/** "fill the sign-up form", "fill in the contact form", "filling in the first name". */
const FILL =
  /(?:^|\s)(?:and\s+)?(?:fill(?:s|ed|ing)?(?:\s+in|\s+out)?|complet(?:e|es|ed|ing)|submit(?:s|ted|ting)?)\b(.*)$/i;
/** "the sign-up form with an email typed in", "… with a name entered": the field, then the verb. */
const TYPED_WITH = /\s+with\s+(.+?)\s+(?:typed|entered|filled)(?:\s+in)?$/i;
/** "opening one project", "click a photo": one item of a kind, opened (a modal, a lightbox). */
const OPEN_ONE =
  /(?:^|\s)(?:and\s+)?(?:open(?:s|ed|ing)?|click(?:s|ed|ing)?(?:\s+on)?|expand(?:s|ed|ing)?|view(?:s|ed|ing)?)\s+(?:one|a|an|any)\s+(.+)$/i;
/** "with its messages tab open", "on the security tab". */
const TAB =
  /\s+(?:with\s+(?:its|the|a)?|on\s+(?:its|the)|in\s+(?:its|the))\s*(.+?)\s+tab(?:\s+(?:open|opened|selected|shown))?$/i;
const AT_TOP = /\s*\b(?:at|on)\s+the\s+top(?:\s+of\s+the\s+page)?\b/i;
/** "search for a name", "type in something": what to type is the user's to leave to us (a sample). */
const ANY_VALUE = /^(?:(?:a|an|some|any)\s+\w+|something|anything)$/i;
/** Words that say what kind of input, not which ("the first name field"). */
const FIELD_WORDS = new Set(["form", "field", "box", "input", "value", "something", "anything", "some", "any"]);

/** The words naming a field ("the first name" → first, name): only articles and input words dropped. */
const fieldWords = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !/^(?:the|a|an|your|my|our|its|their|in|into|out|on)$/.test(w) && !FIELD_WORDS.has(w))
    .map(stem);

function readAction(step: string): { rest: string; action: IntentAction | null; object: string } {
  const quoted = QUOTED.exec(step)?.[1]?.trim() ?? null;
  const typedWith = TYPED_WITH.exec(step);
  if (typedWith) {
    const field = fieldWords((typedWith[1] ?? "").replace(QUOTED, " "));
    return { rest: step.slice(0, typedWith.index), action: { kind: "fill", value: quoted, field }, object: "" };
  }
  const searched = SEARCH.exec(step);
  const typedAt = TYPE.exec(step);
  // The first verb decides: "type 'hello' into the search" types, into a search box.
  const typed = typedAt && (!searched || typedAt.index < searched.index) ? typedAt : null;
  const search = typed ? (/\b(?:search|filter)/i.test(typed[1] ?? "") ? typed : null) : searched;
  if (search) {
    const found = search;
    const clause = found[1] ?? "";
    const forValue = /\b(?:for|by)\s+(.+)$/i.exec(clause.replace(QUOTED, ""))?.[1]?.trim() || null;
    const named = forValue ? forValue.replace(/[.!?]+$/, "") : null;
    const value = quoted ?? (named && !ANY_VALUE.test(named) ? named : null);
    const object = clause
      .replace(QUOTED, " ")
      .replace(/\b(?:for|by)\s+.+$/i, " ")
      .replace(/\b(?:into|in|on)\b/gi, " ");
    return { rest: step.slice(0, found.index), action: { kind: "search", value, field: [] }, object };
  }
  const fill = typed ?? FILL.exec(step);
  if (fill) {
    const clause = (fill[1] ?? "").replace(QUOTED, " ");
    // "fill the sign-up form": the form is where (when nothing before names a place), no field of it.
    const object = clause.replace(/\bwith\b.*$/i, " ");
    const field = /\bforms?\b/i.test(object) ? [] : fieldWords(object);
    return { rest: step.slice(0, fill.index), action: { kind: "fill", value: quoted, field }, object };
  }
  const open = OPEN_ONE.exec(step);
  if (open) {
    const field = tokensOf(open[1] ?? "");
    return { rest: step.slice(0, open.index), action: { kind: "open", value: null, field }, object: "" };
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
    const atTop = AT_TOP.test(text);
    const tabbed = TAB.exec(text.replace(AT_TOP, ""));
    const tab = tabbed ? tokensOf(tabbed[1] ?? "") : null;
    const bare = (tabbed ? text.replace(AT_TOP, "").slice(0, tabbed.index) : text.replace(AT_TOP, "")).trim();
    const { rest, action, object } = readAction(bare);
    // "search the table for London": the table is where to search when nothing before names a place; a
    // field named ("filling in the first name") is no place.
    const place =
      tokensOf(rest).length > 0
        ? rest
        : action?.kind === "search" || (action?.kind === "fill" && /\bforms?\b/i.test(object))
          ? object
          : "";
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
    if (targets.length === 0 && !action && !tab) continue;
    if (!action && !tab && tokensOf(rest).every((w) => TOUR_WORDS.has(w))) continue;
    intents.push({
      text,
      targets,
      prefer: tab ? "page" : prefer,
      action,
      tab: tab && tab.length > 0 ? tab : null,
      atTop,
    });
  }
  return intents;
}
