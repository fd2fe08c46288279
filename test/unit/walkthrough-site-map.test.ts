import { describe, expect, it } from "vitest";
import { NO_SEARCH_BOX } from "../../src/pipelines/walkthrough/intent-actions.js";
import { matchIntent } from "../../src/pipelines/walkthrough/intent-match.js";
import { NO_MATCH, planWithIntents } from "../../src/pipelines/walkthrough/intent-plan.js";
import { parseIntents } from "../../src/pipelines/walkthrough/intents.js";
import { phrasesFor } from "../../src/pipelines/walkthrough/phrases.js";
import { buildSiteMap, navigationOf, type PageSnapshot } from "../../src/pipelines/walkthrough/site-map.js";
import { pageSnapshot } from "../support/page-snapshot.js";

// Snapshots as the in-page collector (site-map-collect.ts) reads the fixture sites test/fixtures/admin and
// test/fixtures/landing; the integration test walkthrough-intents.test.ts takes them from Chromium.

const A = "http://127.0.0.1:4100";
const sidebar = (current: string) => [
  { name: "Meridian Ops", href: `${A}/`, region: "sidebar" as const },
  ...["Dashboard:/", "Charts:/charts", "Tables:/tables", "Settings:/settings"].map((e) => {
    const [name, path] = e.split(":") as [string, string];
    return { name, href: `${A}${path}`, region: "sidebar" as const };
  }),
  { name: "Log out", href: `${A}/logout`, region: "header" as const },
  ...(current === "/" ? [{ name: "Generate report", href: `${A}/tables`, region: "main" as const }] : []),
];
/** What a snapshot holds besides its url, title, h1 and links: nothing. */
const { url: _url, title: _title, h1: _h1, links: _links, ...empty } = pageSnapshot("");
const topSearch = { role: "searchbox", name: "Search for shipments", css: "#topbarSearch" };

const dashboard: PageSnapshot = {
  ...empty,
  url: `${A}/`,
  title: "Dashboard · Meridian Ops",
  h1: "Dashboard",
  links: sidebar("/"),
  headings: ["Earnings overview", "Revenue sources", "Projects", "Today at a glance"],
  metrics: ["Earnings (monthly)", "Earnings (annual)", "Tasks", "Pending requests"],
  belowFold: ["Projects", "Today at a glance"],
  charts: ["Earnings by month in 2026", "Revenue sources: direct 55 percent"],
  searches: [topSearch],
};
const charts: PageSnapshot = {
  ...empty,
  url: `${A}/charts`,
  title: "Charts · Meridian Ops",
  h1: "Charts",
  links: sidebar("/charts"),
  headings: ["Earnings overview", "Revenue sources", "Shipments by month"],
  searches: [topSearch],
};
const tableSearch = { role: "searchbox", name: "Search:", css: "#tableSearch" };
const tables: PageSnapshot = {
  ...empty,
  url: `${A}/tables`,
  title: "Tables · Meridian Ops",
  h1: "Tables",
  links: sidebar("/tables"),
  headings: ["Team directory"],
  tables: [{ name: "Team directory", search: tableSearch }],
  searches: [topSearch, tableSearch],
};
const settings: PageSnapshot = {
  ...empty,
  url: `${A}/settings`,
  title: "Settings · Meridian Ops",
  h1: "Settings",
  links: sidebar("/settings"),
  headings: ["Your profile"],
  tabs: ["Profile", "Notifications", "Security", "Billing"].map((name) => ({
    role: "tab",
    name,
    css: `#tab-${name.toLowerCase()}`,
  })),
  searches: [topSearch],
};
const admin = [dashboard, charts, tables, settings];

const L = "http://127.0.0.1:4200/";
const landing: PageSnapshot = {
  ...empty,
  url: L,
  title: "Harborline · The shared inbox for small support teams",
  h1: "Answer every customer in one calm inbox",
  links: [
    { name: "Harborline", href: `${L}#page-top`, region: "nav" },
    { name: "Features", href: `${L}#features`, region: "nav" },
    { name: "Pricing", href: `${L}#pricing`, region: "nav" },
    { name: "Testimonials", href: `${L}#testimonials`, region: "nav" },
    { name: "FAQ", href: `${L}#faq`, region: "nav" },
    { name: "Start free trial", href: `${L}#pricing`, region: "nav" },
    { name: "See how it works", href: `${L}#features`, region: "header" },
  ],
  sections: [
    { id: "features", heading: "We've got what your team needs" },
    { id: "pricing", heading: "Simple pricing, per agent" },
    { id: "testimonials", heading: "Teams that switched to Harborline" },
    { id: "faq", heading: "Frequently asked questions" },
  ],
};

