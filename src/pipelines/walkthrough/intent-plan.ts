import type { BeatDraft, PlanWarning } from "./beats.js";
import { type ActionOutcome, fillBeat, openBeat, searchBeat, tabBeat, targetOf } from "./intent-actions.js";
import { MATCH_THRESHOLD, type Matched, matchIntent, nameScore } from "./intent-match.js";
import type { Intent } from "./intents.js";
import type { Phrases } from "./phrases.js";
import { documentOf, type MappedPage, type SectionTarget, type SiteMap } from "./site-map.js";

/**
 * The plan a hint steers: the start beat, then each intent in the asked order as beats (open the page
 * and scroll to what lies below its first screen, scroll to the section, open the tab, type into the
 * search box or form), then other discovered content
 * (sections of the page in view, then the default plan's beats) without showing a view twice. An
 * intent nothing matches is reported as a warning, never silently dropped.
 */

/** Kept here until the narration writer imports it from beats.ts. */
export type { BeatDraft } from "./beats.js";

export interface SteeredPlan {
  drafts: BeatDraft[];
  /** Per draft: the index of the intent it serves, null for filler. */
  intentOf: (number | null)[];
  warnings: PlanWarning[];
}

export const NO_MATCH = "no page, section or control matches";
export const PLAN_FULL = "the plan has no room left";
export const NOT_PERFORMED = "the matched control could not be used";

/** A section's scroll target: its heading, else its element by id. */
const sectionTarget = (s: SectionTarget): BeatDraft["target"] =>
  s.heading ? { role: "heading", name: s.heading } : { css: `[id="${s.id.replace(/["\\]/g, "\\$&")}"]` };
const sectionKey = (s: SectionTarget) => `${s.url}|scroll|section|${s.id || s.heading}`;

/** A view's identity: the same view is never shown twice. */
export const viewKey = (d: BeatDraft): string => {
  const doc = documentOf(d.url);
  if (d.action === "navigate" || (d.action === "click" && d.target?.role === "link")) return doc;
  // Scrolling to a heading and hovering it show the same part of the page.
  if ((d.action === "scroll" || d.action === "hover") && d.target?.role === "heading")
    return `${doc}|heading|${d.target.name ?? ""}`;
  return `${doc}|${d.action}|${d.target?.role ?? ""}|${d.target?.name ?? d.target?.css ?? ""}|${d.value ?? ""}`;
};

