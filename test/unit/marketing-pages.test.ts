import { describe, expect, it } from "vitest";
import { choosePages, type PageLink } from "../../src/pipelines/marketing/scan/visit/pages.js";

const START = "https://www.acme.example/";
const nav = (href: string, text: string): PageLink => ({ href, text, region: "nav" });

describe("choosePages", () => {
  it("ranks topic pages by what they are about, one per topic first", () => {
    const links: PageLink[] = [
      nav("/about", "About"),
      nav("/blog", "Blog"),
      nav("/features", "Features"),
      nav("/pricing", "Pricing"),
      { href: "/customers", text: "Customers", region: "footer" },
      { href: "/features/reports", text: "Reports", region: "hero" },
      nav("/how-it-works", "How it works"),
    ];
    const chosen = choosePages(links, START, 10);
    expect(chosen.map((p) => [new URL(p.url).pathname, p.role])).toEqual([
      ["/pricing", "pricing"],
      ["/features", "features"],
      ["/customers", "customers"],
      ["/about", "about"],
      ["/how-it-works", "how_it_works"],
      ["/features/reports", "features"],
      ["/blog", "other"],
    ]);
    expect(choosePages(links, START, 2).map((p) => p.role)).toEqual(["pricing", "features"]);
  });

  it("never picks sign-in, account, cart, checkout, legal, careers, downloads, mailto or tel", () => {
    const links: PageLink[] = [
      nav("/login", "Log in"),
      nav("/signup", "Start free"),
      nav("/go", "Sign up"),
      nav("/account/settings", "Settings"),
      nav("/cart", "Cart"),
      nav("/checkout?plan=pro", "Buy Pro"),
      { href: "/legal/terms", text: "Terms", region: "footer" },
      { href: "/privacy", text: "Privacy", region: "footer" },
      { href: "/careers", text: "We're hiring", region: "footer" },
      { href: "/downloads/app.dmg", text: "Download", region: "hero" },
      { href: "/brochure.pdf", text: "Pricing sheet", region: "hero" },
      { href: "mailto:hi@acme.example", text: "Contact", region: "footer" },
      { href: "tel:+15550100", text: "Call us", region: "footer" },
      { href: "javascript:void(0)", text: "Features", region: "nav" },
      nav("/pricing", "Pricing"),
    ];
    expect(choosePages(links, START, 10).map((p) => new URL(p.url).pathname)).toEqual(["/pricing"]);
  });

  it("keeps to the start page's origin and never repeats a path or the start page", () => {
    const links: PageLink[] = [
      nav("https://other.example/pricing", "Pricing"),
      nav("http://www.acme.example/features", "Features"), // another scheme is another origin
      nav("https://acme.example/about", "About"), // another host
      nav("/", "Home"),
      nav("/#features", "Features"),
      nav("/pricing", "Pricing"),
      { href: "/pricing/", text: "See plans", region: "footer" },
      { href: "/PRICING#teams", text: "Teams", region: "hero" },
      nav("https://user:pw@www.acme.example/product", "Product"),
    ];
    const chosen = choosePages(links, START, 10);
    expect(chosen).toEqual([{ url: "https://www.acme.example/pricing", role: "pricing" }]);
  });

  it("ignores body links and header links it cannot parse, and answers nothing for max 0", () => {
    const links: PageLink[] = [
      { href: "/features", text: "Features", region: "body" },
      nav("http://[::1", "Broken"),
      { href: "/integrations", text: "Connect your tools", region: "footer" },
    ];
    expect(choosePages(links, START, 5)).toEqual([
      { url: "https://www.acme.example/integrations", role: "integrations" },
    ]);
    expect(choosePages(links, START, 0)).toEqual([]);
  });

  it("reads the topic from the link text when the path does not say it", () => {
    const chosen = choosePages([nav("/p/8812", "Frequently asked questions"), nav("/x", "Our plans")], START, 5);
    expect(chosen.map((p) => p.role)).toEqual(["pricing", "faq"]);
  });
});