describe("site map: navigation wherever it is", () => {
  it("finds the sidebar pages, one per document, never the log out link", () => {
    const nav = navigationOf(dashboard);
    expect(nav.pages.map((p) => [p.name, p.url])).toEqual([
      ["Charts", `${A}/charts`],
      ["Tables", `${A}/tables`],
      ["Settings", `${A}/settings`],
    ]);
    expect(nav.sections).toEqual([]);
  });

  it("turns same-page #anchors into sections (deduplicated, only elements that exist)", () => {
    const nav = navigationOf({
      ...landing,
      links: [...landing.links, { name: "Gone", href: `${L}#nowhere`, region: "nav" }],
    });
    expect(nav.pages).toEqual([]);
    expect(nav.sections.map((s) => [s.name, s.id, s.heading])).toEqual([
      ["Features", "features", "We've got what your team needs"],
      ["Pricing", "pricing", "Simple pricing, per agent"],
      ["Testimonials", "testimonials", "Teams that switched to Harborline"],
      ["FAQ", "faq", "Frequently asked questions"],
    ]);
  });

  it("leaves other origins and destructive links out", () => {
    const nav = navigationOf({
      ...dashboard,
      links: [
        { name: "Docs", href: "https://docs.example/", region: "nav" },
        { name: "Delete account", href: `${A}/account/remove`, region: "nav" },
        { name: "Sign out", href: `${A}/session/end`, region: "nav" },
        { name: "Reports", href: `${A}/reports`, region: "list" },
        { name: "Home", href: `${A}/reports#top`, region: "breadcrumb" },
      ],
    });
    expect(nav.pages.map((p) => p.name)).toEqual(["Home"]);
  });

  it("maps every explored page with the names links give it (navigation apart from content)", () => {
    const map = buildSiteMap(admin);
    const tablesPage = map.pages.find((p) => p.url === `${A}/tables`);
    expect(tablesPage?.navNames).toEqual(["Tables"]);
    expect(tablesPage?.otherNames).toEqual(["Generate report"]);
    expect(map.pages.some((p) => p.url.endsWith("/logout"))).toBe(false);
    expect(map.tabs.map((t) => t.name)).toEqual(["Profile", "Notifications", "Security", "Billing"]);
  });
});

