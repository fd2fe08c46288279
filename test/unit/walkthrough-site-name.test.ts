import { describe, expect, it } from "vitest";
import { siteNameFrom, titleParts } from "../../src/pipelines/browsing/site-name.js";
import { buildPlan, estimateSeconds, type PageScan } from "../../src/pipelines/walkthrough/plan.js";

const LOOPBACK = "http://127.0.0.1:4100";
const page = (path: string, title: string, extra: { namedSite?: string; text?: string[] } = {}) => ({
  url: `${LOOPBACK}${path}`,
  title,
  ...extra,
});

const scan = (path: string, title: string, over: Partial<PageScan> = {}): PageScan => ({
  url: `${LOOPBACK}${path}`,
  title,
  h1: null,
  paragraph: null,
  navLinks: [],
  cta: null,
  cardHeadings: [],
  cardActions: [],
  sectionHeadings: [],
  long: false,
  textbox: null,
  ...over,
});

describe("the site's name from page titles", () => {
  it("splits on the usual separators, and on a colon followed by a space (not inside a time)", () => {
    expect(titleParts("Dashboard · Meridian Ops")).toEqual(["Dashboard", "Meridian Ops"]);
    expect(titleParts("Pricing | Acme")).toEqual(["Pricing", "Acme"]);
    expect(titleParts("Docs - Acme — Help – Center")).toEqual(["Docs", "Acme", "Help", "Center"]);
    expect(titleParts("Acme Analytics: product analytics")).toEqual(["Acme Analytics", "product analytics"]);
    expect(titleParts("Opens at 10:30")).toEqual(["Opens at 10:30"]);
    expect(titleParts("Meridian-Ops")).toEqual(["Meridian-Ops"]);
  });

  it("takes the part the other pages' titles share", () => {
    const others = [page("/charts", "Charts · Meridian Ops"), page("/tables", "Tables · Meridian Ops")];
    expect(siteNameFrom(page("/", "Dashboard · Meridian Ops"), others)).toBe("Meridian Ops");
    // Site first, page name second: still the shared part.
    const first = [page("/b", "Acme | Billing"), page("/c", "Acme | Charts")];
    expect(siteNameFrom(page("/", "Acme | Overview"), first)).toBe("Acme");
    // "Name: tagline" on the home page, "Page · Name" elsewhere.
    const acme = [page("/pricing", "Pricing · Acme Analytics")];
    expect(siteNameFrom(page("/", "Acme Analytics: product analytics for busy teams"), acme)).toBe("Acme Analytics");
  });

  it("without other titles: the declared site name, then the host name, then the part the page repeats", () => {
    expect(siteNameFrom(page("/", "Overview · Northwind", { namedSite: "Northwind" }))).toBe("Northwind");
    expect(siteNameFrom({ url: "https://app.meridian-ops.com/", title: "Meridian Ops · Dashboard" })).toBe(
      "Meridian Ops",
    );
    const landing = page("/", "Harborline · The shared inbox for small support teams", {
      text: ["HHarborline", "Features", "Pricing", "Harborline brings email, chat and social messages into one place."],
    });
    expect(siteNameFrom(landing)).toBe("Harborline");
    // The corpus's Sneat: every part is in every title, "Pro" sits inside "Upgrade to Pro", the brand link
    // says "Sneat" whole.
    const sneat = page("/html/index.html", "Dashboard - Analytics | Sneat - Bootstrap 5 HTML Admin Template - Pro", {
      text: ["Sneat", "Dashboard", "Layouts", "Upgrade to Pro"],
    });
    expect(siteNameFrom(sneat)).toBe("Sneat");
  });

  it("with no clue at all: the last part, or the part before a colon; the host name when untitled", () => {
    expect(siteNameFrom(page("/", "Dashboard · Meridian Ops"))).toBe("Meridian Ops");
    expect(siteNameFrom(page("/", "Acme Analytics: product analytics"))).toBe("Acme Analytics");
    expect(siteNameFrom(page("/", "Just One Name"))).toBe("Just One Name");
    expect(siteNameFrom(page("/", ""))).toBe("127.0.0.1");
  });

  it("the plan's welcome line names the site, not the page (the admin fixture's titles)", () => {
    const start = scan("/", "Dashboard · Meridian Ops", {
      h1: "Dashboard",
      navLinks: [
        { name: "Dashboard", href: `${LOOPBACK}/` },
        { name: "Charts", href: `${LOOPBACK}/charts` },
      ],
    });
    const charts = {
      link: { name: "Charts", href: `${LOOPBACK}/charts` },
      scan: scan("/charts", "Charts · Meridian Ops"),
    };
    const [welcome] = buildPlan(start, [charts], null, null);
    expect(welcome?.title).toBe("Welcome to Meridian Ops");
    expect(welcome?.narration).toBe("Welcome to Meridian Ops. Dashboard.");
  });
});

describe("narration length estimate", () => {
  it("reads at 2.5 words a second (150 words a minute), never under 3 s a beat", () => {
    expect(estimateSeconds(Array.from({ length: 25 }, () => "word").join(" "))).toBe(10);
    expect(estimateSeconds(Array.from({ length: 15 }, () => "word").join(" "))).toBe(6);
    expect(estimateSeconds("Short line.")).toBe(3);
  });
});
