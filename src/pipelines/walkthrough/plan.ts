import type { Page } from "playwright-core";
import { pageScript, runPageScript } from "../../media/browser/page-script.js";
import { SPOKEN_WORDS_PER_SECOND, spokenWordCount } from "../../media/tts/spoken-form.js";
import { siteNameFrom, type TitledPage } from "../browsing/site-name.js";
import type { Beat, BeatDraft } from "./beats.js";
import { cleanNarration } from "./narration-text.js";
import type { PageScan } from "./page-scan-types.js";
import { type Phrases, phrasesFor } from "./phrases.js";

export type { PageScan } from "./page-scan-types.js";

export const MIN_BEATS = 4;
/** Beats of an Auto-length plan (and of the default plan before content is added). */
export const AUTO_BEATS = 8;
/** Beats of the longest fixed-length plan (about 75 s); the render caps beats at 60 anyway. */
export const MAX_BEATS = 14;
export const MAX_NAV_PAGES = 3;
/** The voices' speaking rate for estimating a line's length: ~150 words a minute, a presenter's pace. */
export const WORDS_PER_SECOND = SPOKEN_WORDS_PER_SECOND;
/** The shortest a beat's line is estimated at (a line is worth 3 s at least). */
export const MIN_BEAT_SECONDS = 3;

const STOP_WORDS = new Set(
  "the and for with that this from show shows showing our your their about into then also page pages first walkthrough video demo please want make focus".split(
    " ",
  ),
);

/** Reads what the planner needs off a page (page-scan-types.ts), in an isolated world of the page. */
const SCAN = pageScript<null, PageScan>(new URL("./page/plan-scan.page.ts", import.meta.url));

export async function scanPage(page: Page): Promise<PageScan> {
  return await runPageScript(page, SCAN, null);
}

const sentence = (text: string | null | undefined, maxWords = 25): string => {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (!clean) return "";
  const first = /^(.+?[.!?])(\s|$)/.exec(clean)?.[1] ?? clean;
  const words = first.split(" ");
  const cut = words.length > maxWords ? `${words.slice(0, maxWords).join(" ")}` : first;
  return /[.!?]$/.test(cut) ? cut : `${cut.replace(/[,:;]$/, "")}.`;
};

/** A line's seconds at the voice's pace, by the words it takes to say (numbers read out in full). */
export const estimateSeconds = (narration: string): number => {
  const words = spokenWordCount(narration);
  return Math.max(MIN_BEAT_SECONDS, Math.round((words / WORDS_PER_SECOND) * 10) / 10);
};

/** The site's name from its titles (site-name.ts): "Dashboard · Meridian Ops" → "Meridian Ops". */
const titled = (scan: PageScan): TitledPage => ({
  url: scan.url,
  title: scan.title,
  namedSite: scan.namedSite ?? null,
  text: [...scan.navLinks.map((l) => l.name), scan.h1 ?? "", scan.paragraph ?? ""],
});

/** The site's name, from the start page's title and the other explored pages' (site-name.ts). */
export const siteNameOf = (start: PageScan, others: PageScan[]): string =>
  siteNameFrom(titled(start), others.map(titled));

export function hintKeywords(hint: string | null): string[] {
  if (!hint) return [];
  return [
    ...new Set(
      hint
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 3 && !STOP_WORDS.has(w)),
    ),
  ];
}

type Draft = BeatDraft;

/** Beats that belong together (a page visit and what is shown on it), reordered as a whole. */
export interface Segment {
  key: string;
  beats: Draft[];
  /** Text the hint is matched against. */
  about: string;
}

const draft = (d: Draft): Draft => d;

/**
 * A page explored for the plan. `navigate` pages are not linked from the start page (the page a
 * sign-in landed on): the beat opens them directly instead of clicking a link.
 */
export interface ExploredPage {
  link: { name: string; href: string; navigate?: boolean };
  scan: PageScan;
}

/**
 * The plan from what was explored: the start page first, then one segment per nav page (a click, and
 * the one hover and one scroll beat of the plan where they fit), then the call to action (a click, and
 * a typed field when it leads to a form). Segments the hint names move first; the plan is cut to 8
 * beats and padded to 4 with scroll beats on the start page.
 */
