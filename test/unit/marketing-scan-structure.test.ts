import { describe, expect, it } from "vitest";
import { findClaims } from "../../src/pipelines/marketing/scan/copy/claims.js";
import { type CopyBlocksResult, extractCopyBlocks } from "../../src/pipelines/marketing/scan/copy/copy-blocks.js";
import { isPlaceholderText } from "../../src/pipelines/marketing/scan/copy/placeholder.js";
import { parseHtml } from "../../src/pipelines/marketing/scan/read/html-document.js";

// Kinds of structure real templates share (issue 22): each case is a small page written the way themes
// write it, read by the Node-side copy extractor as the scan reads a serialised page.

function blocksOf(body: string): CopyBlocksResult {
  const doc = parseHtml(`<!DOCTYPE html><html><body>${body}</body></html>`, "http://site.test/");
  try {
    return extractCopyBlocks(doc);
  } finally {
    doc.close();
  }
}
const summary = (r: CopyBlocksResult) =>
  r.blocks.map((b) => `${b.kind}: ${"title" in b && b.title ? `${b.title} | ` : ""}${"text" in b ? b.text : ""}`);
const claimTexts = (text: string) => findClaims(text).map((c) => `${c.kind}:${c.text}`);

describe("the hero as the browser marked it", () => {
  it("takes the marked headline and tagline, not the first heading, and reads no hidden text", () => {
    const r = blocksOf(`
      <header><div data-clipwright-render="tagline">Welcome To Our Studio!</div>
        <div data-clipwright-render="headline">It's Nice To Meet You</div></header>
      <form><div data-clipwright-render="hidden">Email Address is required.</div><p>Sign up for our newsletter today please</p></form>
      <section><h2>Services</h2><p>We build sites and apps for small shops and large firms alike.</p></section>`);
    expect(summary(r)).toEqual([
      "value_proposition: Welcome To Our Studio!",
      "headline: It's Nice To Meet You",
      "value_proposition: Services | We build sites and apps for small shops and large firms alike.",
    ]);
    expect(r.tagline).toBe("Welcome To Our Studio!");
  });
});

describe("kinds of copy", () => {
  it("leaves placeholder copy out and counts it", () => {
    const r = blocksOf(`<h1>Agency</h1>
      <div class="row"><div><h4>E-Commerce</h4><p>Lorem ipsum dolor sit amet, consectetur adipisicing elit.</p></div>
      <div><h4>Web Security</h4><p>Lorem ipsum dolor sit amet, consectetur adipisicing elit.</p></div></div>`);
    expect(summary(r)).toEqual(["headline: Agency"]);
    expect(r.placeholders).toBe(2);
    expect(isPlaceholderText("Project Name")).toBe(true);
    expect(isPlaceholderText("Our project names the future")).toBe(false);
  });

  it("reads a quotation with a name beside it as a testimonial with its author", () => {
    const card = (name: string, quote: string) =>
      `<div class="col"><div class="item"><img src="a.jpg" alt="..."><h5>${name}</h5><p>"${quote}"</p></div></div>`;
    const r = blocksOf(`<h1>Leads</h1><section><h2>What people are saying...</h2><div class="row">
      ${card("Margaret E.", "This is fantastic! Thanks so much guys!")}
      ${card("Fred S.", "Bootstrap is amazing, we use it for everything.")}</div></section>`);
    const testimonials = r.blocks.filter((b) => b.kind === "testimonial");
    expect(testimonials).toEqual([
      expect.objectContaining({ text: "This is fantastic! Thanks so much guys!", author: "Margaret E." }),
      expect.objectContaining({ text: "Bootstrap is amazing, we use it for everything.", author: "Fred S." }),
    ]);
    expect(r.blocks.filter((b) => b.kind === "feature")).toEqual([]);
  });

  it("reads a heading with its paragraphs as one titled block, even past a divider", () => {
    const r = blocksOf(`<h1>Freelancer</h1><section id="about"><h2>About</h2><div class="divider"><i></i></div>
      <div class="row"><div><p>Freelancer is a free theme created by a small team of designers.</p></div>
      <div><p>You can create your own avatar and change the icons in the dividers.</p></div></div></section>`);
    expect(summary(r)).toContain(
      "value_proposition: About | Freelancer is a free theme created by a small team of designers. You can create your own avatar and change the icons in the dividers.",
    );
  });

  it("reads dated entries as steps and contact cards as no block", () => {
    const r = blocksOf(`<h1>Studio</h1>
      <ul class="timeline"><li><h4>2009-2011</h4><h4>Our Beginnings</h4><p>We started in a garage with two desks.</p></li>
      <li><h4>March 2011</h4><h4>An Agency is Born</h4><p>We moved into our first real office downtown.</p></li></ul>
      <div class="row"><div class="card"><h4>Address</h4><div>4923 Market Street, Orlando FL</div></div>
      <div class="card"><h4>Email</h4><div>hello@example.com</div></div>
      <div class="card"><h4>Phone</h4><div>+1 (555) 902-8832</div></div></div>`);
    expect(r.blocks.filter((b) => b.kind === "step").map((b) => ("title" in b ? b.title : null))).toEqual([
      "2009-2011",
      "March 2011",
    ]);
    expect(r.blocks.filter((b) => b.kind === "feature")).toEqual([]);
    expect(summary(r).join(" ")).not.toMatch(/Market Street|555|hello@/);
  });
});

describe("claims from sentences", () => {
  it("indexes free, no strings attached and open source", () => {
    expect(claimTexts("A free, responsive, one page theme.")).toEqual(["guarantee:free"]);
    expect(claimTexts("Use it for anything, no strings attached.")).toEqual(["guarantee:no strings attached"]);
    expect(claimTexts("Grayscale is open source and MIT licensed.")).toEqual([
      "guarantee:open source",
      "guarantee:MIT licensed",
    ]);
    expect(claimTexts("Feel free to get in touch, hands-free.")).toEqual([]);
    expect(claimTexts("The fastest way to ship.")).toEqual(["superlative:fastest way"]);
  });

  it("keeps version numbers, street addresses and names with a figure out", () => {
    expect(claimTexts("Featuring the latest build of the new Bootstrap 5 framework!")).toEqual([]);
    expect(claimTexts("Bootstrap 5 Ready")).toEqual([]);
    expect(claimTexts("Visit us at 4923 Market Street, Orlando FL")).toEqual([]);
    expect(claimTexts("Built with Bootstrap 5 Grayscale is a theme")).toEqual([]);
    // Real figures still count.
    expect(claimTexts("Trusted by 2,400 teams worldwide.")).toEqual(["number:2,400 teams"]);
    expect(claimTexts("Save 5 hours a week.")).toEqual(["number:5 hours"]);
  });
});