describe("hint intents", () => {
  it("reads ordered steps with a search action and its value", () => {
    const intents = parseIntents(
      "show the dashboard overview, then the charts page, then the tables page and search for London",
    );
    expect(intents.map((i) => [i.text, i.targets, i.action])).toEqual([
      ["the dashboard overview", [["dashboard", "overview"]], null],
      ["the charts page", [["chart"]], null],
      ["the tables page and search for London", [["table"]], { kind: "search", value: "London", field: [] }],
    ]);
  });

  it("reads what to type into, a tab to open, one item to open and 'at the top'", () => {
    // A field named after the verb, or before it ("with an email typed in"); typing is no search.
    expect(parseIntents("the contact form, typing in a name")[1]).toMatchObject({
      targets: [],
      action: { kind: "fill", value: null, field: ["name"] },
    });
    expect(parseIntents("the account page, filling in the first name")[1]?.action?.field).toEqual(["first", "name"]);
    expect(parseIntents("the sign-up form with an email typed in")[0]).toMatchObject({
      targets: [["sign", "up", "form"]],
      action: { kind: "fill", field: ["email"] },
    });
    expect(parseIntents("type 'hello' into the search")[0]?.action).toEqual({
      kind: "search",
      value: "hello",
      field: [],
    });
    // "Where we" names no place.
    expect(parseIntents("the DataTables module where we search for a name")[0]?.targets).toEqual([
      ["data", "table", "module"],
    ]);
    expect(parseIntents("the profile with its messages tab open")[0]).toMatchObject({
      targets: [["profile"]],
      tab: ["message"],
      action: null,
    });
    expect(parseIntents("the portfolio, opening one project")[1]).toMatchObject({
      targets: [],
      action: { kind: "open", field: ["project"] },
    });
    expect(parseIntents("the sign-up form at the top with an email entered")[0]).toMatchObject({
      atTop: true,
      targets: [["sign", "up", "form"]],
      action: { kind: "fill", field: ["email"] },
    });
  });

  it("splits on commas, semicolons and numbered steps; quoted values are typed", () => {
    expect(parseIntents("1. Features\n2. Pricing; the FAQ").map((i) => i.text)).toEqual([
      "Features",
      "Pricing",
      "the FAQ",
    ]);
    expect(parseIntents("features, pricing, faq").map((i) => i.targets)).toEqual(
      [["feature"], ["pricing"], ["faq"]].map((t) => [t]),
    );
    const [search] = parseIntents('search the table for "New York"');
    expect(search).toMatchObject({ targets: [["table"]], action: { kind: "search", value: "New York" } });
    const [fill] = parseIntents("open the sign-up page and fill the form with 'ada@example.com'");
    expect(fill).toMatchObject({ targets: [["sign", "up"]], action: { kind: "fill", value: "ada@example.com" } });
    expect(parseIntents("Focus on pricing and plans")[0]?.targets).toEqual([["pricing"], ["plan"]]);
  });

  it("reads the verbs in any form, and leaves a value the user did not name to a sample", () => {
    const [, search] = parseIntents("the tables page, searching for a name");
    expect(search).toMatchObject({ action: { kind: "search", value: null } });
    expect(parseIntents("the tables, then filtering by 'Tokyo'")[1]).toMatchObject({
      action: { kind: "search", value: "Tokyo" },
    });
    expect(parseIntents("the account page, filling in the first name")[1]?.action?.kind).toBe("fill");
  });

  it("reads a request for a tour as no place to find (no intent, so nothing goes unmet)", () => {
    for (const hint of ["show me what this app can do", "give me a quick tour of this site", "Tour the product."])
      expect(parseIntents(hint), hint).toEqual([]);
    // A named place beside the tour words is still an intent.
    expect(parseIntents("show me what this app can do with invoices")).toHaveLength(1);
  });

  it("matches pages, sections and tabs by link text, headings and URL; below the threshold is no match", () => {
    const map = buildSiteMap(admin);
    const at = (hint: string) => {
      const m = matchIntent(parseIntents(hint)[0] as never, map);
      return m?.kind === "page" ? m.page.url : m?.kind === "tab" ? `tab:${m.tab.name}` : m;
    };
    expect(at("the dashboard overview")).toBe(`${A}/`);
    expect(at("the charts page")).toBe(`${A}/charts`);
    expect(at("the Tables")).toBe(`${A}/tables`);
    expect(at("the billing tab")).toBe("tab:Billing");
    expect(at("the billing reports page")).toBeNull();
    // The words a user says for what the site calls otherwise.
    expect(at("the overview")).toBe(`${A}/`);
    expect(at("the graphs")).toBe(`${A}/charts`);
    const sections = buildSiteMap([landing]);
    for (const [hint, id] of [
      ["the features", "features"],
      ["pricing section", "pricing"],
      ["the FAQ", "faq"],
      ["frequently asked questions", "faq"],
      ["the pricing form", "pricing"], // what kind of thing it is, not which
    ] as const) {
      const m = matchIntent(parseIntents(hint)[0] as never, sections);
      expect(m?.kind === "section" ? m.section.id : m, hint).toBe(id);
    }
  });
});

