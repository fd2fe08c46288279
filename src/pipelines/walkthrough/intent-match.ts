import { type Intent, tokensOf } from "./intents.js";
import type { MappedPage, SectionTarget, SiteMap, TabTarget } from "./site-map.js";

/**
 * Fuzzy matching of intents to the site map: each intent word found in what names a place (link texts,
 * the h1, the URL, a section's id and heading, a tab's name) counts 1, found only in what the place
 * shows (headings, metric labels, chart and table names, the title) counts ½; the score is the share of
 * the intent's words, and a place needs MATCH_THRESHOLD.
 */

export const MATCH_THRESHOLD = 0.75;

export type Matched =
  | { kind: "page"; page: MappedPage }
  | { kind: "section"; section: SectionTarget }
  | { kind: "tab"; tab: TabTarget };

interface Candidate {
  match: Matched;
  primary: Set<string>;
  secondary: Set<string>;
}

/** A text's words, and each two neighbours run together: "Sign Up" also says "signup". */
const wordsOf = (text: string): string[] => {
  const tokens = tokensOf(text);
  return [...tokens, ...tokens.slice(1).map((w, i) => `${tokens[i]}${w}`)];
};
const words = (texts: (string | null | undefined)[]) => new Set(texts.flatMap((t) => (t ? wordsOf(t) : [])));

function candidates(map: SiteMap): Candidate[] {
  const out: Candidate[] = [];
  for (const page of map.pages) {
    const s = page.snapshot;
    const path = new URL(page.url).pathname;
    out.push({
      match: { kind: "page", page },
      primary: words([
        ...page.navNames,
        s?.h1,
        path.replace(/[-_/.]/g, " "),
        path === "/" || page.start ? "home" : null,
      ]),
      secondary: words([
        ...page.otherNames,
        s?.title,
        ...(s?.headings ?? []),
        ...(s?.metrics ?? []),
        ...(s?.charts ?? []),
        ...(s?.tables.map((t) => t.name) ?? []),
        ...(s?.tabs.map((t) => t.name) ?? []),
        ...(s?.forms.map((f) => f.name) ?? []),
      ]),
    });
  }
  for (const section of map.sections)
    out.push({
      match: { kind: "section", section },
      primary: words([section.name, section.id.replace(/[-_]/g, " "), section.heading]),
      secondary: new Set(),
    });
  // The parts of a page no link points at: its sections by heading and by what the template calls them.
  for (const page of map.pages)
    for (const part of page.snapshot?.parts ?? []) {
      if (map.sections.some((s) => s.url === page.url && s.heading === part.heading)) continue;
      const section: SectionTarget = {
        kind: "section",
        name: part.heading,
        url: page.url,
        id: "",
        heading: part.heading,
      };
      out.push({
        match: { kind: "section", section },
        primary: words([part.heading, part.words.replace(/[-_]/g, " ")]),
        secondary: new Set(),
      });
    }
  for (const tab of map.tabs) {
    const page = map.pages.find((p) => p.url === tab.url);
    out.push({ match: { kind: "tab", tab }, primary: words([tab.name]), secondary: words([page?.snapshot?.h1]) });
  }
  return out;
}

/**
 * Words a hint and a site use for the same place (stemmed, as tokensOf leaves them): a user asks for
 * "the overview" of an app whose link says Dashboard, or "the board" of one that says Kanban.
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ["dashboard", "overview"],
  ["kanban", "board"],
  ["chart", "graph"],
  ["inbox", "mail", "email", "message"],
  ["setting", "preference"],
  ["pricing", "price", "plan"],
  ["testimonial", "review"],
];
const SYNONYMS_OF = new Map<string, readonly string[]>(SYNONYMS.flatMap((group) => group.map((w) => [w, group])));

const has = (set: Set<string>, w: string): boolean =>
  set.has(w) || (SYNONYMS_OF.get(w)?.some((s) => set.has(s)) ?? false);

/**
 * Words that say what kind of thing a place is rather than which ("the contact form", "the DataTables
 * module"): scored only when nothing else is named ("the forms page").
 */
const KIND_WORDS = new Set(["form", "module", "widget", "component"]);

const scoreOf = (target: string[], c: Pick<Candidate, "primary" | "secondary">): number => {
  const named = target.filter((w) => !KIND_WORDS.has(w));
  const words = named.length > 0 ? named : target;
  // A word counts run together with its neighbour too: "sign-up" finds a #signup section.
  const found = (set: Set<string>, i: number) =>
    has(set, words[i] as string) ||
    set.has(`${words[i - 1] ?? ""}${words[i]}`) ||
    set.has(`${words[i]}${words[i + 1] ?? ""}`);
  return (
    words.reduce((sum, _, i) => sum + (found(c.primary, i) ? 1 : found(c.secondary, i) ? 0.5 : 0), 0) / words.length
  );
};

/** How well a name answers words (the share of them it holds, run-together neighbours counted). */
export function nameScore(target: string[], name: string): number {
  if (target.length === 0) return 0;
  return scoreOf(target, { primary: words([name]), secondary: new Set() });
}

/** The best place for the intent (null when none reaches the threshold or the intent names no place). */
export function matchIntent(intent: Intent, map: SiteMap): Matched | null {
  let best: { c: Candidate; score: number; order: number } | null = null;
  const all = candidates(map);
  const kindOrder = (m: Matched) =>
    m.kind === intent.prefer ? 0 : m.kind === "page" ? 1 : m.kind === "section" ? 2 : 3;
  for (const [order, c] of all.entries()) {
    const score = Math.max(0, ...intent.targets.map((t) => scoreOf(t, c)));
    if (score < MATCH_THRESHOLD) continue;
    if (
      !best ||
      score > best.score ||
      (score === best.score && kindOrder(c.match) < kindOrder(best.c.match)) ||
      (score === best.score && kindOrder(c.match) === kindOrder(best.c.match) && order < best.order)
    )
      best = { c, score, order };
  }
  return best?.c.match ?? null;
}

/** Whether a link's own text or URL names something the intent asks for (to explore it early). */
export function linkMatches(intent: Intent, link: { name: string; url: string }): boolean {
  const c: Candidate = {
    match: { kind: "page", page: { url: link.url, navNames: [], otherNames: [], snapshot: null, start: false } },
    primary: words([link.name, new URL(link.url).pathname.replace(/[-_/.]/g, " ")]),
    secondary: new Set(),
  };
  return intent.targets.some((t) => scoreOf(t, c) >= MATCH_THRESHOLD);
}
