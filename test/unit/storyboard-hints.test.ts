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
    expect(o.siteName).toBe("Café & Co"); // every named entity, as a browser decodes it
  });

  // Markup as real pages write it: read as a browser reads it (an HTML parser), not by patterns.
  it("reads past comments, attributes holding '>', upper-case tags and markup inside scripts", () => {
    const o = readPage(
      `<!DOCTYPE html><HTML><HEAD><TITLE>Northwind | Docs</TITLE>
      <script>document.write("<nav><a href='/fake'>Fake</a></nav><h2>Fake heading</h2>");</script>
      <style>a[title="<nav>"] { color: red }</style></HEAD>
      <BODY><!-- <nav><a href="/commented">Commented</a></nav> -->
      <NAV class="top"><A HREF="/guides" title="a > b">Guides</A>
        <a data-x='</a><a href="/broken">' href="/api">API <span>reference</span></a>
        <a href="/login">Log-in</a><a href="/account">My Account</a></NAV>
      <noscript><nav><a href="/no-js">No JS</a></nav></noscript>
      <template><nav><a href="/templated">Templated</a></nav></template>
      <MAIN><H1>Northwind</H1><h2>Install</h2><h2><!-- x --></h2><h2>Configure <em>it</em></h2>
        <A class="btn btn-primary" href="/start" onclick="if (a > b) go()">Get <b>started</b></A></MAIN></BODY></HTML>`,
      new URL("https://northwind.example/"),
    );
    expect(o.navLinks).toEqual(["Guides", "API reference"]);
    expect(o.headings).toEqual(["Install", "Configure it"]);
    expect(o.cta).toBe("Get started");
    expect(o.signIn).toBe(true);
    expect(o.siteName).toBe("Northwind");
  });

  it("takes unclosed and misnested markup as a browser does", () => {
    const o = readPage(
      `<title>Shop</title><header><ul><li><a href=/shoes>Shoes<li><a href=/hats>Hats</ul></header>
      <p>Intro<h2>New in</h2><button class=cta-button>Browse<span> all</button><footer><h2>Footer</h2></footer>`,
      new URL("https://shop.example/"),
    );
    expect(o.navLinks).toEqual(["Shoes", "Hats"]);
    expect(o.headings).toEqual(["New in"]);
    expect(o.cta).toBe("Browse all");
    expect(o.signIn).toBe(false);
  });

  it("finds a sign-in by a password field or a link, in any case and in common languages", () => {
    const url = new URL("https://app.example/");
    expect(readPage(`<form><INPUT TYPE="PASSWORD" name=p></form>`, url).signIn).toBe(true);
    expect(readPage(`<a href="/in">Sign-in</a>`, url).signIn).toBe(true);
    expect(readPage(`<a href="/in">Anmelden</a>`, url).signIn).toBe(true);
    expect(readPage(`<a href="/out">Sign out</a><input type="text" value="password">`, url).signIn).toBe(false);
    // Only in a comment or a script: no sign-in on the page.
    expect(readPage(`<!-- <a href="/login">Log in</a> --><script>"<input type=password>"</script>`, url).signIn).toBe(
      false,
    );
  });
});