describe("a plan the hint steers", () => {
  const t = phrasesFor("en");
  const welcome = { title: "Welcome", action: "navigate" as const, target: null, url: `${A}/`, narration: "Welcome." };

  it("plans the asked pages in order, types the search value, and warns about what it cannot match", () => {
    const intents = parseIntents(
      "show the dashboard overview, then the charts page, then the tables page and search for London; the billing reports page",
    );
    const plan = planWithIntents(buildSiteMap(admin), intents, welcome, [], t, 8);
    expect(plan.drafts.map((d) => [d.action, d.target?.name ?? null, d.url, d.value ?? null])).toEqual([
      ["navigate", null, `${A}/`, null],
      ["scroll", "Projects", `${A}/`, null],
      ["click", "Charts", `${A}/charts`, null],
      ["click", "Tables", `${A}/tables`, null],
      ["type", "Search:", `${A}/tables`, "London"],
    ]);
    expect(plan.drafts[4]?.target).toEqual({ role: "searchbox", name: "Search:", css: "#tableSearch" });
    // The dashboard was already in view: the opening beat shows it (named as the hint names it), and
    // scrolling to what lies below the first screen.
    expect(plan.intentOf).toEqual([0, 0, 1, 2, 2]);
    expect(plan.drafts[0]?.title).toBe("Dashboard");
    expect(plan.warnings).toEqual([{ intent: "the billing reports page", reason: NO_MATCH }]);
  });

  it("fills with other content without repeating a view, and warns when the page has no search box", () => {
    const intents = parseIntents("the charts page and search for Rotterdam");
    const filler = [
      {
        title: "Charts",
        action: "click" as const,
        target: { role: "link", name: "Charts" },
        url: `${A}/charts`,
        narration: "Charts.",
      },
      {
        title: "Settings",
        action: "click" as const,
        target: { role: "link", name: "Settings" },
        url: `${A}/settings`,
        narration: "Settings.",
      },
    ];
    const noSearch = [dashboard, { ...charts, searches: [] }, tables, settings];
    const plan = planWithIntents(buildSiteMap(noSearch), intents, welcome, filler, t, 8);
    expect(plan.drafts.map((d) => d.url)).toEqual([`${A}/`, `${A}/charts`, `${A}/settings`]);
    expect(plan.drafts[2]?.narration).toBe("Settings.");
    expect(plan.warnings).toEqual([{ intent: "the charts page and search for Rotterdam", reason: NO_SEARCH_BOX }]);
  });

  it("turns one-page sections into scroll beats in the asked order, then the sections left", () => {
    const start = { ...welcome, url: L };
    const plan = planWithIntents(
      buildSiteMap([landing]),
      parseIntents("show the features, then pricing, then the FAQ"),
      start,
      [],
      t,
      8,
    );
    expect(plan.drafts.map((d) => [d.action, d.target?.name ?? null])).toEqual([
      ["navigate", null],
      ["scroll", "We've got what your team needs"],
      ["scroll", "Simple pricing, per agent"],
      ["scroll", "Frequently asked questions"],
      ["scroll", "Teams that switched to Harborline"],
    ]);
    expect(plan.warnings).toEqual([]);
  });

  it("opens a collapsed group on the way to a page, and a tab the hint names on it", () => {
    const modules = { role: "link", name: "Modules", css: null };
    const start: PageSnapshot = {
      ...dashboard,
      belowFold: [],
      links: [
        ...sidebar("/"),
        // A visible twin would be preferred; this one sits only in the collapsed group.
        { name: "Kanban", href: `${A}/kanban`, region: "sidebar", via: [modules] },
      ],
    };
    const kanban: PageSnapshot = {
      ...empty,
      url: `${A}/kanban`,
      title: "Kanban",
      h1: "Board",
      links: sidebar("/kanban"),
      tabs: ["Todo", "Done"].map((name) => ({ role: "tab", name, css: null })),
    };
    const plan = planWithIntents(
      buildSiteMap([start, kanban]),
      parseIntents("the board with its done tab open"),
      welcome,
      [],
      t,
      8,
    );
    expect(plan.drafts.slice(1).map((d) => [d.action, d.target])).toEqual([
      ["click", { role: "link", name: "Kanban", via: [{ role: "link", name: "Modules" }] }],
      ["click", { role: "tab", name: "Done" }],
    ]);
    expect(plan.warnings).toEqual([]);
  });

  it("finds a part by heading or by the template's name for it, types into the field named, opens one item", () => {
    const page: PageSnapshot = {
      ...landing,
      links: [],
      sections: [],
      parts: [
        { heading: "Fully responsive", words: "features-icons bg-light", top: 900 },
        { heading: "What people are saying", words: "testimonials text-center", top: 1800 },
        { heading: "Portfolio", words: "page-section", top: 2400 },
      ],
      forms: [
        {
          name: "",
          fields: [
            { role: "textbox", name: "Your Email *", css: "#email", type: "email" },
            { role: "textbox", name: "Your Name *", css: "#name", type: "text" },
          ],
        },
      ],
      dialogs: [{ name: "Threads", control: { role: "link", name: "Threads", css: "#item1" }, section: "Portfolio" }],
    };
    const start = { ...welcome, url: L };
    const plan = planWithIntents(
      buildSiteMap([page]),
      parseIntents(
        "the features, then what customers are saying, then the portfolio, opening one project; typing in a name",
      ),
      start,
      [],
      t,
      8,
    );
    expect(plan.drafts.slice(1).map((d) => [d.action, d.target?.name ?? null, d.value ?? null])).toEqual([
      ["scroll", "Fully responsive", null],
      ["scroll", "What people are saying", null],
      ["scroll", "Portfolio", null],
      ["click", "Threads", null],
      ["type", "Your Name *", "Jane Doe"],
    ]);
    expect(plan.warnings).toEqual([]);
  });
});
