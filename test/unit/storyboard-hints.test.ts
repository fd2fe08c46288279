import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { improveHint } from "../../src/domains/storyboards/improve-hint.js";
import { readPage } from "../../src/domains/storyboards/page-outline.js";
import { suggestHints } from "../../src/domains/storyboards/suggest.js";

describe("improveHint (offline rules)", () => {
  it("removes filler and orders the flows into one sentence", () => {
    const r = improveHint("Please make a video of the pricing page, then show features and then the signup form");
    expect(r?.hint).toBe("Show the pricing page first, then features, then the signup form.");
    expect(r?.steps).toEqual(["the pricing page", "features", "the signup form"]);
    expect(r?.changes.length).toBeGreaterThan(0);
  });

  it("reads lists and drops repeats", () => {
    expect(improveHint("1. Features\n2. Pricing\n3. Sign up\n- Pricing")?.hint).toBe(
      "Show features first, then pricing, then sign up.",
    );
  });

  it("answers null when nothing changes or nothing is left", () => {
    expect(improveHint("Show pricing.")).toBeNull();
    expect(improveHint("please, thanks")).toBeNull();
  });

  it("keeps within 1000 characters", () => {
    const long = Array.from({ length: 200 }, (_, i) => `step number ${i}`).join(", then ");
    const r = improveHint(long);
    expect(r?.hint.length).toBeLessThanOrEqual(1000);
  });
});

describe("hint suggestions from a page", () => {
  const html = readFileSync(new URL("../fixtures/site/index.html", import.meta.url), "utf8");
  const outline = readPage(html, new URL("http://127.0.0.1:4000/"));

  it("reads the site's name, navigation, call to action and sign-in", () => {
    expect(outline.siteName).toBe("Acme Analytics");
    expect(outline.navLinks).toEqual(expect.arrayContaining(["Features", "Pricing"]));
    expect(outline.navLinks.some((l) => /sign in/i.test(l))).toBe(false);
    expect(outline.cta).toBeTruthy();
    expect(outline.signIn).toBe(true);
  });

  it("suggests a tour, pages, the action and the sign-in, each a valid hint", () => {
    const hints = suggestHints(outline);
    expect(hints.map((h) => h.focus)).toEqual(expect.arrayContaining(["overview", "page", "action", "signin"]));
    for (const h of hints) {
      expect(h.hint.length).toBeGreaterThanOrEqual(3);
      expect(h.hint.length).toBeLessThanOrEqual(1000);
    }
    expect(hints[0]?.hint).toBe("Show the home page first, then features, then pricing.");
  });

  it("never offers a link that signs in or out as a place (the planner's own rule: 'Logout' too)", () => {
    const o = readPage(
      "<title>Ops</title><nav><a href='/reports'>Reports</a><a href='/logout'>Logout</a><a href='/login'>Log in</a></nav>",
      new URL("https://ops.example/"),
    );
    expect(o.navLinks).toEqual(["Reports"]);
  });

  it("decodes entities and ignores scripts", () => {
    const o = readPage(
      "<title>Caf&eacute; &amp; Co</title><script>var a='<nav><a href=/x>X</a></nav>'</script><nav><a href='/menu'>Menu &amp; prices</a></nav>",
      new URL("https://cafe.example/"),
    );
    expect(o.navLinks).toEqual(["Menu & prices"]);
    expect(o.siteName).toBe("Caf&eacute; & Co");
  });
});
