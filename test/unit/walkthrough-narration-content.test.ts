import { describe, expect, it } from "vitest";
import { beatLines } from "../../src/pipelines/walkthrough/beat-lines.js";
import {
  chartLines,
  chartTitle,
  fieldName,
  figureSentences,
  formSentence,
  itemsSentences,
  tableLines,
} from "../../src/pipelines/walkthrough/content-lines.js";
import type { BeatDraft } from "../../src/pipelines/walkthrough/intent-plan.js";
import { writeNarration } from "../../src/pipelines/walkthrough/narration-writer.js";
import type { ContentBlock, PageContent } from "../../src/pipelines/walkthrough/page-content.js";
import { buildSiteMap, type PageSnapshot } from "../../src/pipelines/walkthrough/site-map.js";
import {
  isPlaceholder,
  isSkipLink,
  sayable,
  shortQuote,
  spokenName,
} from "../../src/pipelines/walkthrough/spoken-names.js";
import { Variety } from "../../src/pipelines/walkthrough/variety.js";
import {
  copiedRuns,
  iconLigatures,
  overusedFrames,
  placeholders,
  repeats,
  skipLinks,
  srTwins,
} from "../support/narration-checks.js";
import { pageSnapshot } from "../support/page-snapshot.js";

// Content as page/read-content.page.ts reads it off the corpus templates (test/sites): Material Dashboard's
// dashboard and billing pages, Sneat's analytics cards, SB Admin's chart cards and table, Agency's sections.

const M = "http://127.0.0.1:4300/pages";
const empty: PageContent = { lead: [], figures: [], figuresRegion: null, charts: [], tables: [], blocks: [], tabs: [] };
const snapshot = (url: string, over: Partial<PageSnapshot>): PageSnapshot =>
  pageSnapshot(url, { title: "Material Dashboard 2 by Creative Tim", ...over });
// The sidebar's links as the planner names them: each with its icon's ligature in front.
const sidebar = ["dashboard Dashboard:dashboard", "table_view Tables:tables", "receipt_long Billing:billing"].map(
  (e) => {
    const [name, file] = e.split(":") as [string, string];
    return { name, href: `${M}/${file}.html`, region: "sidebar" as const };
  },
);
const projects = {
  heading: "Projects",
  css: null,
  columns: ["Companies", "Members", "Budget", "Completion"],
  rows: [
    ["Material XD Version", "", "$14,000", "60%"],
    ["Add Progress Track", "", "$3,000", "10%"],
  ],
  total: null,
  search: false,
};
const dashboard = snapshot(`${M}/dashboard.html`, {
  links: sidebar,
  content: {
    ...empty,
    figures: [
      { label: "Today's Money", value: "$53k" },
      { label: "Today's Users", value: "2,300" },
      { label: "New Clients", value: "3,462" },
      { label: "Sales", value: "$103,430" },
    ],
    charts: [
      { label: null, heading: "Website Views", note: "campaign sent 2 days ago", css: "#chart-bars", kind: "bar" },
      { label: null, heading: "Daily Sales", note: "updated 4 min ago", css: "#chart-line", kind: "line" },
      { label: null, heading: "Completed Tasks", note: "just updated", css: "#chart-line-tasks", kind: "line" },
    ],
    tables: [projects],
  },
});
const billing = snapshot(`${M}/billing.html`, {
  links: sidebar,
  content: {
    ...empty,
    figures: [
      { label: "Salary", value: "+$2000" },
      { label: "Paypal", value: "$455.00" },
    ],
    panels: [
      { title: "Payment Method", entries: 0 },
      { title: "Invoices", entries: 5 },
      { title: "Billing Information", entries: 3 },
    ],
  },
});
const beat = (over: Partial<BeatDraft> & Pick<BeatDraft, "action" | "url">): BeatDraft => ({
  title: "",
  target: null,
  narration: "Template line.",
  ...over,
});

const services: ContentBlock = {
  heading: "Services",
  top: 841,
  text: ["Lorem ipsum dolor sit amet consectetur."],
  items: ["E-Commerce", "Responsive Design", "Web Security"].map((title) => ({
    title,
    text: "Lorem ipsum dolor sit amet, consectetur adipisicing elit. Minima maxime quam architecto quo inventore.",
    kind: "card" as const,
    price: null,
    badge: null,
    points: [],
    heading: true,
  })),
  charts: [],
};

