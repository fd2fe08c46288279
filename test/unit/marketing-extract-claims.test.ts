import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractClaims, findClaims } from "../../src/pipelines/marketing/scan/copy/claims.js";
import {
  type CopyBlock,
  extractCopyBlocks,
  mergeCopyBlocks,
} from "../../src/pipelines/marketing/scan/copy/copy-blocks.js";
import { parseHtml } from "../../src/pipelines/marketing/scan/read/html-document.js";

const fixture = (path: string) => readFileSync(new URL(`../fixtures/marketing/${path}`, import.meta.url), "utf8");
const blocksOf = (path: string, page: number) => {
  const doc = parseHtml(fixture(path), "https://tidewell.example/");
  try {
    return extractCopyBlocks(doc, { page }).blocks;
  } finally {
    doc.close();
  }
};
const phrases = (text: string) => findClaims(text).map((c) => `${c.kind}: ${c.text}`);

describe("claims in a sentence", () => {
  it("takes the smallest meaningful phrase of each kind", () => {
    expect(phrases("Teams onboard 40% faster with Acme.")).toEqual(["percentage: 40% faster"]);
    expect(phrases("Plans start at $29/month, billed yearly.")).toEqual(["price: $29/month"]);
    expect(phrases("Rated #1 rated onboarding tool on G2")).toEqual(["superlative: #1 rated onboarding"]);
    expect(phrases("Start today. No credit card required.")).toEqual(["guarantee: No credit card required"]);
    expect(phrases("Trusted by 10,000+ teams worldwide")).toEqual(["number: 10,000+ teams"]);
    expect(phrases("The fastest way to onboard customers")).toEqual(["superlative: fastest way"]);
    expect(phrases("Our most popular plan")).toEqual(["superlative: most popular plan"]);
    expect(phrases("A 30-day money-back guarantee, cancel anytime.")).toEqual([
      "guarantee: 30-day money-back guarantee",
      "guarantee: cancel anytime",
    ]);
    expect(phrases("Free forever for up to 3 users")).toEqual(["guarantee: Free forever", "number: up to 3 users"]);
    expect(phrases("Save 20% with yearly billing: €190 per year")).toEqual([
      "percentage: Save 20%",
      "price: €190 per year",
    ]);
    expect(phrases("2x faster builds, 99.9% uptime, 24/7 support")).toEqual([
      "number: 2x faster",
      "percentage: 99.9% uptime",
      "number: 24/7 support",
    ]);
  });

  it("does not count step numbers, standards, bare figures or verbs as claims", () => {
    expect(phrases("Step 1: connect your CRM")).toEqual([]);
    expect(phrases("SOC 2 Type II certified")).toEqual([]);
    expect(phrases("3")).toEqual([]);
    expect(phrases("Leading to better outcomes")).toEqual([]);
    expect(phrases("We raised $5M last year")).toEqual([]); // a sum raised, not a price
  });
});

describe("the claims index of the SaaS fixture", () => {
  it("lists every claim of the start and pricing pages once, pointing at its block", () => {
    const { blocks } = mergeCopyBlocks([blocksOf("saas/index.html", 0), blocksOf("saas/pricing.html", 1)]);
    const claims = extractClaims(blocks);
    expect(claims.map((c) => c.id)).toEqual(claims.map((_, i) => `claim-${i + 1}`));
    const byText = new Map(claims.map((c) => [c.text, c]));
    for (const [text, kind] of [
      ["40% faster onboarding", "percentage"],
      ["98% checklist completion", "percentage"],
      ["3× more accounts", "number"],
      ["more than 2,400 customer teams", "number"],
      ["No credit card required", "guarantee"],
      ["30-day money-back guarantee", "guarantee"],
      ["best onboarding tool", "superlative"],
      ["$29/month", "price"],
      ["$79/month", "price"],
      ["$199/month", "price"],
      ["save 20%", "percentage"],
      ["14-day free trial", "guarantee"],
    ] as const) {
      expect(byText.get(text)?.kind, text).toBe(kind);
    }
    // Each claim points at a block that states it.
    for (const claim of claims) {
      const block = blocks.find((b) => b.id === claim.copyId);
      expect(block, claim.text).toBeDefined();
    }
    const price = byText.get("$29/month");
    expect(blocks.find((b) => b.id === price?.copyId)).toMatchObject({ kind: "pricing", title: "Starter", page: 1 });
    // Listed once, though "No credit card required" is on both pages.
    expect(claims.filter((c) => c.text.toLowerCase() === "no credit card required")).toHaveLength(1);
  });

  it("gives no claims for the sparse site", () => {
    expect(extractClaims(blocksOf("sparse/index.html", 0))).toEqual([]);
  });

  it("reads pricing blocks by their fields and testimonials by their text", () => {
    const blocks: CopyBlock[] = [
      {
        id: "copy-1",
        kind: "pricing",
        title: "Pro",
        price: "49",
        currency: "GBP",
        period: "month",
        items: ["Unlimited projects", "Priority support 24/7"],
        page: 0,
        order: 0,
      },
      {
        id: "copy-2",
        kind: "testimonial",
        text: "The best tool we bought.",
        author: "A",
        authorTitle: null,
        page: 0,
        order: 1,
      },
      { id: "copy-3", kind: "call_to_action", text: "Start your free trial", href: null, page: 0, order: 2 },
    ];
    expect(extractClaims(blocks)).toEqual([
      { id: "claim-1", text: "£49/month", kind: "price", copyId: "copy-1" },
      { id: "claim-2", text: "24/7", kind: "number", copyId: "copy-1" },
      { id: "claim-3", text: "best tool", kind: "superlative", copyId: "copy-2" },
      { id: "claim-4", text: "free trial", kind: "guarantee", copyId: "copy-3" },
    ]);
  });
});
