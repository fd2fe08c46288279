import { describe, expect, it } from "vitest";
import { beatLines } from "../../src/pipelines/walkthrough/beat-lines.js";
import { beatsFor, fillPlan } from "../../src/pipelines/walkthrough/content-beats.js";
import type { BeatDraft } from "../../src/pipelines/walkthrough/intent-plan.js";
import { inline, lowerFirst } from "../../src/pipelines/walkthrough/line-text.js";
import { fitLines, LEAD_SECONDS, writeNarration } from "../../src/pipelines/walkthrough/narration-writer.js";
import type { ContentBlock, PageContent } from "../../src/pipelines/walkthrough/page-content.js";
import { WORDS_PER_SECOND } from "../../src/pipelines/walkthrough/plan.js";
import { buildSiteMap } from "../../src/pipelines/walkthrough/site-map.js";
import { pageSnapshot } from "../support/page-snapshot.js";

// Snapshots with the page content site-map-collect.ts reads off the fixture sites (test/fixtures/admin,
// test/fixtures/landing), trimmed; the integration test walkthrough-intents.test.ts takes them from Chromium.

const A = "http://127.0.0.1:4100";
const L = "http://127.0.0.1:4200/";
const noContent: PageContent = {
  lead: [],
  figures: [],
  figuresRegion: null,
  charts: [],
  tables: [],
  blocks: [],
  tabs: [],
};
const snapshot = pageSnapshot;
const sidebar = ["Dashboard:/", "Charts:/charts", "Tables:/tables"].map((e) => {
  const [name, path] = e.split(":") as [string, string];
  return { name, href: `${A}${path}`, region: "sidebar" as const };
});
const earnings = {
  label: "Earnings by month in 2026, rising from zero in January to 40,000 dollars in December",
  heading: "Earnings overview",
  note: null,
  css: "#earningsChart",
};
const revenue = {
  label: "Revenue sources: direct 55 percent, referral 30 percent, marketplace 15 percent",
  heading: "Revenue sources",
  note: "More than half of revenue comes from direct bookings.",
  css: "#revenueChart",
};
const cities = ["London", "Tokyo", "Edinburgh", "London", "New York", "London"];
const directory = {
  heading: "Team directory",
  css: "#dataTable",
  columns: ["Name", "Position", "Office", "Age", "Start date", "Salary"],
  rows: cities.map((office, i) => [`Person ${i + 1}`, "Accountant", office, "40", "2021-04-25", "$170,750"]),
};
const dashboard = snapshot(`${A}/`, {
  title: "Dashboard · Meridian Ops",
  h1: "Dashboard",
  links: sidebar,
  belowFold: ["Projects", "Today at a glance"],
  content: {
    ...noContent,
    figures: [
      { label: "Earnings (monthly)", value: "$40,000" },
      { label: "Earnings (annual)", value: "$215,000" },
      { label: "Tasks", value: "50%" },
      { label: "Pending requests", value: "18" },
    ],
    charts: [earnings, revenue],
    blocks: [
      { heading: "Earnings overview", top: 304, text: [], items: [], charts: ["Earnings overview"] },
      { heading: "Revenue sources", top: 304, text: [], items: [], charts: ["Revenue sources"] },
      { heading: "Projects", top: 739, text: [], items: [], charts: [] },
      {
        heading: "Today at a glance",
        top: 739,
        text: [
          "Twelve trucks left the Rotterdam hub before 9 a.m., and every Tokyo delivery booked for today is on schedule.",
        ],
        items: [],
        charts: [],
      },
    ],
  },
});
const tables = snapshot(`${A}/tables`, {
  title: "Tables · Meridian Ops",
  h1: "Tables",
  links: sidebar,
  content: {
    ...noContent,
    lead: [
      "Everyone on the Meridian operations team, with their office and start date. Search by name, role or office.",
    ],
    tables: [directory],
  },
});
const plan = (title: string, amount: string, badge: string | null, points: string[]) => ({
  title,
  text: null,
  kind: "plan" as const,
  price: { amount, line: `${amount} per agent / month` },
  badge,
  points,
  heading: true,
});
const landing = snapshot(L, {
  title: "Harborline · The shared inbox for small support teams",
  h1: "Answer every customer in one calm inbox",
  links: ["Features:#features", "Pricing:#pricing"].map((e) => {
    const [name, hash] = e.split(":") as [string, string];
    return { name, href: `${L}${hash}`, region: "nav" as const };
  }),
  sections: [
    { id: "features", heading: "We've got what your team needs" },
    { id: "pricing", heading: "Simple pricing, per agent" },
  ],
  belowFold: ["We've got what your team needs", "Simple pricing, per agent"],
  content: {
    ...noContent,
    lead: [
      "Harborline brings email, chat and social messages into one place, so a team of three can answer like a team of thirty.",
    ],
    blocks: [
      {
        heading: "We've got what your team needs",
        top: 918,
        text: ["Everything a small support team uses every day, without the enterprise clutter."],
        items: [
          "One inbox for every channel",
          "Reply in minutes, not hours",
          "No more double replies",
          "Reports that make sense",
        ].map((title) => ({
          title,
          text: "Saved replies and keyboard shortcuts.",
          kind: "card" as const,
          price: null,
          badge: null,
          points: [],
          heading: true,
        })),
        charts: [],
      },
      {
        heading: "Simple pricing, per agent",
        top: 2016,
        text: ["Every plan includes unlimited conversations and a 14-day free trial."],
        items: [
          plan("Starter", "$12", null, ["Shared email inbox"]),
          plan("Team", "$29", "Most popular", ["Every channel", "Live chat widget"]),
          plan("Business", "$59", null, ["Single sign-on"]),
        ],
        charts: [],
      },
    ],
  },
});