describe("site text made fit to say", () => {
  it("drops icon ligatures and screen-reader twins from names, keeps real names whole", () => {
    expect(spokenName("receipt_long Billing")).toBe("Billing");
    expect(spokenName("view_in_ar Virtual Reality")).toBe("Virtual Reality");
    expect(spokenName("Your Name *")).toBe("Your Name");
    expect(spokenName("Email (required)")).toBe("Email");
    expect(spokenName("dashboard Dashboard")).toBe("Dashboard");
    expect(spokenName("add Add New Card")).toBe("Add New Card");
    expect(spokenName("Total Users Total Users")).toBe("Total Users");
    expect(spokenName("E-Commerce")).toBe("E-Commerce");
    expect(spokenName("Team directory")).toBe("Team directory");
    expect(spokenName("iPhone Sales")).toBe("iPhone Sales");
  });

  it("tells placeholder copy and skip links from real labels", () => {
    expect(isPlaceholder("Lorem ipsum dolor sit amet consectetur.")).toBe(true);
    expect(isPlaceholder("Category Project Name")).toBe(true);
    expect(isPlaceholder("Primary Card")).toBe(true);
    expect(isPlaceholder("Name")).toBe(false);
    expect(isPlaceholder("Your Name")).toBe(false);
    expect(isPlaceholder("Web Security")).toBe(false);
    expect(isSkipLink("Skip to main content")).toBe(true);
    expect(sayable("Skip to main content")).toBeNull();
    expect(sayable("table_view Tables")).toBe("Tables");
  });

  it("quotes a short line, never a paragraph", () => {
    expect(shortQuote("Graphic Artist - Web Designer - Illustrator")).toBe(
      "Graphic Artist - Web Designer - Illustrator",
    );
    expect(
      shortQuote(
        "When you use a theme created by Start Bootstrap, you know that the theme will look great on any device.",
      ),
    ).toBeNull();
    expect(shortQuote("Lorem ipsum dolor sit amet.")).toBeNull();
  });
});

