import type { BeatDraft } from "./beats.js";
import { dialogTarget } from "./intent-actions.js";
import { type SteeredPlan, viewKey } from "./intent-plan.js";
import { headlessAnchor } from "./page-content.js";
import { documentOf, type PageSnapshot, type SiteMap } from "./site-map.js";

/**
 * Filling the plan to its beat count with what the visited pages show: each chart, the table, the tabs,
 * the blocks below the first screen, a card or plan of a section just scrolled to. The hint's beats stay
 * first and in order; content of a page already in the plan goes in before new pages are added, one
 * item per view per round, and no view is shown twice. A site with too little gives a shorter plan.
 */

/** A beat that types right after the scroll before it (the hint's form or search there). */
const isTyping = (d: BeatDraft, prev: BeatDraft): boolean =>
  d.action === "type" && documentOf(d.url) === documentOf(prev.url);

const isArrival = (d: BeatDraft, prev: BeatDraft | undefined): boolean =>
  !prev ||
  d.action === "navigate" ||
  (d.action === "click" && d.target?.role === "link" && documentOf(d.url) !== documentOf(prev.url));

interface Candidate {
  draft: BeatDraft;
  /** Goes at the end of the page's run of beats (scrolls down the page) rather than after its anchor. */
  atEnd: boolean;
}

function pageCandidates(snap: PageSnapshot, url: string): Candidate[] {
  const c = snap.content;
  if (!c) return [];
  const out: Candidate[] = [];
  for (const chart of c.charts) {
    if (!chart.label && !chart.css) continue;
    const title = chart.heading ?? chart.label ?? "Chart";
    const target = {
      role: "img",
      ...(chart.label ? { name: chart.label } : {}),
      ...(chart.css ? { css: chart.css } : {}),
    };
    out.push({ draft: { title, action: "hover", target, url, narration: `${title}.` }, atEnd: false });
  }
  for (const t of c.tables)
    if (t.css)
      out.push({
        draft: {
          title: t.heading ?? "Table",
          action: "hover",
          target: { role: "table", css: t.css },
          url,
          narration: `${t.heading ?? "The table"}.`,
        },
        atEnd: false,
      });
  for (const tab of c.tabs.slice(1).filter((x) => /\p{L}/u.test(x.name))) {
    // The tab as the site map names it (an icon's ligature left out: "email Messages" is Messages).
    const control = snap.tabs.find((x) => x.name === tab.name || tab.name.endsWith(` ${x.name}`));
    const name = control?.name ?? tab.name;
    const target = { role: "tab", name, ...(control?.css ? { css: control.css } : {}) };
    out.push({ draft: { title: name, action: "click", target, url, narration: `${name}.` }, atEnd: false });
  }
  // One scroll per row of blocks below the first screen; a row holding a chart is left to the chart's hover.
  const rows: number[] = [];
  for (const b of c.blocks) {
    if (!snap.belowFold.includes(b.heading) || rows.some((top) => Math.abs(top - b.top) < 40)) continue;
    rows.push(b.top);
    const mates = c.blocks.filter((m) => Math.abs(m.top - b.top) < 40);
    if (mates.some((m) => m.charts.length > 0)) continue;
    const target = { role: "heading", name: b.heading };
    out.push({ draft: { title: b.heading, action: "scroll", target, url, narration: `${b.heading}.` }, atEnd: true });
  }
  // A block with no heading of its own below the first screen (a footer of titled columns, a section no
  // link names): scrolled to by its first item's heading.
  for (const b of c.blocks) {
    const anchor = headlessAnchor(b);
    if (!anchor || !b.below || rows.some((top) => Math.abs(top - b.top) < 40)) continue;
    if (snap.sections.some((s) => b.section && s.id === b.section)) continue;
    rows.push(b.top);
    const target = { role: "heading", name: anchor };
    out.push({ draft: { title: anchor, action: "scroll", target, url, narration: `${anchor}.` }, atEnd: true });
  }
  return out;
}