const beat = (over: Partial<BeatDraft> & Pick<BeatDraft, "action" | "url">): BeatDraft => ({
  title: "",
  target: null,
  narration: "Template line.",
  ...over,
});
const adminBeats: BeatDraft[] = [
  beat({ action: "navigate", url: `${A}/` }),
  beat({ action: "hover", url: `${A}/`, target: { role: "img", name: earnings.label, css: "#earningsChart" } }),
  beat({ action: "hover", url: `${A}/`, target: { role: "img", name: revenue.label, css: "#revenueChart" } }),
  beat({ action: "scroll", url: `${A}/`, target: { role: "heading", name: "Projects" } }),
  beat({ action: "click", url: `${A}/tables`, target: { role: "link", name: "Tables" } }),
  beat({ action: "hover", url: `${A}/tables`, target: { role: "table", css: "#dataTable" } }),
  beat({ action: "type", url: `${A}/tables`, target: { role: "searchbox", name: "Search:" }, value: "London" }),
];
const adminMap = buildSiteMap([dashboard, tables]);
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

describe("presenter lines", () => {
  const lines = writeNarration(adminBeats, adminMap, {
    site: "Meridian Ops",
    targetSeconds: null,
    maxSeconds: null,
  }).map((d) => d.narration);

  it("the dashboard opens on its figures, named as a presenter says them", () => {
    expect(lines[0]).toMatch(/^Welcome to Meridian Ops\. /);
    expect(lines[0]).toContain(
      "The dashboard opens on four key figures: monthly earnings at $40,000, annual earnings at $215,000, tasks at 50% and pending requests at 18.",
    );
  });

  it("a chart beat names the chart and what it plots; a table beat its columns and rows", () => {
    expect(lines[1]).toMatch(
      /the Earnings overview chart plots earnings by month in 2026, rising from zero in January to 40,000 dollars in December\./i,
    );
    expect(lines[2]).toMatch(
      /Revenue sources chart splits into direct 55 percent, referral 30 percent and marketplace 15 percent\./,
    );
    expect(lines[5]).toMatch(
      /Team directory\W* (table lists|lists|table:) 6 rows, with columns for name, position, office, age, start date and salary\./,
    );
  });

  it("a section beat sums up the blocks it shows; a search beat says what is typed and what remains", () => {
    expect(lines[3]).toMatch(/^Further down sit “Projects” and “Today at a glance”\./);
    expect(lines[6]).toMatch(/^Typing London into the search box narrows the Team directory from 6 rows to 3\./);
    expect(beatLines({ kind: "search", value: "London", table: directory })[1]).toBe(
      "Person 1, Person 4 and Person 6 remain.",
    );
  });

  it("varied openings: no two lines in a row start alike, and no dangling reference opens a line", () => {
    const first = lines.map((l) => l.split(" ")[0]);
    for (let i = 1; i < first.length; i++) expect(first[i], lines[i]).not.toBe(first[i - 1]);
    for (const l of lines) expect(l).not.toMatch(/^(It|This|They)\b/);
    for (const l of lines) expect(l).toMatch(/[.!?”]$/);
  });

  it("a landing page: sections by their heading and text, the pricing section with its plans and prices", () => {
    const map = buildSiteMap([landing]);
    const drafts = [
      beat({ action: "navigate", url: L }),
      beat({ action: "scroll", url: L, target: { role: "heading", name: "We've got what your team needs" } }),
      beat({ action: "scroll", url: L, target: { role: "heading", name: "Simple pricing, per agent" } }),
      beat({ action: "hover", url: L, target: { role: "heading", name: "Team" } }),
    ];
    const out = writeNarration(drafts, map, { site: "Harborline", targetSeconds: null, maxSeconds: null }).map(
      (d) => d.narration,
    );
    expect(out[0]).toMatch(
      /^Welcome to Harborline\. The front page leads with “Answer every customer in one calm inbox”\./,
    );
    expect(out[1]).toMatch(/Features\b.*“We've got what your team needs”\./);
    // The cards are named; their paragraphs ("Saved replies and keyboard shortcuts.") are not read out.
    const features = landing.content?.blocks[0] as ContentBlock;
    const said = beatLines({ kind: "section", name: "Features", blocks: [features], charts: [] }).join(" ");
    expect(said).toContain("“One inbox for every channel”, “Reply in minutes, not hours”");
    expect(said + out.join(" ")).not.toContain("Saved replies");
    expect(out[2]).toMatch(
      /^The Pricing section lays out three plans: Starter at \$12, Team at \$29 and Business at \$59 per agent a month\./,
    );
    expect(out[3]).toMatch(/^The Team plan, marked most popular, costs \$29 per agent a month\./);
  });

  it("other languages keep their lines (the writer is English only)", () => {
    // writeNarration is only called for English plans (explore.ts); a beat it cannot place keeps its line.
    const out = writeNarration(
      [
        beat({ action: "navigate", url: `${A}/` }),
        beat({ action: "hover", url: `${A}/`, target: { role: "img", name: "No such chart" } }),
      ],
      adminMap,
      { site: "Meridian Ops", targetSeconds: null, maxSeconds: null },
    );
    expect(out[1]?.narration).toBe("Template line.");
  });
});

describe("the word budget", () => {
  it("a fixed length shares (target − a lead-in per beat) × 2.5 words a second, within 15 %", () => {
    const map = buildSiteMap([landing, dashboard, tables]);
    for (const target of [30, 45]) {
      const out = writeNarration(adminBeats, map, { site: "Meridian Ops", targetSeconds: target, maxSeconds: null });
      const total = out.reduce((s, d) => s + words(d.narration), 0);
      const budget = WORDS_PER_SECOND * (target - LEAD_SECONDS * adminBeats.length);
      // Every beat says at least its first sentence; above that the budget holds.
      const floor = writeNarration(adminBeats, map, {
        site: "Meridian Ops",
        targetSeconds: 1,
        maxSeconds: null,
      }).reduce((s, d) => s + words(d.narration), 0);
      expect(total, `${target} s`).toBeLessThanOrEqual(Math.max(budget * 1.15, floor));
      expect(total, `${target} s`).toBeGreaterThanOrEqual(Math.min(budget * 0.85, floor));
    }
  });

  it("fitLines adds a beat's next sentence where it is furthest under its share, never past 3 % over the total", () => {
    const ten = "one two three four five six seven eight nine ten.";
    const lines = [
      [ten, ten, ten, ten],
      [ten, ten, ten, ten],
    ];
    expect(fitLines(lines, [20, 20], 40).map(words)).toEqual([20, 20]);
    expect(fitLines(lines, [30, 10], 40).map(words)).toEqual([30, 10]);
    // The first sentence is always said.
    expect(fitLines(lines, [1, 1], 2).map(words)).toEqual([10, 10]);
  });

  it("fitLines gives a line shorter than a beat's shortest scene its next sentence first (else the scene falls silent)", () => {
    const four = "one two three four.";
    const ten = "one two three four five six seven eight nine ten.";
    const lines = [
      [ten, ten, ten],
      [four, four],
    ];
    // By share alone the first beat would take all 10 words left; the short line is mended first.
    expect(fitLines(lines, [24, 4], 24).map(words)).toEqual([10, 8]);
    // Never past 3 % over the total.
    expect(fitLines(lines, [10, 4], 14).map(words)).toEqual([10, 4]);
  });

  it("the beat count follows the length (about 7.5 s a beat), Auto keeps eight", () => {
    expect(beatsFor(45, null, 4, 14, 8)).toBe(6);
    expect(beatsFor(90, null, 4, 14, 8)).toBe(12);
    expect(beatsFor(120, null, 4, 14, 8)).toBe(14);
    expect(beatsFor(15, null, 4, 14, 8)).toBe(4);
    expect(beatsFor(null, null, 4, 14, 8)).toBe(8);
    expect(beatsFor(null, 30, 4, 14, 8)).toBe(4);
  });
});

describe("content beats", () => {
  it("fills to the count with each chart, one per view, the hint's beats first and together", () => {
    const drafts = [
      beat({ action: "navigate", url: `${A}/` }),
      beat({ action: "scroll", url: `${A}/`, target: { role: "heading", name: "Projects" } }),
      beat({ action: "click", url: `${A}/tables`, target: { role: "link", name: "Tables" } }),
      beat({ action: "type", url: `${A}/tables`, target: { role: "searchbox", name: "Search:" }, value: "London" }),
    ];
    const filled = fillPlan({ drafts, intentOf: [null, 0, 1, 1], warnings: [] }, adminMap, 8);
    expect(filled.drafts.map((d) => [d.action, d.target?.name ?? d.target?.css ?? null])).toEqual([
      ["navigate", null],
      ["hover", earnings.label],
      ["hover", revenue.label],
      ["scroll", "Projects"],
      ["click", "Tables"],
      ["type", "Search:"],
    ]);
    // The table is not described after the search filtered it; the site has no more: the plan is shorter.
    expect(filled.intentOf).toEqual([null, null, null, 0, 1, 1]);
    expect(fillPlan({ drafts, intentOf: [null, 0, 1, 1], warnings: [] }, adminMap, 5).drafts).toHaveLength(5);
    // The hint's beats are never cut, whatever the count.
    expect(fillPlan({ drafts, intentOf: [null, 0, 1, 1], warnings: [] }, adminMap, 2).drafts).toEqual(drafts);
  });
});

describe("site text in our sentences", () => {
  it("labels and descriptions lose a sentence-case capital, names keep theirs; sentences split at marks", () => {
    expect(inline("Earnings (monthly)")).toBe("monthly earnings");
    expect(inline("Pending requests")).toBe("pending requests");
    expect(inline("Meridian Ops")).toBe("Meridian Ops");
    expect(inline("SLA")).toBe("SLA");
    expect(lowerFirst("Earnings by month in 2026, from January")).toBe("earnings by month in 2026, from January");
    expect(lowerFirst("London Heathrow arrivals")).toBe("London Heathrow arrivals");
  });
});
