import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type CopyBlock,
  extractCopyBlocks,
  mergeCopyBlocks,
} from "../../src/pipelines/marketing/scan/copy/copy-blocks.js";
import { parseHtml } from "../../src/pipelines/marketing/scan/read/html-document.js";
import { BLOCK_TEXT_CAP, MAX_BLOCKS } from "../../src/pipelines/marketing/source/copy-types.js";

const fixture = (path: string) => readFileSync(new URL(`../fixtures/marketing/${path}`, import.meta.url), "utf8");
const blocksOf = (html: string, page = 0, url = "https://tidewell.example/") => {
  const doc = parseHtml(html, url);
  try {
    return extractCopyBlocks(doc, { page });
  } finally {
    doc.close();
  }
};
type CopyKind = CopyBlock["kind"];
const ofKind = <K extends CopyKind>(blocks: CopyBlock[], kind: K) =>
  blocks.filter((b): b is CopyBlock & { kind: K } => b.kind === kind);

describe("copy blocks on the SaaS fixture", () => {
  const { blocks, truncated } = blocksOf(fixture("saas/index.html"));

  it("finds the hero: headline, value proposition and its calls to action", () => {
    expect(truncated).toBe(false);
    expect(ofKind(blocks, "headline").map((b) => b.text)).toEqual(["Onboard every customer in days, not weeks"]);
    expect(ofKind(blocks, "value_proposition")[0]?.text).toMatch(/^Tidewell turns your onboarding plan/);
    expect(ofKind(blocks, "value_proposition").map((b) => b.text)).toContain(
      "Free for 14 days. No credit card required.",
    );
    const ctas = ofKind(blocks, "call_to_action").map(({ text, href }) => ({ text, href }));
    expect(ctas).toEqual([
      { text: "Start free trial", href: "https://tidewell.example/signup" },
      { text: "See pricing", href: "https://tidewell.example/pricing" },
      { text: "Start your free trial", href: "https://tidewell.example/signup" },
    ]);
  });

  it("reads the feature cards, the numbered steps and the stats", () => {
    const features = ofKind(blocks, "feature");
    expect(features.filter((f) => f.title).map((f) => f.title)).toEqual([
      "Shared checklists",
      "Automatic reminders",
      "Live progress dashboards",
      "Two-way CRM sync",
      "Reusable templates",
      "Enterprise-grade security",
    ]);
    expect(features[0]?.text).toBe(
      "Give every customer one page with their tasks, owners and due dates, and see who is blocking whom.",
    );
    expect(features.filter((f) => !f.title).map((f) => f.text)).toEqual([
      "40% faster onboarding on average",
      "3× more accounts live in their first 30 days",
      "98% checklist completion rate",
    ]);
    expect(ofKind(blocks, "step").map((s) => s.title)).toEqual([
      "Import your plan",
      "Invite your customer",
      "Automate the follow-up",
      "Measure time to value",
    ]);
  });

  it("reads testimonials with their authors and titles", () => {
    expect(ofKind(blocks, "testimonial").map(({ author, authorTitle }) => ({ author, authorTitle }))).toEqual([
      { author: "Dana Reyes", authorTitle: "VP Customer Success, Harbor Freightways" },
      { author: "Tomas Lind", authorTitle: "Head of Onboarding, Northpeak" },
      { author: "Amara Okafor", authorTitle: "Director of Implementation, Brightlane" },
    ]);
    expect(ofKind(blocks, "testimonial")[2]?.text).toBe(
      "It is the best onboarding tool we have used: our enterprise accounts went live three times faster.",
    );
  });

  it("reads the FAQ once, though the page has it both as details and as JSON-LD", () => {
    const faqs = ofKind(blocks, "faq");
    expect(faqs.map((f) => f.title)).toEqual([
      "How long does it take to set up Tidewell?",
      "Do my customers need an account?",
      "Which tools does Tidewell integrate with?",
      "Can I cancel at any time?",
      "Where is my data stored?",
    ]);
    expect(faqs[3]?.text).toBe("Yes. Plans are monthly, and we offer a 30-day money-back guarantee on annual plans.");
    // "Ready to cut onboarding time in half?" heads a call-to-action band, not a FAQ.
    expect(faqs.some((f) => f.title.startsWith("Ready"))).toBe(false);
  });

  it("numbers blocks in document order, on the page given, with nothing from the footer or navigation", () => {
    expect(blocks.map((b) => b.id)).toEqual(blocks.map((_, i) => `copy-${i + 1}`));
    expect(blocks.map((b) => b.order)).toEqual(blocks.map((_, i) => i));
    expect(blocks.every((b) => b.page === 0)).toBe(true);
    const all = JSON.stringify(blocks);
    expect(all).not.toContain("Privacy policy");
    expect(all).not.toContain("Made in Rotterdam");
    expect(all).not.toContain('"Features"');
  });
});

