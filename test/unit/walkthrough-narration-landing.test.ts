import { describe, expect, it } from "vitest";
import { beatLines } from "../../src/pipelines/walkthrough/beat-lines.js";
import { chartLines, itemSentences, itemsSentences } from "../../src/pipelines/walkthrough/content-lines.js";
import { pagesToExplore } from "../../src/pipelines/walkthrough/explore-order.js";
import { viewKey } from "../../src/pipelines/walkthrough/intent-plan.js";
import { fitLines, subjectOf } from "../../src/pipelines/walkthrough/narration-writer.js";
import type { ContentDialog, ContentItem } from "../../src/pipelines/walkthrough/page-content.js";
import { pageSummary } from "../../src/pipelines/walkthrough/page-lines.js";
import { buildSiteMap, type PageSnapshot } from "../../src/pipelines/walkthrough/site-map.js";
import { Variety } from "../../src/pipelines/walkthrough/variety.js";
import { placeholders } from "../support/narration-checks.js";
import { pageSnapshot } from "../support/page-snapshot.js";

// The thin one-page templates of the corpus (test/sites): Agency's and Freelancer's portfolio dialogs,
// Grayscale's projects and contact cards (sections with no h2), an admin feed of untitled entries, and
// which pages a vague tour explores first. Content as page/read-content.page.ts reads it off them.

const card = (title: string, over: Partial<ContentItem> = {}): ContentItem => ({
  title,
  text: null,
  kind: "card",
  price: null,
  badge: null,
  points: [],
  heading: true,
  ...over,
});

const agencyDialog: ContentDialog = {
  opener: '[href="#portfolioModal1"]',
  title: "Project Name",
  item: "Threads",
  facts: [
    { label: "Client", value: "Threads" },
    { label: "Category", value: "Illustration" },
  ],
  pictures: 1,
  section: "portfolio",
};
const freelancerDialogs: ContentDialog[] = ["Log Cabin", "Tasty Cake", "Circus Tent", "Controller", "Locked Safe"].map(
  (title, i) => ({
    opener: `[data-bs-target="#portfolioModal${i + 1}"]`,
    title,
    item: null,
    facts: [],
    pictures: 1,
    section: "portfolio",
  }),
);

describe("a dialog opened from a portfolio", () => {
  it("is named by its own title, else by its card's caption, never by template copy; then its facts", () => {
    const lines = beatLines({ kind: "dialog", dialog: agencyDialog }, new Variety());
    expect(lines).toEqual([
      "Threads opens in a window of its own.",
      "The client is Threads and the category is Illustration.",
    ]);
    expect(placeholders(lines)).toEqual([]);
  });

  it("with no facts, says what fills the window, in other words the second time", () => {
    const v = new Variety();
    const [a, b] = freelancerDialogs.map((dialog) => beatLines({ kind: "dialog", dialog }, v));
    expect(a?.[0]).toBe("Log Cabin opens in a window of its own.");
    expect(a?.[1]).toBe("A large picture fills the window.");
    expect(b?.[1]).not.toBe(a?.[1]);
  });

  it("the section holding them names what each opens", () => {
    const portfolio = { heading: "Portfolio", section: "portfolio", top: 800, text: [], items: [], charts: [] };
    const lines = beatLines(
      {
        kind: "section",
        name: "Portfolio",
        blocks: [{ ...portfolio, pictures: 5 }],
        charts: [],
        dialogs: freelancerDialogs,
      },
      new Variety(),
    );
    expect(lines).toContain("Five pictures fill it.");
    expect(lines.at(-1)).toMatch(/: Log Cabin, Tasty Cake, Circus Tent and two more\.$/);
  });
});

