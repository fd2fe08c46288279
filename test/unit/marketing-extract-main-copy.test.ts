import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/pipelines/marketing/scan/read/html-document.js";
import { extractMainCopy, MAIN_COPY_CAP } from "../../src/pipelines/marketing/scan/read/main-copy.js";

const fixture = (path: string) => readFileSync(new URL(`../fixtures/marketing/${path}`, import.meta.url), "utf8");
const mainCopyOf = (html: string) => {
  const doc = parseHtml(html, "https://acme.example/");
  try {
    return extractMainCopy(doc);
  } finally {
    doc.close();
  }
};

const PARAGRAPH =
  "Our team spent three years building an onboarding product, and we learned that the hardest part is never the software. It is agreeing who does what, by when, and telling everyone when that changes.";

describe("main copy", () => {
  it("reads the SaaS landing page's copy without navigation, footer or consent banner", () => {
    const main = mainCopyOf(fixture("saas/index.html"));
    expect(main.text).toContain("Onboard every customer in days, not weeks");
    expect(main.text).toContain("Shared checklists");
    expect(main.text).toContain("We cut our onboarding from six weeks to under four.");
    expect(main.text).not.toContain("Privacy policy"); // footer
    expect(main.text).not.toContain("Log in"); // header navigation
    expect(main.wordCount).toBeGreaterThan(300);
    expect(main.truncated).toBe(false);
    expect(main.title).toContain("Tidewell");
    expect(main.excerpt).toContain("Tidewell turns your onboarding plan");
    // Blocks become lines: a heading never runs into the paragraph after it.
    expect(main.text.split("\n")).toContain("Import your plan");
  });

  it("uses Readability for an article, which drops the sidebar", () => {
    const html = `<html><head><title>Why onboarding fails — Acme blog</title></head><body>
      <nav><a href="/">Home</a><a href="/blog">Blog</a></nav>
      <article><h1>Why onboarding fails</h1>${`<p>${PARAGRAPH}</p>`.repeat(8)}</article>
      <aside class="sidebar"><h3>Popular posts</h3><ul><li><a href="/a">Ten tips</a></li><li><a href="/b">Our story</a></li></ul></aside>
      <footer>© Acme</footer></body></html>`;
    const main = mainCopyOf(html);
    expect(main.method).toBe("readability");
    expect(main.text).toContain("agreeing who does what");
    expect(main.text).not.toContain("Popular posts");
    expect(main.wordCount).toBeGreaterThan(250);
  });

  it("falls back to the page text on a landing page Readability cannot read, and on a near-empty page", () => {
    const landing = mainCopyOf(`<body><header><nav><a href="/pricing">Pricing</a></nav></header>
      <div class="hero"><h1>Ship onboarding faster</h1><p>Checklists your customers finish.</p></div>
      <div class="cookie-banner">We use cookies. <button>Accept</button></div>
      <footer><a href="/privacy">Privacy</a></footer></body>`);
    expect(landing.method).toBe("fallback");
    expect(landing.text).toBe("Ship onboarding faster\nChecklists your customers finish.");
    expect(landing.wordCount).toBe(7);

    const sparse = mainCopyOf(fixture("sparse/index.html"));
    expect(sparse).toMatchObject({ text: "Coming soon", wordCount: 2, method: "fallback", title: "Studio Kamen" });
  });

  it("caps enormous text at 200,000 characters and says so", () => {
    const words = "onboarding checklist reminder progress ".repeat(8000); // ~320,000 characters
    const main = mainCopyOf(`<main><p>${words}</p><p>${words}</p></main>`);
    expect(main.truncated).toBe(true);
    expect(main.text.length).toBeLessThanOrEqual(MAIN_COPY_CAP);
    expect(main.text.length).toBeGreaterThan(MAIN_COPY_CAP - 100);
  }, 120_000);

  it("skips hidden elements and never reads script or template content", () => {
    const main = mainCopyOf(`<main><h1>Visible</h1><p hidden>Hidden attribute</p>
      <p style="display: none">Inline hidden</p><div aria-hidden="true">Decorative</div>
      <template><p>Template text</p></template><script type="application/ld+json">{"name":"Json"}</script>
      <p>Also visible</p></main>`);
    expect(main.text).toBe("Visible\nAlso visible");
  });
});
