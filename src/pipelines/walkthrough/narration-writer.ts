import { LEAD_IN_SECONDS, TAIL_SECONDS } from "../../media/compose/timeline.js";
import { spokenWordCount } from "../../media/tts/spoken-form.js";
import { type BeatSubject, beatLines } from "./beat-lines.js";
import type { BeatDraft } from "./intent-plan.js";
import { lintNarration } from "./narration-lint.js";
import { headlessAnchor } from "./page-content.js";
import { MIN_BEAT_SECONDS, WORDS_PER_SECOND } from "./plan.js";
import { documentOf, type PageSnapshot, type SiteMap } from "./site-map.js";
import { sayable, spokenName } from "./spoken-names.js";
import { Variety } from "./variety.js";

/**
 * The presenter's lines for a plan (English; other languages keep their templates, phrases.ts). Each
 * beat's subject is read off its action and target and the page it is on; its sentences come from what
 * the page says (beat-lines.ts). With a fixed length the words are shared out so the spoken plan fills
 * it: (target − a lead-in per beat) × the speaking rate, more for a page or a section than for a hover,
 * never more than a beat has to say (what one cannot say goes to the others). Without one a beat says
 * two or three sentences.
 */

/** Silence around each line (lead-in, tail) the timeline adds: not speech. */
export const LEAD_SECONDS = LEAD_IN_SECONDS + TAIL_SECONDS;
/**
 * The share of a fixed length the lines aim to speak for (less lead-ins and tails). The voice's pace
 * varies by ±5 % a line and clicks and zooms need their own time, so the plan leaves ~8 % of room: the
 * render fills it with short holds (timeline.ts caps them), while a plan written to the full length
 * lost its last beat, the one the hint asked for last (bench quality, admin app: 7 planned, 6 shown).
 */
export const FILL_SHARE = 0.92;
/** A beat's words when the length is Auto: two or three sentences. */
export const AUTO_WORDS = 20;

export interface WriterOptions {
  site: string;
  targetSeconds: number | null;
  maxSeconds: number | null;
}

/** Words as the voice says them (spoken-form.ts): the pace and the budgets count these. */
const wordsOf = spokenWordCount;

const snapshotOf = (map: SiteMap, url: string): PageSnapshot | null =>
  map.pages.find((p) => p.url === documentOf(url))?.snapshot ?? null;