export function planWithIntents(
  map: SiteMap,
  intents: Intent[],
  first: BeatDraft,
  filler: BeatDraft[],
  t: Phrases,
  maxBeats: number,
): SteeredPlan {
  const drafts: BeatDraft[] = [first];
  const intentOf: (number | null)[] = [null];
  const warnings: PlanWarning[] = [];
  const shown = new Set<string>([viewKey(first)]);
  let current = documentOf(first.url);

  const pageOf = (url: string): MappedPage | undefined => map.pages.find((p) => p.url === documentOf(url));
  const push = (d: BeatDraft, intent: number | null): boolean => {
    if (drafts.length >= maxBeats) return false;
    drafts.push(d);
    intentOf.push(intent);
    shown.add(viewKey(d));
    if (d.action === "navigate" || d.action === "click") current = documentOf(d.url);
    return true;
  };
  /** Opens a page: a click on the link the current page has to it, else a navigation. */
  const arrive = (url: string, fallbackName: string, intent: number | null, base?: BeatDraft): boolean => {
    const doc = documentOf(url);
    if (doc === current) return true;
    const here = pageOf(current)?.snapshot;
    // A link in view first, then one behind a collapsed group (opened on the way), the footer's last.
    const links = (here?.links ?? []).filter((l) => sameDoc(l.href, doc) && !new URL(l.href).hash);
    const link =
      links.find((l) => l.region !== "footer" && !l.via) ??
      links.find((l) => l.region !== "footer") ??
      links.find((l) => !l.via) ??
      links[0];
    const dest = pageOf(doc)?.snapshot;
    const name = link?.name ?? dest?.h1 ?? fallbackName;
    const via = link?.via?.map(targetOf);
    return push(
      {
        title: base?.title ?? dest?.h1 ?? name,
        action: link ? "click" : "navigate",
        target: link ? { role: "link", name: link.name, ...(via ? { via } : {}) } : null,
        url: doc,
        narration: base?.narration ?? t.open(name),
      },
      intent,
    );
  };

  /** The heading of the part of the page last scrolled to (where "opening one project" looks first). */
  let section: string | null = null;
  for (const [i, intent] of intents.entries()) {
    let matched: Matched | null = intent.targets.length > 0 ? matchIntent(intent, map) : null;
    // "search for London" with no place named (or none matching): the page with a table search, the current one first.
    if (!matched && intent.action?.kind === "search") {
      const withTable = (p: MappedPage) => p.snapshot?.tables.some((tb) => tb.search) ?? false;
      const page =
        (pageOf(current) && withTable(pageOf(current) as MappedPage) ? pageOf(current) : undefined) ??
        map.pages.find(withTable);
      if (page) matched = { kind: "page", page };
    }
    // "typing in a name", "opening one project" with no place named: the page in view.
    const here = pageOf(current);
    if (!matched && intent.targets.length === 0 && intent.action && here) matched = { kind: "page", page: here };
    // "The sign-up form at the top": the top of its page, not a part further down that shares its name.
    if (matched?.kind === "section" && intent.atTop) {
      const page = pageOf(matched.section.url);
      if (page) matched = { kind: "page", page };
    }
    if (!matched) {
      warnings.push({ intent: intent.text, reason: NO_MATCH });
      continue;
    }
    let ok = true;
    if (matched.kind === "page") {
      const p = matched.page;
      // The hint's first place is the page the walkthrough opens on: the opening beat shows it, by the
      // name that answers the hint ("Ecommerce Dashboard", not the brand link to the same page).
      if (drafts.length === 1 && documentOf(p.url) === current) {
        const words = intent.targets.flat();
        const named = [...p.navNames, ...p.otherNames].sort((a, b) => nameScore(words, b) - nameScore(words, a))[0];
        if (named && nameScore(words, named) >= MATCH_THRESHOLD)
          drafts[0] = { ...(drafts[0] as BeatDraft), title: named };
        intentOf[0] = i;
      }
      ok = arrive(p.url, p.navNames[0] ?? p.otherNames[0] ?? p.snapshot?.h1 ?? p.url, i);
    } else if (matched.kind === "section") {
      const s = matched.section;
      ok = arrive(s.url, s.name, i);
      if (ok && !shown.has(sectionKey(s))) {
        ok = push(
          { title: s.name, action: "scroll", target: sectionTarget(s), url: s.url, narration: t.scrollTo(s.name) },
          i,
        );
        shown.add(sectionKey(s));
        section = s.heading;
      }
    } else {
      const tab = matched.tab;
      ok =
        arrive(tab.url, tab.name, i) &&
        push(
          {
            title: tab.name,
            action: "click",
            target: targetOf(tab.control),
            url: tab.url,
            narration: t.open(tab.name),
          },
          i,
        );
    }
    if (!ok) {
      warnings.push({ intent: intent.text, reason: PLAN_FULL });
      continue;
    }
    const snap = pageOf(current)?.snapshot ?? null;
    // A page asked for without an action: scrolled to what lies below its first screen, once.
    const below = matched.kind === "page" && !intent.action && !intent.tab ? snap?.belowFold[0] : undefined;
    if (below) {
      const scroll: BeatDraft = {
        title: below,
        action: "scroll",
        target: { role: "heading", name: below },
        url: current,
        narration: t.scrollMore(below),
      };
      if (!shown.has(viewKey(scroll))) push(scroll, i);
    }
    const outcomes: ActionOutcome[] = [];
    if (intent.tab) outcomes.push(tabBeat(intent, map.tabs, current, t));
    if (intent.action?.kind === "search") outcomes.push(searchBeat(intent, snap, current, t));
    else if (intent.action?.kind === "fill") outcomes.push(fillBeat(intent, snap, current, t));
    else if (intent.action?.kind === "open") outcomes.push(openBeat(snap, section, current, t));
    for (const outcome of outcomes)
      if ("reason" in outcome) warnings.push({ intent: intent.text, reason: outcome.reason });
      else if (!push(outcome.beat, i)) warnings.push({ intent: intent.text, reason: PLAN_FULL });
  }

  // Filler: the sections of the page in view not shown yet, then the default plan's beats.
  for (const s of map.sections) {
    if (s.url !== current) continue;
    const key = sectionKey(s);
    if (shown.has(key) || (s.heading && shown.has(`${s.url}|scroll|heading|${s.heading}|`))) continue;
    if (
      !push(
        { title: s.name, action: "scroll", target: sectionTarget(s), url: s.url, narration: t.scrollTo(s.name) },
        null,
      )
    )
      break;
    shown.add(key);
  }
  for (const d of filler) {
    if (drafts.length >= maxBeats) break;
    if (shown.has(viewKey(d))) continue;
    const doc = documentOf(d.url);
    const arrival = d.action === "navigate" || (d.action === "click" && doc !== current && d.target?.role === "link");
    if (arrival) {
      arrive(d.url, d.title, null, d);
      continue;
    }
    // A beat of another page than the one in view cannot be performed from here.
    if (doc !== current) continue;
    push(d, null);
  }
  return { drafts, intentOf, warnings };
}

const sameDoc = (href: string, doc: string): boolean => {
  try {
    return documentOf(href) === doc;
  } catch {
    return false;
  }
};

/**
 * Intents with a beat dropped when the plan was replayed (its target was not there to act on), as
 * warnings; `kept` holds the indexes of the drafts that were performed.
 */
export function unperformed(steered: SteeredPlan, intents: Intent[], kept: ReadonlySet<number>): PlanWarning[] {
  const warned = new Set(steered.warnings.map((w) => w.intent));
  const out: PlanWarning[] = [];
  for (const [i, intent] of intents.entries()) {
    const planned = steered.intentOf.map((x, d) => (x === i ? d : -1)).filter((d) => d >= 0);
    if (planned.length === 0 || warned.has(intent.text)) continue;
    if (!planned.every((d) => kept.has(d))) out.push({ intent: intent.text, reason: NOT_PERFORMED });
  }
  return out;
}