describe("sections with no h2 of their own (Grayscale)", () => {
  it("the projects are told by their titles, one of them by what it shows", () => {
    const projects = ["Shoreline", "Misty", "Mountains"].map((t) =>
      card(t, { text: "An example of where you can put an image of a project.", picture: true }),
    );
    const block = { heading: "", section: "projects", top: 1389, text: [], items: projects, count: 3, charts: [] };
    const lines = beatLines({ kind: "section", name: "Projects", blocks: [block], charts: [] }, new Variety());
    expect(lines[0]).toBe("Further down comes “Projects”.");
    expect(lines[1]).toMatch(/Shoreline, Misty and Mountains\.$/);
    expect(itemSentences(projects[1] as ContentItem, new Variety())).toEqual([
      "Take “Misty”: a picture, with a few lines about it.",
    ]);
  });

  it("contact cards give their values by their titles", () => {
    const cards = [
      card("Address", { detail: "4923 Market Street, Orlando FL" }),
      card("Email", { detail: "hello@yourdomain.com" }),
      card("Phone", { detail: "+1 (555) 902-8832" }),
    ];
    const block = { heading: "", section: null, top: 3404, text: [], items: cards, count: 3, charts: [] };
    expect(itemsSentences(block, new Variety())).toEqual([
      "Three cards read: address, 4923 Market Street, Orlando FL; email, “hello@yourdomain.com”; and phone, +1 (555) 902-8832.",
    ]);
    expect(itemSentences(cards[0] as ContentItem, new Variety())).toEqual([
      "The address card reads 4923 Market Street, Orlando FL.",
    ]);
  });

  it("a field named by its placeholder is said as a thing ('Enter email address...' is the email address field)", () => {
    const lines = beatLines(
      { kind: "fill", field: "Enter email address...", value: "jane@example.com", form: null },
      new Variety(),
    );
    expect(lines).toEqual(["Let's type jane@example.com into the email address field."]);
  });
});

describe("a page of untitled entries (Stisla's activity feed)", () => {
  it("is summed up as a list of so many entries under its heading", () => {
    const feed = { heading: "September 2018", top: 173, text: [], items: [], charts: [], entries: 6 };
    const c = { lead: [], figures: [], figuresRegion: null, charts: [], tables: [], blocks: [feed], tabs: [] };
    expect(pageSummary(c)).toBe("a list of six entries under “September 2018”");
  });
});

describe("a short line never leaves its scene silent", () => {
  it("takes its next sentence before longer lines grow", () => {
    const three = "Now for Activities.";
    const more = "A list of six entries sits under September 2018.";
    const long = "one two three four five six seven eight nine ten.";
    expect(
      fitLines(
        [
          [long, long],
          [three, more],
        ],
        [20, 3],
        24,
      ),
    ).toEqual([long, `${three} ${more}`]);
  });
});

describe("the pages a tour explores first", () => {
  it("what the app does before its error, account and layout demo pages, unless the hint names them", () => {
    const names = ["Static Navigation:layout-static", "Light Sidenav:layout-sidenav-light", "Register:register"];
    const more = ["401 Page:401", "Charts:charts", "Tables:tables", "Forgot Password:password"];
    const links = [...names, ...more].map((e) => {
      const [name, file] = e.split(":") as [string, string];
      return { name, href: `http://127.0.0.1:4400/${file}.html`, region: "sidebar" as const };
    });
    const start = { url: "http://127.0.0.1:4400/index.html", links, sections: [] } as unknown as PageSnapshot;
    const order = (hint: Parameters<typeof pagesToExplore>[1]) =>
      pagesToExplore(start, hint, 4, () => false).map((p) => p.name);
    expect(order([])).toEqual(["Charts", "Tables", "Static Navigation", "Light Sidenav"]);
  });
});

describe("a chart in a statistics card (Stisla's Balance)", () => {
  it("says the card's figure after the chart", () => {
    const chart = { label: null, heading: "Balance", note: null, css: "#balance-chart", kind: null };
    const lines = chartLines({ ...chart, figure: { label: "Balance", value: "$187,13" } }, new Variety());
    expect(lines).toEqual(["Here is the Balance chart.", "It shares its card with the balance figure, $187,13."]);
    expect(chartLines(chart, new Variety())).toEqual(["Here is the Balance chart."]);
  });
});