describe("what a page shows, as a presenter says it", () => {
  it("key figures as label and value", () => {
    const [line] = figureSentences(dashboard.content?.figures ?? [], "The dashboard opens");
    expect(line).toBe(
      "The dashboard opens on four key figures: Today's Money at $53k, Today's Users at 2,300, New Clients at 3,462 and sales at $103,430.",
    );
    const sneat = ["Profit:$12,628", "Sales:$4,679", "Payments:$2,456", "Transactions:$14,857", "Total Orders:8,258"];
    const many = figureSentences(
      sneat.map((f) => ({ label: f.split(":")[0] as string, value: f.split(":")[1] as string })),
      "The page opens",
    );
    expect(many).toEqual([
      "The page opens on five key figures, led by profit at $12,628, sales at $4,679, payments at $2,456 and transactions at $14,857.",
      "The others: Total Orders at 8,258.",
    ]);
  });

  it("charts by title and kind; a title that only says 'chart' gives way to the kind", () => {
    const v = new Variety();
    const charts = dashboard.content?.charts ?? [];
    const lines = charts.map((c) => chartLines(c, v)[0]);
    expect(lines[0]).toBe("A bar chart shows Website Views.");
    expect(lines[1]).toBe("Daily Sales is drawn as a line chart.");
    expect(lines[2]).toBe("Then comes Completed Tasks, as a line chart.");
    const example = { label: null, heading: "Area Chart Example", note: null, css: "#myAreaChart", kind: "area" };
    expect(chartTitle(example)).toBeNull();
    expect(chartLines(example, new Variety())[0]).toBe("An area chart fills this card.");
    expect(chartLines({ ...example, kind: null }, new Variety())[0]).toBe("A chart fills this card.");
  });

  it("tables by subject, columns and rows, with what the search does", () => {
    const sbAdmin = {
      heading: "DataTable Example",
      css: "#datatablesSimple",
      columns: ["Name", "Position", "Office", "Age", "Start date", "Salary"],
      rows: [["Tiger Nixon", "System Architect", "Edinburgh", "61", "2011/04/25", "$320,800"]],
      total: 57,
      search: true,
    };
    expect(tableLines(sbAdmin, new Variety())).toEqual([
      "The table lists 57 rows, with columns for name, position, office, age, start date and salary.",
      "The first row reads Tiger Nixon, System Architect, Edinburgh and 61.",
      "A search box above it filters the rows.",
    ]);
    expect(tableLines(projects, new Variety())[0]).toBe(
      "The Projects table lists 2 rows, with columns for companies, members, budget and completion.",
    );
  });

  it("forms by their fields, asked for as things, not as placeholders", () => {
    expect(fieldName("Enter email address...")).toBe("email address");
    expect(fieldName("Your Name")).toBe("name");
    expect(fieldName("Email Address")).toBe("email address");
    expect(fieldName("SSN")).toBe("SSN");
    const agency = {
      heading: "Contact Us",
      fields: ["Your Name", "Your Email", "Your Message"],
      submit: "Send Message",
    };
    expect(formSentence(agency, new Variety())).toBe(
      "Its form asks for name, email and message, with a “Send Message” button.",
    );
  });

  it("a gallery by its pictures, testimonials by who gives them", () => {
    const portfolio = { heading: "Portfolio", top: 835, text: [], items: [], charts: [], pictures: 6 };
    expect(itemsSentences(portfolio, new Variety())).toEqual(["Six pictures fill it."]);
    const people = ["Margaret E.", "Fred S.", "Sarah W."].map((title) => ({
      title,
      text: '"This is fantastic! Thanks so much guys!"',
      kind: "card" as const,
      price: null,
      badge: null,
      points: [],
      heading: false,
    }));
    expect(itemsSentences({ ...portfolio, pictures: 0, items: people }, new Variety())).toEqual([
      "Three testimonials follow, from Margaret E, Fred S and Sarah W.",
      "Margaret E says “This is fantastic!”.",
    ]);
  });

  it("lists and cards by what they hold; their lorem ipsum is never read", () => {
    const lines = itemsSentences(services, new Variety());
    expect(lines).toEqual(["The cards cover E-Commerce, Responsive Design and Web Security."]);
    const section = beatLines({ kind: "section", name: "Services", blocks: [services], charts: [] });
    expect(placeholders(section)).toEqual([]);
    const team = { ...services, heading: "Our Amazing Team", items: services.items.slice(0, 1), count: 6 };
    expect(itemsSentences({ ...team, items: Array(6).fill(services.items[0]) }, new Variety())[0]).toMatch(
      /^Six (cards follow|entries line up)/,
    );
  });
});