/**
 * What a scroll beat's block offers: a card (the featured plan, else the first card with a heading), then
 * one item of the block opened in its dialog (a portfolio's project; the next beat closes it).
 */
function blockCandidates(snap: PageSnapshot, heading: string, url: string): Candidate[] {
  const out: Candidate[] = [];
  // The block under that heading, or the block of the section the heading opens (one with no h2 of its own).
  const section = snap.sections.find((s) => s.heading === heading)?.id;
  const blocks = snap.content?.blocks ?? [];
  const block =
    blocks.find((b) => b.heading === heading) ?? (section ? blocks.find((b) => b.section === section) : undefined);
  // Not the heading just scrolled to: hovering it shows nothing new.
  const items =
    block?.items.filter((i) => i.heading && i.title !== heading && (i.text || i.detail || i.points.length > 0)) ?? [];
  const item = items.find((i) => i.badge) ?? items[0];
  if (item) {
    const target = { role: "heading", name: item.title };
    out.push({ draft: { title: item.title, action: "hover", target, url, narration: `${item.title}.` }, atEnd: false });
  }
  // Two of its items at most: one more after the hint's own.
  for (const dialog of (snap.dialogs ?? []).filter((d) => d.section === heading && d.name).slice(0, 2))
    out.push({
      draft: {
        title: dialog.name,
        action: "click",
        target: dialogTarget(dialog.control),
        url,
        narration: `${dialog.name}.`,
      },
      atEnd: false,
    });
  return out;
}

/**
 * The beat count a length asks for: about 7.5 s a beat. A beat's first sentence alone is ~6 s of
 * speech on the fixtures (a figure list, a chart's range), plus its lead-in and tail; at 6.5 s a beat
 * the first sentences of a 45 s admin plan already overran the length the render can hold.
 */
const SECONDS_PER_BEAT = 7.5;

export function beatsFor(
  targetSeconds: number | null,
  maxSeconds: number | null,
  min: number,
  max: number,
  auto: number,
): number {
  const clamp = (n: number) => Math.max(min, Math.min(max, n));
  if (targetSeconds) return clamp(Math.round(targetSeconds / SECONDS_PER_BEAT));
  if (maxSeconds) return Math.min(auto, clamp(Math.round(maxSeconds / SECONDS_PER_BEAT)));
  return auto;
}

/**
 * The steered plan cut or filled to `count` beats: the start and the hint's beats (never dropped), then
 * content of the pages they show, then the other pages the plan offers (each with its content), then
 * more content per view, round after round.
 */