describe("a footer of titled columns (Freelancer's location, links and about note)", () => {
  it("is a place of the page: named as the footer, then what its columns hold", () => {
    const columns = [
      card("Location", { text: "2215 John Daniel Drive Clark, MO 65243" }),
      card("Around the Web"),
      card("About Freelancer"),
    ];
    const footer = {
      heading: "",
      section: null,
      top: 4200,
      text: [],
      items: columns,
      count: 3,
      charts: [],
      landmark: "footer" as const,
    };
    const lines = beatLines({ kind: "section", name: null, blocks: [footer], charts: [] }, new Variety());
    expect(lines[0]).toMatch(/footer/);
    expect(lines[1]).toMatch(/Location, Around the Web and About Freelancer\.$/);
  });
});

describe("a block with no heading, shown by a hover on its first card", () => {
  const U = "http://127.0.0.1:4500/";
  const cards = [
    card("Address", { detail: "4923 Market Street, Orlando FL" }),
    card("Email", { detail: "hello@yourdomain.com" }),
  ];
  const block = { heading: "", section: null, top: 3404, text: [], items: cards, count: 2, charts: [], below: true };
  const snap = pageSnapshot(U, {
    title: "Grayscale",
    h1: "Grayscale",
    content: { lead: [], figures: [], figuresRegion: null, charts: [], tables: [], blocks: [block], tabs: [] },
  });

  it("is told whole, by what its cards read", () => {
    const start = { title: "Grayscale", action: "navigate" as const, target: null, url: U, narration: "" };
    const hover = {
      ...start,
      title: "Address",
      action: "hover" as const,
      target: { role: "heading", name: "Address" },
    };
    const subject = subjectOf(hover, start, buildSiteMap([snap]), "Grayscale");
    expect(subject).toMatchObject({ kind: "section", blocks: [block] });
    expect(beatLines(subject as Parameters<typeof beatLines>[0], new Variety())[0]).toMatch(
      /^Two cards read: address, /,
    );
  });

  it("scrolling to a heading and hovering it are one view of the page", () => {
    const at = { title: "Address", url: U, narration: "", target: { role: "heading", name: "Address" } };
    expect(viewKey({ ...at, action: "scroll" })).toBe(viewKey({ ...at, action: "hover" }));
  });
});

describe("more of what one-page templates hold (held-out kinds: Creative, New Age)", () => {
  it("a card's one-line description is quoted, a paragraph never", () => {
    const short = card("Flexible Use", { text: "Put an image, video, animation, or anything else in the screen!" });
    expect(itemSentences(short, new Variety())).toEqual([
      "Take “Flexible Use”: “Put an image, video, animation, or anything else in the screen!”.",
    ]);
    const long = card("Open Source", {
      text: "Since this theme is MIT licensed, you can use it commercially, change it, and share it with anyone at all.",
    });
    expect(itemSentences(long, new Variety())).toEqual(["Take “Open Source”."]);
  });

  it("a dialog holding a form says what the form asks for", () => {
    const dialog: ContentDialog = {
      opener: '[data-bs-target="#feedbackModal"]',
      title: "Send feedback",
      item: "Send Feedback",
      facts: [],
      pictures: 0,
      section: null,
      form: { heading: null, fields: ["Full name", "Email address", "Message"], submit: "Submit" },
    };
    const lines = beatLines({ kind: "dialog", dialog }, new Variety());
    expect(lines[0]).toBe("Send feedback opens in a window of its own.");
    expect(lines[1]).toMatch(/full name, email address and message/);
  });

  it("a link to a file (a gallery's full-size picture, a PDF) is no page of the site", () => {
    const U = "http://127.0.0.1:4600/index.html";
    const links = [
      {
        name: "Project Name",
        href: "http://127.0.0.1:4600/assets/img/portfolio/fullsize/1.jpg",
        region: "main" as const,
      },
      { name: "Brochure", href: "http://127.0.0.1:4600/brochure.pdf", region: "nav" as const },
      { name: "Pricing", href: "http://127.0.0.1:4600/pricing.html", region: "nav" as const },
    ];
    const map = buildSiteMap([pageSnapshot(U, { links })]);
    expect(map.pages.map((p) => p.url)).toEqual([U, "http://127.0.0.1:4600/pricing.html"]);
  });
});