describe("copy blocks on the pricing page and the sparse site", () => {
  it("parses the pricing tiers with price, currency, period and items", () => {
    const { blocks } = blocksOf(fixture("saas/pricing.html"), 2);
    expect(
      ofKind(blocks, "pricing").map(({ title, price, currency, period }) => ({ title, price, currency, period })),
    ).toEqual([
      { title: "Starter", price: "29", currency: "USD", period: "month" },
      { title: "Growth", price: "79", currency: "USD", period: "month" },
      { title: "Scale", price: "199", currency: "USD", period: "month" },
    ]);
    expect(ofKind(blocks, "pricing")[2]?.items).toEqual([
      "Unlimited team members",
      "Single sign-on (SAML)",
      "EU or US data residency",
      "Dedicated success manager",
      "99.9% uptime SLA",
    ]);
    expect(ofKind(blocks, "faq").map((f) => f.title)).toContain("Do you offer refunds?");
    expect(ofKind(blocks, "call_to_action").find((c) => c.text === "Talk to sales")?.href).toBeNull(); // mailto:
    expect(blocks.every((b) => b.page === 2)).toBe(true);
  });

  it("gives the sparse page its one heading and nothing invented", () => {
    const { blocks } = blocksOf(fixture("sparse/index.html"));
    expect(blocks).toEqual([{ id: "copy-1", kind: "headline", text: "Coming soon", page: 0, order: 0 }]);
  });
});