export function fillPlan(steered: SteeredPlan, map: SiteMap, count: number): SteeredPlan {
  const { drafts, intentOf } = steered;
  const lastIntent = intentOf.reduce<number>((last, x, i) => (x === null ? last : i), 0);
  const snapOf = (url: string) => map.pages.find((p) => p.url === documentOf(url))?.snapshot ?? null;
  const shown = new Set(drafts.map(viewKey));
  const charts = new Set<string>();
  const chartTitles = new Set<string>();
  /** The beats from `i` to the next arrival. */
  const runFrom = (i: number): BeatDraft[] => {
    const end = drafts.findIndex((d, k) => k > i && isArrival(d, drafts[k - 1]));
    return drafts.slice(i, end === -1 ? drafts.length : end);
  };
  // Which run (an arrival and the beats after it on its page) each beat is in, and the runs serving the hint.
  const runStart = drafts.map((_, i) => i);
  drafts.forEach((d, i) => {
    if (i > 0 && !isArrival(d, drafts[i - 1])) runStart[i] = runStart[i - 1] as number;
  });
  const served = new Set(intentOf.flatMap((x, i) => (x === null ? [] : [runStart[i]])));
  const candidatesOf = (i: number): Candidate[] => {
    const d = drafts[i] as BeatDraft;
    const snap = snapOf(d.url);
    // Before the hint's last beat only the pages the hint asks for show more: the hint comes first.
    if (!snap || (i <= lastIntent && served.size > 0 && !served.has(runStart[i] as number))) return [];
    const next = drafts[i + 1];
    const searched = runFrom(i).some((x) => x.action === "type");
    const found = isArrival(d, drafts[i - 1])
      ? pageCandidates(snap, d.url).filter((c) => !(searched && c.draft.target?.role === "table"))
      : d.action === "scroll" && d.target?.role === "heading" && d.target.name && !(next && isTyping(next, d))
        ? blockCandidates(snap, d.target.name, d.url)
        : [];
    return found.filter((c) => {
      const key = viewKey(c.draft);
      // The same chart on two pages (a dashboard and its charts page) is shown once.
      const chart = c.draft.target?.role === "img" ? `${c.draft.target.name ?? ""}|${c.draft.title}` : null;
      if (shown.has(key) || (chart && charts.has(chart))) return false;
      shown.add(key);
      if (chart) {
        charts.add(chart);
        chartTitles.add(c.draft.title);
      }
      return true;
    });
  };

  // Included original beats (a prefix past the core) and, per original beat, how many of its candidates.
  let included = lastIntent + 1;
  const pools = drafts.map((_, i) => (i < included ? candidatesOf(i) : null));
  const taken = drafts.map(() => 0);
  let room = count - included;
  const takeRound = (round: number, upTo: number) => {
    for (let i = 0; i < upTo && room > 0; i++)
      if ((pools[i]?.length ?? 0) > round && taken[i] === round) {
        taken[i] = round + 1;
        room--;
      }
  };
  takeRound(0, included);
  const skipped = new Set<number>();
  while (room > 0 && included < drafts.length) {
    const d = drafts[included] as BeatDraft;
    // The default plan's hover on a chart's heading shows a chart already described.
    if (d.action === "hover" && d.target?.role === "heading" && chartTitles.has(d.target.name ?? "")) {
      skipped.add(included++);
      continue;
    }
    pools[included] = candidatesOf(included);
    included++;
    room--;
    takeRound(0, included);
  }
  for (let round = 1; room > 0 && round < 8; round++) takeRound(round, included);

  // Assemble run by run (a run: an arrival and the beats after it on the same page). A page's hovers and
  // tabs go after the run's opening beats, before it scrolls down (the hint's beats stay together); a
  // card of a section goes after the run's last scroll when that scroll ends the run; scrolls to blocks
  // lower down close the run. A table is not described after a search has filtered it.
  const out: BeatDraft[] = [];
  const outIntent: (number | null)[] = [];
  const emit = (d: BeatDraft, intent: number | null) => {
    out.push(d);
    outIntent.push(intent);
  };
  const runs: number[][] = [];
  for (let i = 0; i < included; i++)
    if (skipped.has(i)) continue;
    else if (i === 0 || isArrival(drafts[i] as BeatDraft, drafts[i - 1])) runs.push([i]);
    else runs[runs.length - 1]?.push(i);
  for (const run of runs) {
    const chosen = run.map((i) => (pools[i] ?? []).slice(0, taken[i]));
    const searched = run.some((i) => drafts[i]?.action === "type");
    const firstScroll = run.findIndex((i) => drafts[i]?.action === "scroll");
    const opening = firstScroll === -1 ? run.length : firstScroll;
    const early = (chosen[0] ?? []).filter((c) => !c.atEnd && !(searched && c.draft.target?.role === "table"));
    // A scroll's own card or item goes right after it, before the next part of the page (or a hint's
    // action there: a form is filled straight after its scroll).
    run.forEach((i, k) => {
      emit(drafts[i] as BeatDraft, intentOf[i] ?? null);
      if (k === opening - 1) for (const c of early) emit(c.draft, null);
      if (k > 0 && drafts[i]?.action === "scroll") for (const c of chosen[k] ?? []) if (!c.atEnd) emit(c.draft, null);
    });
    for (const c of chosen[0] ?? []) if (c.atEnd) emit(c.draft, null);
  }
  return { drafts: out, intentOf: outIntent, warnings: steered.warnings };
}