describe("a whole plan on a real admin template", () => {
  const drafts = [
    beat({ action: "navigate", url: `${M}/dashboard.html` }),
    ...["#chart-bars", "#chart-line", "#chart-line-tasks"].map((css) =>
      beat({ action: "hover", url: `${M}/dashboard.html`, target: { role: "img", css } }),
    ),
    beat({ action: "hover", url: `${M}/dashboard.html`, target: { role: "table", css: "" } }),
    beat({
      action: "click",
      url: `${M}/billing.html`,
      target: { role: "link", name: "receipt_long Billing" },
      narration: "Let's open receipt_long Billing.",
    }),
    beat({
      action: "hover",
      url: `${M}/billing.html`,
      target: { role: "link", name: "add Add New Card" },
      narration: "Each card has its own next step, like add Add New Card.",
    }),
    beat({
      action: "scroll",
      url: `${M}/billing.html`,
      target: { role: "heading", name: "Skip to main content" },
      narration: "Scroll down to Skip to main content.",
    }),
  ];
  const map = buildSiteMap([dashboard, billing]);
  const lines = writeNarration(drafts, map, { site: "Material Dashboard", targetSeconds: 90, maxSeconds: null }).map(
    (d) => d.narration,
  );

  it("says none of what a viewer never reads, and nothing twice", () => {
    expect(iconLigatures(lines)).toEqual([]);
    expect(srTwins(lines)).toEqual([]);
    expect(skipLinks(lines)).toEqual([]);
    expect(placeholders(lines)).toEqual([]);
    expect(repeats(lines)).toEqual([]);
    expect(overusedFrames(lines)).toEqual([]);
    expect(copiedRuns(lines, [services.items[0]?.text ?? ""])).toEqual([]);
  });

  it("leads from one thing to the next: figures, then the charts, the table, the billing page's cards", () => {
    expect(lines[0]).toMatch(/^Welcome to Material Dashboard\. .*Today's Money at \$53k/);
    expect(lines[1]).toMatch(/^(Next, the|Now to the|On to the) charts\. A bar chart shows Website Views\./);
    expect(lines[4]).toMatch(/Projects table lists 2 rows/);
    expect(lines[5]).toMatch(/Billing/);
    expect(lines.join(" ")).toMatch(/Payment Method, Invoices and Billing Information/);
    expect(lines[6]).toContain("“Add New Card”");
  });

  it("varies its frames: no two lines in a row open with the same word", () => {
    const first = lines.map((l) => l.split(" ")[0]);
    for (let i = 1; i < first.length; i++) expect(first[i], lines[i]).not.toBe(first[i - 1]);
  });
});

describe("the same note under every chart (SB Admin's 'Updated yesterday at 11:59 PM')", () => {
  it("is said once", () => {
    const note = "Updated yesterday at 11:59 PM";
    const url = "http://127.0.0.1:4400/charts.html";
    const charts = ["area", "bar", "pie"].map((kind) => ({
      label: null,
      heading: `${kind} Chart Example`,
      note,
      css: `#my${kind}Chart`,
      kind,
    }));
    const page = snapshot(url, { title: "Charts - SB Admin", h1: "Charts", content: { ...empty, charts } });
    const drafts = [
      beat({ action: "navigate", url }),
      ...charts.map((c) => beat({ action: "hover", url, target: { role: "img", css: c.css } })),
    ];
    const out = writeNarration(drafts, buildSiteMap([page]), {
      site: "SB Admin",
      targetSeconds: 120,
      maxSeconds: null,
    });
    const lines = out.map((d) => d.narration);
    expect(lines.join(" ").split(note).length - 1).toBe(1);
    expect(lines.slice(1).map((l) => /an? (area|bar|pie) chart/i.exec(l)?.[1])).toEqual(["area", "bar", "pie"]);
    expect(repeats(lines)).toEqual([]);
  });
});

describe("a long one-page tour", () => {
  it("says no sentence frame more than twice across eight sections and three pages of figures", () => {
    const L = "http://127.0.0.1:4500/";
    const headings = ["Services", "Portfolio", "About", "Our Amazing Team", "Clients", "Pricing", "Blog", "Contact Us"];
    const blocks = headings.map((heading, i) => ({ heading, top: 900 + i * 600, text: [], items: [], charts: [] }));
    const home = snapshot(L, { title: "Agency", h1: "Welcome To Our Studio!", content: { ...empty, blocks } });
    const figures = [
      { label: "Orders", value: "24" },
      { label: "Returns", value: "3" },
    ];
    const pages = ["a", "b", "c"].map((p) =>
      snapshot(`${L}${p}.html`, { h1: null, title: `${p.toUpperCase()} report`, content: { ...empty, figures } }),
    );
    const drafts = [
      beat({ action: "navigate", url: L }),
      ...headings.map((name) => beat({ action: "scroll", url: L, target: { role: "heading", name } })),
      ...["a", "b", "c"].map((p) =>
        beat({ action: "click", url: `${L}${p}.html`, target: { role: "link", name: `${p.toUpperCase()} report` } }),
      ),
    ];
    const out = writeNarration(drafts, buildSiteMap([home, ...pages]), {
      site: "Agency",
      targetSeconds: 120,
      maxSeconds: null,
    }).map((d) => d.narration);
    expect(overusedFrames(out)).toEqual([]);
    expect(repeats(out)).toEqual([]);
  });
});

describe("variety", () => {
  it("uses each frame of a family before any twice, and no opening word three lines running", () => {
    const v = new Variety();
    const picks = Array.from({ length: 6 }, () => v.pick("f", ["a", "b", "c"]));
    expect(picks).toEqual(["a", "b", "c", "a", "b", "c"]);
    const o = new Variety();
    o.heard("The page opens.");
    expect(o.opener("g", ["The chart.", "A chart."])).toBe("A chart.");
  });
});