describe("copy block patterns", () => {
  it("reads pricing cards with symbols after the amount, yearly periods, a free tier and a monthly/yearly pair", () => {
    const card = (name: string, price: string) =>
      `<div class="tier"><h3>${name}</h3><div class="price">${price}</div><ul><li>${name} feature one</li><li>${name} feature two</li></ul></div>`;
    const { blocks } = blocksOf(`<main><h1>Plans</h1><div class="tiers">
      ${card("Hobby", "Free")}
      ${card("Team", "19 € per user per month")}
      ${card("Business", '<span class="mo">€490/year</span><span class="yr" hidden>€49/mo</span>')}
      </div></main>`);
    expect(
      ofKind(blocks, "pricing").map(({ title, price, currency, period, items }) => ({
        title,
        price,
        currency,
        period,
        n: items.length,
      })),
    ).toEqual([
      { title: "Hobby", price: "0", currency: "EUR", period: null, n: 2 },
      { title: "Team", price: "19", currency: "EUR", period: "month", n: 2 },
      { title: "Business", price: "490", currency: "EUR", period: "year", n: 2 },
    ]);
  });

  it("reads dt/dd and accordion FAQs, collapsed answers included", () => {
    const { blocks } = blocksOf(`<section id="faq"><h2>Questions</h2>
      <dl><dt>Can I export my data?</dt><dd>Yes, as CSV or through the API.</dd>
          <dt>Is there an SLA?</dt><dd>Scale plans include a 99.9% uptime SLA.</dd></dl></section>
      <div class="accordion">
        <div class="item"><h3><button aria-expanded="false">Do you support SSO?</button></h3>
          <div class="panel" hidden><p>Yes, SAML and OIDC on every paid plan.</p></div></div>
        <div class="item"><h3><button aria-expanded="false">Where are you based?</button></h3>
          <div class="panel" hidden><p>Rotterdam, with people across Europe.</p></div></div>
      </div>`);
    expect(ofKind(blocks, "faq").map(({ title, text }) => ({ title, text }))).toEqual([
      { title: "Can I export my data?", text: "Yes, as CSV or through the API." },
      { title: "Is there an SLA?", text: "Scale plans include a 99.9% uptime SLA." },
      { title: "Do you support SSO?", text: "Yes, SAML and OIDC on every paid plan." },
      { title: "Where are you based?", text: "Rotterdam, with people across Europe." },
    ]);
    expect(ofKind(blocks, "call_to_action")).toEqual([]); // accordion toggles are not calls to action
  });

  it("reads testimonial cards without blockquote, authors written after a dash", () => {
    const { blocks } = blocksOf(`<div class="reviews">
      <div class="review-card"><p>“Tidewell saved our team ten hours every single week.”</p><p class="author">— Sam Ortiz, Ops Lead at Brightlane</p></div>
      <div class="review-card"><p>“The only onboarding tool our customers actually open.”</p><p class="author">Jo Park | CEO, Quillstack</p></div>
      </div>
      <blockquote><p>"Setup took an afternoon."</p><cite>Lee</cite></blockquote>`);
    expect(
      ofKind(blocks, "testimonial").map(({ text, author, authorTitle }) => ({ text, author, authorTitle })),
    ).toEqual([
      {
        text: "Tidewell saved our team ten hours every single week.",
        author: "Sam Ortiz",
        authorTitle: "Ops Lead at Brightlane",
      },
      {
        text: "The only onboarding tool our customers actually open.",
        author: "Jo Park",
        authorTitle: "CEO, Quillstack",
      },
      { text: "Setup took an afternoon.", author: "Lee", authorTitle: null },
    ]);
  });

  it("reads numbered step cards as steps, and card groups under a how-it-works heading", () => {
    const { blocks } = blocksOf(`<section><h2>Get started in three steps</h2><div class="row">
      <div><span class="num">1</span><h3>Connect</h3><p>Link your CRM in two clicks.</p></div>
      <div><span class="num">2</span><h3>Invite</h3><p>Send your customer their portal.</p></div>
      <div><span class="num">3</span><h3>Track</h3><p>Watch every task get done.</p></div></div></section>`);
    expect(ofKind(blocks, "step").map((s) => s.title)).toEqual(["Connect", "Invite", "Track"]);
    expect(ofKind(blocks, "feature")).toEqual([]);
  });

  it("drops javascript: and data: addresses from calls to action, and skips hidden or utility buttons", () => {
    const { blocks } = blocksOf(`<main><h1>Acme</h1>
      <a class="btn" href="javascript:alert(document.cookie)">Get started</a>
      <a class="btn-primary" href="data:text/html,<script>alert(1)</script>">Book a demo</a>
      <a class="cta" href="/signup?ref=hero">Create account</a>
      <button>Close</button><button hidden>Secret offer</button><button aria-haspopup="menu">Products</button>
      <div id="cookie-consent"><button>Accept all cookies</button><button>Manage preferences</button></div>
      <a class="button" href="#">Watch the video</a></main>`);
    expect(ofKind(blocks, "call_to_action").map(({ text, href }) => ({ text, href }))).toEqual([
      { text: "Get started", href: null },
      { text: "Book a demo", href: null },
      { text: "Create account", href: "https://tidewell.example/signup?ref=hero" },
      { text: "Watch the video", href: null },
    ]);
    expect(JSON.stringify(blocks)).not.toMatch(/javascript:|data:/);
  });

  it("cuts long text at a sentence boundary under 1,000 characters and reports it", () => {
    const sentence = "Tidewell keeps every customer on track with shared checklists and reminders. ";
    const { blocks, truncated } = blocksOf(
      `<main><h1>Acme</h1><details><summary>What is Acme?</summary><p>${sentence.repeat(40)}</p></details></main>`,
    );
    const answer = ofKind(blocks, "faq")[0];
    expect(truncated).toBe(true);
    expect(answer?.text.length).toBeLessThanOrEqual(BLOCK_TEXT_CAP);
    expect(answer?.text.length).toBeGreaterThan(BLOCK_TEXT_CAP - sentence.length);
    expect(answer?.text.endsWith("reminders.")).toBe(true);
  });

  it("keeps at most 300 blocks of a page full of cards, de-duplicated", () => {
    const cards = Array.from(
      { length: 400 },
      (_, i) => `<div class="card"><h3>Feature ${i % 350}</h3><p>What feature ${i % 350} does for your team.</p></div>`,
    ).join("");
    const { blocks } = blocksOf(`<main><h1>Everything</h1><div class="grid">${cards}</div></main>`);
    expect(blocks.length).toBeLessThanOrEqual(MAX_BLOCKS);
    const titles = ofKind(blocks, "feature").map((f) => f.title);
    expect(new Set(titles).size).toBe(titles.length);
  }, 120_000);
});

describe("merging the pages of a version", () => {
  it("renumbers ids across pages, drops repeats, and enforces the cap", () => {
    const start = blocksOf(fixture("saas/index.html"), 0).blocks;
    const pricing = blocksOf(fixture("saas/pricing.html"), 1).blocks;
    const { blocks, dropped } = mergeCopyBlocks([start, pricing]);
    expect(dropped).toBe(0);
    expect(blocks.map((b) => b.id)).toEqual(blocks.map((_, i) => `copy-${i + 1}`));
    // The header's "Start free trial" appears on both pages and is kept once, from the start page.
    expect(ofKind(blocks, "call_to_action").filter((c) => c.text === "Start free trial")).toHaveLength(1);
    expect(ofKind(blocks, "pricing").every((p) => p.page === 1)).toBe(true);
    expect(blocks.length).toBeLessThan(start.length + pricing.length);

    const many: CopyBlock[] = Array.from({ length: 320 }, (_, i) => ({
      id: `copy-${i + 1}`,
      kind: "feature",
      text: `Feature number ${i}`,
      page: 0,
      order: i,
    }));
    const capped = mergeCopyBlocks([many, many]);
    expect(capped.blocks).toHaveLength(MAX_BLOCKS);
    expect(capped.dropped).toBe(20);
    expect(capped.blocks.at(-1)?.id).toBe("copy-300");
  });
});
