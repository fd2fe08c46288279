import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../src/pipelines/marketing/scan/read/html-document.js";
import { extractMetadata } from "../../src/pipelines/marketing/scan/read/metadata.js";

const fixture = (path: string) => readFileSync(new URL(`../fixtures/marketing/${path}`, import.meta.url), "utf8");
const metadataOf = (html: string, url = "https://acme.example/pricing") => {
  const doc = parseHtml(html, url);
  try {
    return extractMetadata(doc);
  } finally {
    doc.close();
  }
};

describe("page metadata", () => {
  it("reads the SaaS fixture's head: title, description, Open Graph, icons, theme colour, language, JSON-LD", () => {
    const m = metadataOf(fixture("saas/index.html"), "https://tidewell.example/");
    expect(m.title).toBe("Tidewell — Customer onboarding software that gets customers live faster");
    expect(m.description).toContain("40% faster onboarding");
    expect(m.og).toEqual({
      title: "Tidewell — Customer onboarding software that gets customers live faster",
      description: expect.stringContaining("shared checklist"),
      image: "https://tidewell.example/img/og-image.png",
      siteName: "Tidewell",
    });
    expect(m.lang).toBe("en");
    expect(m.themeColor).toBe("#4f46e5");
    expect(m.canonical).toBe("https://tidewell.example/");
    expect(m.icons).toEqual([
      { href: "https://tidewell.example/favicon.svg", rel: "icon", sizes: null, size: null, type: "image/svg+xml" },
      { href: "https://tidewell.example/favicon-32x32.png", rel: "icon", sizes: "32x32", size: 32, type: "image/png" },
      {
        href: "https://tidewell.example/apple-touch-icon.png",
        rel: "apple-touch-icon",
        sizes: "180x180",
        size: 180,
        type: null,
      },
    ]);
    expect(m.jsonLd.organizations).toEqual([
      {
        name: "Tidewell",
        logo: "https://tidewell.example/img/logo.png",
        url: "https://tidewell.example/",
        sameAs: ["https://www.linkedin.com/company/tidewell-example"],
      },
    ]);
    expect(m.jsonLd.products).toEqual([
      {
        type: "SoftwareApplication",
        name: "Tidewell",
        description: expect.stringContaining("shared checklists"),
        offers: [{ name: null, price: "29", currency: "USD", period: null }],
      },
    ]);
    expect(m.jsonLd.faqs.map((f) => f.question)).toEqual([
      "How long does it take to set up Tidewell?",
      "Do my customers need an account?",
    ]);
    expect(m.jsonLd.invalidBlocks).toBe(0);
  });

  it("gives nulls, not guesses, for a page that declares nothing", () => {
    const m = metadataOf(fixture("sparse/index.html"));
    expect(m).toMatchObject({ title: "Studio Kamen", description: null, lang: null, themeColor: null, icons: [] });
    expect(m.og).toEqual({ title: null, description: null, image: null, siteName: null });
    expect(m.jsonLd.organizations).toEqual([]);
  });

  it("reads JSON-LD defensively: invalid blocks counted, @graph and nesting walked, offers and reviews typed", () => {
    const m = metadataOf(`<html><head>
      <script type="application/ld+json">{ "@type": "Organization", "name": "Broken", </script>
      <script type="application/ld+json">[1, "two", null, {"@type": 42}]</script>
      <script type="application/ld+json; charset=utf-8">{
        "@context": "https://schema.org",
        "@graph": [
          { "@type": ["Organization", "Thing"], "name": ["Acme Inc."], "logo": { "@type": "ImageObject", "contentUrl": "/img/logo.svg" },
            "sameAs": ["https://x.example/acme", "javascript:alert(1)", 7] },
          { "@type": "WebSite", "name": "Acme" },
          { "@type": "Product", "name": "Acme Cloud",
            "offers": [{ "@type": "Offer", "name": "Pro", "price": 29, "priceCurrency": "usd",
                         "priceSpecification": { "@type": "UnitPriceSpecification", "billingDuration": "P1M" } },
                       { "@type": "Offer", "price": "1,299.00", "priceCurrency": "EURO" }],
            "review": { "@type": "Review", "reviewBody": "<p>Best tool we&amp;#39;ve bought &amp; used.</p>",
                        "author": { "@type": "Person", "name": "Dana R." }, "reviewRating": { "ratingValue": "5", "bestRating": 5 } } },
          { "@type": "FAQPage", "mainEntity": [
            { "@type": "Question", "name": "Is there a free plan?", "acceptedAnswer": { "text": "<b>Yes</b>, free forever for 3 users." } },
            { "@type": "Question", "name": "No answer?" } ] }
        ]
      }</script></head><body></body></html>`);
    expect(m.jsonLd.invalidBlocks).toBe(1);
    expect(m.jsonLd.organizations).toEqual([
      { name: "Acme Inc.", logo: "https://acme.example/img/logo.svg", url: null, sameAs: ["https://x.example/acme"] },
    ]);
    expect(m.jsonLd.websiteName).toBe("Acme");
    expect(m.jsonLd.products[0]).toEqual({
      type: "Product",
      name: "Acme Cloud",
      description: null,
      offers: [
        { name: "Pro", price: "29", currency: "USD", period: "month" },
        { name: null, price: "1299.00", currency: null, period: null },
      ],
    });
    expect(m.jsonLd.reviews).toEqual([
      { author: "Dana R.", text: "Best tool we&#39;ve bought & used.", rating: 5, bestRating: 5 },
    ]);
    expect(m.jsonLd.faqs).toEqual([{ question: "Is there a free plan?", answer: "Yes, free forever for 3 users." }]);
  });

  it("survives hostile JSON-LD: deep nesting, huge blocks and endless arrays", () => {
    let deep = '{"@type":"Organization","name":"Deep"}';
    for (let i = 0; i < 5000; i++) deep = `{"child":${deep}}`;
    const huge = `{"@type":"Organization","name":"${"A".repeat(300_000)}"}`;
    const many = JSON.stringify(
      Array.from({ length: 3000 }, (_, i) => ({ "@type": "Organization", name: `Org ${i}` })),
    );
    const m = metadataOf(
      `<head><script type="application/ld+json">${deep}</script><script type="application/ld+json">${huge}</script>` +
        `<script type="application/ld+json">${many}</script></head>`,
    );
    expect(m.jsonLd.invalidBlocks).toBe(1); // the 300 kB block is not read at all
    expect(m.jsonLd.organizations.find((o) => o.name === "Deep")).toBeUndefined(); // beyond the depth budget
    expect(m.jsonLd.organizations.length).toBeLessThanOrEqual(50);
    expect(m.jsonLd.organizations[0]?.name).toBe("Org 0");
  });

  it("keeps http(s) addresses only, and caps every string", () => {
    const m = metadataOf(`<html lang="not a language tag!"><head>
      <title>${"Long title ".repeat(100)}</title>
      <meta property="og:image" content="javascript:alert(1)">
      <meta property="og:locale" content="en_GB">
      <meta name="theme-color" content="#000" media="(prefers-color-scheme: dark)">
      <meta name="theme-color" content="url(javascript:alert(1))">
      <meta name="theme-color" content="#0F172A" media="(prefers-color-scheme: light)">
      <link rel="icon" href="data:image/png;base64,AAAA">
      <link rel="shortcut icon" href="//cdn.example/favicon.ico">
      <link rel="mask-icon" href="/mask.svg" color="#000">
      <link rel="apple-touch-icon-precomposed" sizes="152x152 180x180" href="/touch.png">
    </head></html>`);
    expect(m.title?.length).toBeLessThanOrEqual(300);
    expect(m.og.image).toBeNull();
    expect(m.lang).toBe("en-GB");
    expect(m.themeColor).toBe("#0f172a");
    expect(m.icons).toEqual([
      { href: "https://cdn.example/favicon.ico", rel: "icon", sizes: null, size: null, type: null },
      { href: "https://acme.example/mask.svg", rel: "mask-icon", sizes: null, size: null, type: null },
      {
        href: "https://acme.example/touch.png",
        rel: "apple-touch-icon",
        sizes: "152x152 180x180",
        size: 180,
        type: null,
      },
    ]);
  });
});