export function buildPlan(
  start: PageScan,
  pages: ExploredPage[],
  cta: { name: string; role: "link" | "button"; scan: PageScan | null } | null,
  hint: string | null,
  language: string | null = null,
  /** The most beats offered: a fixed length may take more than the default plan's eight. */
  maxBeats: number = AUTO_BEATS,
): Draft[] {
  const t: Phrases = phrasesFor(language);
  const name = siteNameOf(start, [...pages.map((p) => p.scan), ...(cta?.scan ? [cta.scan] : [])]);
  const first = draft({
    title: t.welcomeTitle(name),
    action: "navigate",
    target: null,
    url: start.url,
    narration: [t.welcome(name), sentence(start.h1)].filter(Boolean).join(" "),
  });
  // The hover beat goes to the first page with a card control of its own name (a visible hover
  // style), else the first page with a card heading.
  const hoverPage =
    pages.find((p) => p.scan.cardActions.length > 0) ?? pages.find((p) => p.scan.cardHeadings.length > 0);
  let hoverUsed = false;
  let scrollUsed = false;
  const segments: Segment[] = [];
  for (const { link, scan } of pages) {
    const beats: Draft[] = [
      {
        title: link.name,
        action: link.navigate ? "navigate" : "click",
        target: link.navigate ? null : { role: "link", name: link.name },
        url: scan.url,
        narration: [
          t.open(link.name),
          scan.h1 && scan.h1.toLowerCase() !== link.name.toLowerCase() ? sentence(scan.h1) : "",
          sentence(scan.paragraph),
        ]
          .filter(Boolean)
          .join(" "),
      },
    ];
    const control = scan.cardActions[0];
    const card = scan.cardHeadings[0];
    if (!hoverUsed && hoverPage?.link.href === link.href && (control || card)) {
      hoverUsed = true;
      beats.push(
        control
          ? {
              title: control.name,
              action: "hover",
              target: { role: control.role, name: control.name },
              url: scan.url,
              narration: t.cardAction(control.name),
            }
          : {
              title: card as string,
              action: "hover",
              target: { role: "heading", name: card as string },
              url: scan.url,
              narration: t.cardCovers(card as string),
            },
      );
    }
    const section = scan.sectionHeadings[0];
    if (!scrollUsed && scan.long && section) {
      scrollUsed = true;
      beats.push({
        title: section,
        action: "scroll",
        target: { role: "heading", name: section },
        url: scan.url,
        narration: t.scrollMore(section),
      });
    }
    segments.push({ key: link.href, beats, about: `${link.name} ${link.href} ${scan.h1 ?? ""}` });
  }
  if (cta) {
    const beats: Draft[] = [
      {
        title: cta.name,
        action: "click",
        target: { role: cta.role, name: cta.name },
        url: cta.scan?.url ?? start.url,
        narration: [t.cta(cta.name), sentence(cta.scan?.h1)].filter(Boolean).join(" "),
      },
    ];
    const box = cta.scan?.textbox;
    if (cta.scan && box) {
      const value = box.type === "email" ? "jane@example.com" : /name/i.test(box.name) ? "Jane Doe" : "Example";
      beats.push({
        title: box.name,
        action: "type",
        target: { role: "textbox", name: box.name },
        url: cta.scan.url,
        value,
        narration: t.fill(box.name),
      });
    }
    segments.push({ key: "cta", beats, about: `${cta.name} ${cta.scan?.url ?? ""} ${cta.scan?.h1 ?? ""}` });
  }

  // Segments the hint names come first, in the order the hint names them ("pricing, then features").
  const words = hintKeywords(hint);
  const score = (s: Segment) => {
    const about = s.about.toLowerCase();
    return words.filter((w) => about.includes(w)).length;
  };
  const firstMention = (s: Segment) => {
    const about = s.about.toLowerCase();
    const at = words.findIndex((w) => about.includes(w));
    return at === -1 ? Number.POSITIVE_INFINITY : at;
  };
  const ordered = segments
    .map((s, i) => ({ s, i, at: firstMention(s), n: score(s) }))
    .sort((a, b) => a.at - b.at || b.n - a.n || a.i - b.i)
    .map((x) => x.s);

  const plan: Draft[] = [first];
  const startExtras: Draft[] = [];
  // A hint that names a page takes it straight after the start page; otherwise the start page is shown first.
  const hinted = ordered.some((seg) => score(seg) > 0);
  if (!hinted && !hoverUsed && start.cardHeadings[0]) {
    const card = start.cardHeadings[0];
    startExtras.push({
      title: card,
      action: "hover",
      target: { role: "heading", name: card },
      url: start.url,
      narration: t.cardCovers(card),
    });
  }
  const lastSection = start.sectionHeadings[0];
  if (!hinted && !scrollUsed && start.long && lastSection) {
    startExtras.push({
      title: lastSection,
      action: "scroll",
      target: { role: "heading", name: lastSection },
      url: start.url,
      narration: t.scrollMore(lastSection),
    });
  }
  plan.push(...startExtras);
  for (const seg of ordered) {
    const room = maxBeats - plan.length;
    if (room <= 0) break;
    plan.push(...seg.beats.slice(0, room));
  }
  // Too little to show: scroll through the start page's sections (only while still on it).
  if (plan.length < MIN_BEATS && plan.every((b) => b.url === start.url)) {
    for (const heading of start.sectionHeadings) {
      if (plan.length >= MIN_BEATS) break;
      plan.push({
        title: heading,
        action: "scroll",
        target: { role: "heading", name: heading },
        url: start.url,
        narration: t.scrollTo(heading),
      });
    }
  }
  return plan;
}

/** The beats as stored: ids b1…, narration with its punctuation cleaned, and estimated lengths. */
export const finishBeats = (drafts: Draft[]): Beat[] =>
  drafts.map((d, i) => {
    const narration = cleanNarration(d.narration);
    return { id: `b${i + 1}`, ...d, narration, estimatedSeconds: estimateSeconds(narration) };
  });