/** What a beat shows, from its action, its target and its page; null: keep the line it was given. */
export function subjectOf(d: BeatDraft, prev: BeatDraft | null, map: SiteMap, site: string): BeatSubject | null {
  const page = snapshotOf(map, d.url);
  const c = page?.content;
  const doc = documentOf(d.url);
  const name = d.target?.name ?? "";
  if (!prev) {
    const sections = map.sections.filter((s) => s.url === doc).map((s) => s.name);
    return { kind: "start", site, page, sections };
  }
  const role = d.target?.role;
  if (d.action === "navigate" || (d.action === "click" && role === "link" && doc !== documentOf(prev.url)))
    return d.action === "click" && page?.h1 && page.content && !/^(link|page)$/i.test(name) && isCta(name, map, prev)
      ? { kind: "cta", name, page }
      : { kind: "page", name: name || d.title, page };
  if (d.action === "click" && role === "tab") {
    const tab = c?.tabs.find((t) => t.name === name || spokenName(t.name) === spokenName(name));
    return tab ? { kind: "tab", ...tab } : null;
  }
  // A control that opens a dialog: the dialog's subject, not the control's (often nameless) words.
  const dialog =
    d.action === "click"
      ? c?.dialogs?.find((x) => (d.target?.css ? x.opener === d.target.css : !!name && x.item === name))
      : undefined;
  if (dialog) return { kind: "dialog", dialog };
  if (d.action === "click") return { kind: "cta", name, page: doc !== documentOf(prev.url) ? page : null };
  if (d.action === "type") {
    const value = d.value ?? "";
    if (role === "searchbox" || /search|filter/i.test(name))
      return { kind: "search", value, table: c?.tables[0] ?? null };
    const field = spokenName(name || d.title).toLowerCase();
    const form = c?.forms?.find((f) => f.fields.some((x) => x.toLowerCase() === field)) ?? c?.forms?.[0] ?? null;
    return { kind: "fill", field: name || d.title, value, form };
  }
  if (!c) return null;
  if (d.action === "hover" && role === "img") {
    const chart = c.charts.find((x) => (name && x.label === name) || (d.target?.css && x.css === d.target.css));
    return chart ? { kind: "chart", chart } : null;
  }
  if (d.action === "hover" && role === "table") {
    const table = c.tables.find((t) => t.css === d.target?.css) ?? c.tables[0];
    return table ? { kind: "table", table } : null;
  }
  if (d.action === "hover" && role === "region" && c.figures.length > 1) return { kind: "figures", content: c };
  // The first card of a block with no heading (Grayscale's address, email and phone): the block, whole.
  const headless =
    d.action === "hover" && role === "heading" ? c.blocks.find((b) => headlessAnchor(b) === name) : undefined;
  if (headless && headless.items.length >= 2) return { kind: "section", name: null, blocks: [headless], charts: [] };
  if (d.action === "hover") {
    // A card's heading, or its own control ("Choose Starter" on the Starter plan).
    const items = [...c.blocks.flatMap((b) => b.items), ...(c.plans ?? [])];
    const item =
      role === "heading"
        ? items.find((i) => i.title === name)
        : items.find((i) => i.kind === "plan" && new RegExp(`\\b${escapeRegExp(i.title)}\\b`, "i").test(name));
    if (item) return { kind: "item", item };
  }
  if (d.action === "hover" && (role === "link" || role === "button")) {
    const said = sayable(name);
    return said ? { kind: "control", name: said } : null;
  }
  // A figure's value the planner took for a heading ("$12,628"): the figure, by its label.
  const figure = role === "heading" ? c.figures.find((f) => f.value === name.trim()) : undefined;
  if (figure && (d.action === "hover" || d.action === "scroll")) return { kind: "figure", ...figure };
  if (d.action === "hover" && role === "heading") {
    if (!c.blocks.some((b) => b.heading === name)) {
      const said = sayable(name);
      return said ? { kind: "heading", name: said } : { kind: "scroll" };
    }
  }
  const id = /^\[id="(.+)"\]$/.exec(d.target?.css ?? "")?.[1];
  const section = map.sections.find((s) => s.url === doc && (s.heading === name || (id && s.id === id)));
  const heading = role === "heading" ? name : (section?.heading ?? null);
  const block =
    (heading ? c.blocks.find((b) => b.heading === heading) : undefined) ??
    (section?.id ? c.blocks.find((b) => b.section === section.id) : undefined) ??
    // A block with no heading, scrolled to by its first item's (a footer's "Location").
    (d.action === "scroll" && heading ? c.blocks.find((b) => headlessAnchor(b) === heading) : undefined);
  // A section the page links to but heads with no h2 (a gallery): named by its link.
  if (!block) {
    if (section) return { kind: "section", name: section.name, blocks: [], charts: [] };
    // A scroll to nothing sayable (a heading that is a number, placeholder copy): the page goes on.
    return d.action === "scroll" && !sayable(name) ? { kind: "scroll" } : null;
  }
  const row = c.blocks.filter((b) => Math.abs(b.top - block.top) < 40);
  const charts = c.charts.filter((x) => row.some((b) => b.charts.includes(x.heading ?? x.label ?? "")));
  const dialogs = (c.dialogs ?? []).filter((x) => x.section && row.some((b) => b.section === x.section));
  return { kind: "section", name: section?.name ?? null, blocks: row, charts, dialogs };
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** What calls to action say ("Start free trial", "Get a demo"). */
const CTA_WORDS = /^(start|get|try|sign up|book|request|choose|join|create|buy|download|generate|contact|talk)\b/i;

/** A call to action: its words say so, or only the page's content links it, not its navigation. */
function isCta(name: string, map: SiteMap, prev: BeatDraft): boolean {
  if (CTA_WORDS.test(name)) return true;
  const from = snapshotOf(map, prev.url);
  const links = from?.links.filter((l) => l.name === name) ?? [];
  return links.length > 0 && links.every((l) => l.region === "main");
}

/** Words a beat's line says at the least when it has more to say: its scene's shortest span of speech. */
const SHORT_LINE_WORDS = Math.ceil(MIN_BEAT_SECONDS * WORDS_PER_SECOND);

/** Shares `total` words by weight, a beat never given more than it can say (the rest goes to the others). */
export function shareWords(total: number, weights: number[], capacity: number[]): number[] {
  const out = weights.map(() => 0);
  let open = weights.map((_, i) => i);
  let left = total;
  for (;;) {
    const sum = open.reduce((s, i) => s + (weights[i] as number), 0);
    if (open.length === 0 || sum <= 0) break;
    const full = open.filter((i) => (capacity[i] as number) <= (left * (weights[i] as number)) / sum);
    if (full.length === 0) {
      for (const i of open) out[i] = (left * (weights[i] as number)) / sum;
      break;
    }
    for (const i of full) {
      out[i] = capacity[i] as number;
      left -= capacity[i] as number;
    }
    open = open.filter((i) => !full.includes(i));
  }
  return out;
}

/**
 * Picks each beat's sentences: its first always, then, one sentence at a time, the next sentence of the
 * beat it leaves least over its budget (`budgets` in words), until the plan reaches `total` words or nothing more
 * fits within 3 % over it, nor past `maxEstimate` seconds of estimate (what a render keeps: length-fit.ts).
 * Sentences keep their order in the line. Answers the lines.
 */
export function fitLines(lines: string[][], budgets: number[], total: number, maxEstimate = Infinity): string[] {
  const chosen = lines.map((l) => (l.length > 0 ? [0] : []));
  // Each sentence's spoken words, counted once (the spoken form is worked out by rules, sentence by sentence).
  const counts = lines.map((l) => l.map(wordsOf));
  const words = counts.map((c) => c[0] ?? 0);
  // plan.ts estimateSeconds, unrounded.
  const estimate = (w: number) => (w === 0 ? 0 : Math.max(MIN_BEAT_SECONDS, w / WORDS_PER_SECOND));
  let sum = words.reduce((s, w) => s + w, 0);
  let seconds = words.reduce((s, w) => s + estimate(w), 0);
  // A line shorter than its beat's shortest scene leaves the rest of the scene silent (over 2 s under five
  // words): such a beat takes its next sentence first, within the total and what the render keeps.
  for (const i of lines.keys()) {
    const next = counts[i]?.[1];
    if (next === undefined || (words[i] as number) >= SHORT_LINE_WORDS) continue;
    const w = (words[i] as number) + next;
    if (sum + w - (words[i] as number) > total * 1.03) continue;
    if (seconds + estimate(w) - estimate(words[i] as number) > maxEstimate) continue;
    seconds += estimate(w) - estimate(words[i] as number);
    (chosen[i] as number[]).push(1);
    sum += w - (words[i] as number);
    words[i] = w;
  }
  for (;;) {
    if (sum >= total * 0.97) break;
    let best: { i: number; j: number; ratio: number; n: number } | null = null;
    for (const [i, l] of lines.entries()) {
      const budget = Math.max(1, budgets[i] ?? 0);
      // Only the beat's next sentence: a line never skips what its later sentences build on.
      for (let j = chosen[i]?.length ?? 0; j < l.length && j === (chosen[i]?.length ?? 0); j++) {
        const n = counts[i]?.[j] ?? 0;
        const w = (words[i] as number) + n;
        if (sum + n > total * 1.03 || w > budget * 1.6) continue;
        if (seconds + estimate(w) - estimate(words[i] as number) > maxEstimate) continue;
        const ratio = w / budget;
        if (!best || ratio < best.ratio) best = { i, j, ratio, n };
      }
    }
    if (!best) break;
    seconds += estimate((words[best.i] as number) + best.n) - estimate(words[best.i] as number);
    (chosen[best.i] as number[]).push(best.j);
    words[best.i] = (words[best.i] as number) + best.n;
    sum += best.n;
  }
  return lines.map((l, i) =>
    [...(chosen[i] as number[])]
      .sort((a, b) => a - b)
      .map((j) => l[j])
      .join(" "),
  );
}

const WEIGHT: Record<BeatSubject["kind"], number> = {
  start: 1.6,
  page: 1.3,
  section: 1.1,
  tab: 1,
  table: 1,
  search: 1,
  chart: 0.9,
  item: 0.8,
  figures: 1,
  cta: 1,
  dialog: 0.8,
  fill: 0.8,
  control: 0.6,
  scroll: 0.6,
  figure: 0.6,
  heading: 0.6,
};

/** Said before the first of a run of charts: the viewer hears where the tour is going. */
const CHART_RUN = ["Next, the charts.", "Now to the charts.", "On to the charts."];

/** The sentence says again a four-word phrase of what was said before (narration-lint.ts's rule). */
const repeatsPhrase = (before: string[], sentence: string): boolean =>
  before.length > 0 &&
  lintNarration({ lines: [before.join(" "), sentence], bodyText: [] }).some(
    (f) => f.rule === "repeated-phrase" && f.line === 1,
  );

const quotesOf = (s: string): string[] => [...s.matchAll(/“([^”]+)”/g)].map((m) => `“${m[1]}”`);

/** A template line kept for a beat the writer cannot place, its target's name as a viewer reads it. */
function keptLine(d: BeatDraft): string {
  const name = d.target?.name;
  return name ? d.narration.split(name).join(spokenName(name)) : d.narration;
}

/** The drafts with English presenter lines in place of their templates (see the module comment). */
export function writeNarration(drafts: BeatDraft[], map: SiteMap, opts: WriterOptions): BeatDraft[] {
  const subjects = drafts.map((d, i) => subjectOf(d, i === 0 ? null : (drafts[i - 1] as BeatDraft), map, opts.site));
  // One video's choice of sentence frames: none said more than twice while there are others.
  const variety = new Variety();
  const said = new Set<string>();
  const spoken: string[] = [];
  const lines = subjects.map((s, i) => {
    if (!s) {
      const own = keptLine(drafts[i] as BeatDraft);
      variety.heard(own);
      return [own];
    }
    // A sentence already said, one quoting what was already quoted (the same footer under three charts)
    // or one repeating a phrase of an earlier one (a tagline and an opening line that share four words)
    // is not said again.
    const out = beatLines(s, variety).filter(
      (x, j) => j === 0 || (!said.has(x) && !quotesOf(x).some((q) => said.has(q)) && !repeatsPhrase(spoken, x)),
    );
    for (const x of out) for (const key of [x, ...quotesOf(x)]) said.add(key);
    spoken.push(...out);
    const prev = subjects[i - 1]?.kind;
    if (s.kind === "chart" && prev !== "chart" && prev !== "page" && subjects[i + 1]?.kind === "chart" && out[0])
      out[0] = `${variety.pick("run.charts", CHART_RUN)} ${out[0]}`;
    return out;
  });
  const n = drafts.length;
  const capacity = lines.map((l) => l.reduce((s, x) => s + wordsOf(x), 0));
  const weights = subjects.map((s) => (s ? WEIGHT[s.kind] : 1));
  const total = opts.targetSeconds
    ? WORDS_PER_SECOND * (FILL_SHARE * opts.targetSeconds - LEAD_SECONDS * n)
    : Math.min(
        n * AUTO_WORDS,
        opts.maxSeconds ? WORDS_PER_SECOND * (opts.maxSeconds - LEAD_SECONDS * n) : Number.POSITIVE_INFINITY,
      );
  const budgets = shareWords(Math.max(0, total), weights, capacity);
  // The render keeps beats while their estimates fit the length: stay just under it.
  const ceiling = opts.targetSeconds ?? opts.maxSeconds;
  const fitted = fitLines(
    lines,
    budgets,
    Math.max(0, total),
    ceiling ? FILL_SHARE * ceiling - LEAD_SECONDS * n : Number.POSITIVE_INFINITY,
  );
  return drafts.map((d, i) => ({ ...d, narration: fitted[i] as string }));
}
