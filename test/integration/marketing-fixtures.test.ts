import { readdir, stat } from "node:fs/promises";
import { JSDOM } from "jsdom";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserPool, type BrowserSession, type CaptureSpec } from "../../src/media/browser/index.js";
import { startEgressProxy } from "../../src/net/egress/proxy.js";
import { sitePolicy } from "../../src/net/guard.js";
import { HOSTILE_NAV, HOSTILE_ROUTES } from "../support/marketing-hostile.js";
import {
  MARKETING_DIR,
  type MarketingSite,
  type MarketingSites,
  SAAS_SITE,
  SPA_SITE,
  SPARSE_SITE,
  startMarketingSite,
  startMarketingSites,
} from "../support/marketing-sites.js";
import { type Recorder, startRecorder } from "../support/recorder-server.js";
import { staticResolver } from "../support/static-resolver.js";

// The marketing-scanner fixture sites (Tidewell SaaS, Lumora SPA, Studio Kamen sparse, Brokenridge hostile),
// checked over plain HTTP and parsed with jsdom (scripts off, as the scanner's Node-side extractors read
// pages), then the few behaviours only a browser shows (the SPA's late content, its consent backdrop and lazy
// images; the hostile pages' errors, height and endless feed) in one lean Chromium session. No database:
// sqlite project only.

const documentOf = (html: string, url: string) => new JSDOM(html, { url }).window.document;

async function get(url: string): Promise<{ status: number; type: string; body: string; location: string | null }> {
  const res = await fetch(url, { redirect: "manual" });
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    body: await res.text(),
    location: res.headers.get("location"),
  };
}

const text = (el: { textContent: string | null } | null | undefined) =>
  (el?.textContent ?? "").replace(/\s+/g, " ").trim();

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("marketing fixture sites over HTTP", () => {
  let sites: MarketingSites;
  const page = async (site: keyof MarketingSites["url"], path: string) => {
    const url = `${sites.url[site]}${path}`;
    const res = await get(url);
    expect(res.status, url).toBe(200);
    expect(res.type, url).toContain("text/html");
    return documentOf(res.body, url);
  };

  beforeAll(async () => {
    sites = await startMarketingSites();
  });
  afterAll(async () => {
    await sites?.close();
  });

  it("each site is its own loopback origin and logs the paths asked for", async () => {
    const origins = Object.values(sites.url).map((u) => new URL(u));
    expect(new Set(origins.map((u) => u.origin)).size).toBe(4);
    for (const u of origins) expect(u.hostname).toBe("127.0.0.1");
    await get(`${sites.url.sparse}/`);
    await get(`${sites.url.sparse}/photo.jpg?w=10`);
    expect(sites.requests("sparse")).toEqual(["/", "/photo.jpg"]);
  });

  it("saas: every scannable page has lang, title, description, theme colour, og tags and the header logo linking home", async () => {
    for (const path of SAAS_SITE.pages) {
      const doc = await page("saas", path);
      expect(doc.documentElement.lang, path).toBe("en");
      expect(doc.title, path).toContain("Tidewell");
      expect(doc.querySelector('meta[name="description"]')?.getAttribute("content")?.length, path).toBeGreaterThan(30);
      expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute("content"), path).toBe(SAAS_SITE.themeColor);
      for (const prop of ["og:title", "og:description", "og:image"]) {
        expect(doc.querySelector(`meta[property="${prop}"]`)?.getAttribute("content"), `${path} ${prop}`).toBeTruthy();
      }
      const logo = doc.querySelector("header a[href='/'] svg");
      expect(text(logo?.querySelector("title")), path).toBe(SAAS_SITE.logo.headerSvgTitle);
      expect(doc.querySelector('link[rel="apple-touch-icon"]')?.getAttribute("href")).toBe(
        SAAS_SITE.logo.appleTouchIcon,
      );
      expect(doc.querySelector('link[rel="icon"][type="image/png"]')).not.toBeNull();
    }
    const current = (await page("saas", "/pricing")).querySelector("nav a[aria-current='page']");
    expect(text(current)).toBe("Pricing");
  });

  it("saas: the start page has hero, CTA, feature cards, steps, testimonials, logos, FAQ and a legal footer", async () => {
    const doc = await page("saas", "/");
    expect(text(doc.querySelector("h1"))).toBe(SAAS_SITE.headline);
    expect(text(doc.querySelector(".hero .lede")).split(" ").length).toBeGreaterThan(20);
    expect(text(doc.querySelector(".hero a.button-primary"))).toBe("Start free trial");
    expect(doc.querySelector(".hero img")?.getAttribute("width")).toBe("1200");
    expect(doc.querySelectorAll("#features article.card h3")).toHaveLength(6);
    expect(doc.querySelectorAll("#how-it-works ol > li")).toHaveLength(4);
    expect(doc.querySelectorAll(".logo-strip img[alt]")).toHaveLength(5);
    const quotes = [...doc.querySelectorAll("#testimonials .testimonial")].map((q) => ({
      author: text(q.querySelector("cite")),
      line: text(q.querySelector("cite")?.parentElement),
      quote: text(q.querySelector("p")),
    }));
    expect(quotes).toHaveLength(3);
    for (const [i, expected] of SAAS_SITE.testimonials.entries()) {
      expect(quotes[i]?.author).toBe(expected.author);
      expect(quotes[i]?.line).toContain(expected.authorTitle);
      expect(quotes[i]?.quote.length).toBeGreaterThan(40);
    }
    expect(doc.querySelectorAll("#faq details > summary")).toHaveLength(5);
    expect(text(doc.body)).toContain("40% faster onboarding");
    expect(text(doc.body)).toContain("No credit card required");
    const footerLinks = [...doc.querySelectorAll("footer a")].map((a) => a.getAttribute("href"));
    expect(footerLinks).toEqual(expect.arrayContaining(["/legal/privacy", "/legal/terms", "/careers", "/cart"]));
  });

  it("saas: JSON-LD names the organisation, its logo on the served origin, and the product's offers", async () => {
    const ld = (doc: ReturnType<typeof documentOf>) =>
      [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => JSON.parse(s.textContent ?? "") as Record<string, unknown>,
      );
    const start = ld(await page("saas", "/"));
    const org = start.find((o) => o["@type"] === "Organization");
    expect(org?.name).toBe("Tidewell");
    expect(org?.logo).toBe(`${sites.url.saas}${SAAS_SITE.logo.jsonLd}`);
    const logo = await fetch(String(org?.logo));
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect((await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).width).toBe(480);
    const app = start.find((o) => o["@type"] === "SoftwareApplication");
    expect(app?.offers).toMatchObject({ lowPrice: "29", highPrice: "199", priceCurrency: "USD" });
    expect(start.some((o) => o["@type"] === "FAQPage")).toBe(true);
    const product = ld(await page("saas", "/pricing")).find((o) => o["@type"] === "Product");
    expect((product?.offers as Array<{ price: string }> | undefined)?.map((o) => o.price)).toEqual(["29", "79", "199"]);
  });

  it("saas: pricing lists three tiers with currency, price, /month, features and one 'Most popular'", async () => {
    const doc = await page("saas", "/pricing");
    const plans = [...doc.querySelectorAll(".pricing-grid .plan")].map((plan) => ({
      title: text(plan.querySelector("h2")),
      price: text(plan.querySelector(".price")),
      items: plan.querySelectorAll("ul li").length,
      popular: text(plan.querySelector(".plan-badge")) === "Most popular",
    }));
    expect(plans.map((p) => p.title)).toEqual(SAAS_SITE.plans.map((p) => p.title));
    for (const [i, plan] of plans.entries()) {
      expect(plan.price).toBe(`$${SAAS_SITE.plans[i]?.price}/month`);
      expect(plan.items).toBeGreaterThanOrEqual(4);
    }
    expect(plans.filter((p) => p.popular).map((p) => p.title)).toEqual(["Growth"]);
  });

  it("saas: every link and image resolves on the site; the pages a scanner must skip are linked and exist", async () => {
    const linked = new Set<string>();
    for (const path of SAAS_SITE.pages) {
      const doc = await page("saas", path);
      for (const el of doc.querySelectorAll("[href], [src]")) {
        const ref = el.getAttribute("href") ?? el.getAttribute("src") ?? "";
        if (/^(mailto|tel):/.test(ref)) continue;
        const url = new URL(ref, `${sites.url.saas}${path}`);
        if (url.origin === "https://www.linkedin.com") continue;
        expect(url.origin, `${ref} on ${path}`).toBe(sites.url.saas);
        linked.add(url.pathname);
      }
    }
    for (const path of SAAS_SITE.neverVisit) expect(linked, path).toContain(path);
    for (const path of linked)
      expect((await fetch(`${sites.url.saas}${path}`, { method: "HEAD" })).status, path).toBe(200);
    expect((await get(`${sites.url.saas}/no-such-page`)).status).toBe(404);
  });

  it("raster images are committed small files; the hero is at least 800 px wide; icons are PNG", async () => {
    const files = (await readdir(MARKETING_DIR, { recursive: true })).filter((f) => /\.(png|jpe?g)$/.test(f));
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const file of files) expect((await stat(`${MARKETING_DIR}${file}`)).size, file).toBeLessThan(60 * 1024);
    const meta = (file: string) => sharp(`${MARKETING_DIR}${file}`).metadata();
    expect((await meta("saas/img/hero-dashboard.png")).width).toBeGreaterThanOrEqual(800);
    expect((await meta("spa/assets/hero-meeting.jpg")).width).toBeGreaterThanOrEqual(800);
    expect(await meta("saas/apple-touch-icon.png")).toMatchObject({ format: "png", width: 180, height: 180 });
    expect(await meta("sparse/photo.jpg")).toMatchObject({ format: "jpeg", width: 1024 });
  });

  it("spa: the shell carries no content, every route answers the shell, the content JSON carries it all", async () => {
    const shell = await page("spa", "/");
    expect(text(shell.body)).toBe("You need to enable JavaScript to run this app.");
    expect(shell.querySelector("h1, img, meta[name='description']")).toBeNull();
    expect(shell.querySelector('meta[name="theme-color"]')?.getAttribute("content")).toBe(SPA_SITE.themeColor);
    for (const route of [...SPA_SITE.routes, "/no-such-route"]) {
      expect(text((await page("spa", route)).body), route).not.toContain(SPA_SITE.headline);
    }
    const content = JSON.parse((await get(`${sites.url.spa}/api/content.json`)).body);
    expect(content.hero.headline).toBe(SPA_SITE.headline);
    expect(content.brand.logo.alt).toBe(SPA_SITE.logoAlt);
    expect(content.features.map((f: { image: string }) => f.image)).toEqual(SPA_SITE.lazyImages);
    for (const image of SPA_SITE.lazyImages) expect((await get(`${sites.url.spa}${image}`)).type).toBe("image/jpeg");
    expect((await get(`${sites.url.spa}/assets/missing.png`)).status).toBe(404);
  });

  it("sparse: a title, one short heading and an image; no logo, icons, colours, language or description", async () => {
    const doc = await page("sparse", "/");
    expect(doc.title).toBe(SPARSE_SITE.title);
    expect([...doc.querySelectorAll("h1, h2, h3")].map(text)).toEqual([SPARSE_SITE.heading]);
    expect(text(doc.body).split(" ")).toHaveLength(2);
    expect(doc.documentElement.lang).toBe("");
    expect(
      doc.querySelector("svg, link, style, meta[name='theme-color'], meta[name='description'], script"),
    ).toBeNull();
    expect(doc.querySelector("img")?.getAttribute("src")).toBe(SPARSE_SITE.image);
    expect((await get(`${sites.url.sparse}/favicon.ico`)).status).toBe(404);
  });

  it("hostile: the start page is usable and links each trap under a name a scanner ranks high", async () => {
    const doc = await page("hostile", "/");
    expect(text(doc.querySelector("h1"))).toContain("Brokenridge");
    const nav = [...doc.querySelectorAll("nav a")].map((a) => a.getAttribute("href"));
    expect(nav).toEqual(Object.keys(HOSTILE_NAV));
    for (const route of Object.values(HOSTILE_NAV)) expect(HOSTILE_ROUTES[route]).toBeTruthy();
  });

  it("hostile: non-HTML, error, redirect and image routes answer what they claim", async () => {
    const h = (path: string) => get(`${sites.url.hostile}${path}`);
    expect((await h("/hostile/pdf")).type).toBe("application/pdf");
    expect((await h("/about")).body.startsWith("%PDF-")).toBe(true);
    expect((await h("/hostile/json")).type).toContain("application/json");
    expect((await h("/hostile/error-500")).status).toBe(500);
    expect((await h("/faq")).status).toBe(500);
    for (const path of ["/hostile/redirect-private", "/pricing"]) {
      const res = await h(path);
      expect(res.status).toBe(302);
      expect(res.location).toBe(`${sites.forbidden.url}/`);
      expect(new URL(res.location ?? "").hostname).toBe("127.0.0.2");
    }
    expect((await h("/hostile/js-redirect-private")).body).toContain(sites.forbidden.url);
    const chain = await fetch(`${sites.url.hostile}/hostile/redirect-chain`);
    expect(chain.redirected).toBe(true);
    expect(chain.url).toBe(`${sites.url.hostile}/`);
    await chain.text();
    const giant = await fetch(`${sites.url.hostile}/hostile/giant.png`);
    expect((await giant.arrayBuffer()).byteLength).toBeGreaterThan(5 * 1024 * 1024);
    const fake = await h("/hostile/not-an-image.jpg");
    expect(fake.type).toBe("image/jpeg");
    expect(fake.body).toContain("<!doctype html>");
    const feed = JSON.parse((await h("/hostile/feed?page=1000")).body) as Array<{ title: string }>;
    expect(feed).toHaveLength(10);
    expect(feed[0]?.title).toContain("Post 10001");
    expect(sites.forbidden.requests).toEqual([]);
  });

  it("hostile: the huge page carries over 1 MB of text", async () => {
    const res = await get(`${sites.url.hostile}/integrations`);
    const doc = documentOf(res.body, `${sites.url.hostile}/integrations`);
    expect(text(doc.body).length).toBeGreaterThan(1_000_000);
    expect(doc.querySelector("main")?.getAttribute("style")).toContain("min-height:20000px");
  });

  it("hostile: a never-finishing page and a stalled resource keep their responses open", async () => {
    const abort = new AbortController();
    const res = await fetch(`${sites.url.hostile}/features`, { signal: abort.signal });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain("<title>Brokenridge — Features</title>");
    expect(sites.sites.hostile.held).toBe(1);
    const stalled = fetch(`${sites.url.hostile}/hostile/stall.png`, { signal: abort.signal }).catch(() => "aborted");
    await expect.poll(() => sites.sites.hostile.held).toBe(2);
    abort.abort();
    await reader?.cancel().catch(() => undefined);
    expect(await stalled).toBe("aborted");
    await expect.poll(() => sites.sites.hostile.held).toBe(0);
  });
});

// Page-side code runs in the browser; this project has no DOM types, so the few globals used are reached
// through `globalThis` with the minimal shapes declared here.
interface PageElement {
  id: string;
  src: string;
  complete: boolean;
  naturalWidth: number;
  contains(other: PageElement | null): boolean;
  getBoundingClientRect(): { x: number; y: number; width: number; height: number };
}
interface PageGlobals {
  document: {
    body: { textContent: string | null; scrollHeight: number };
    querySelector(css: string): PageElement | null;
    querySelectorAll(css: string): ArrayLike<PageElement>;
    elementFromPoint(x: number, y: number): PageElement | null;
  };
  localStorage: { getItem(key: string): string | null };
  scrollTo(x: number, y: number): void;
}

/** What sits on top at the centre of `css`'s box: "self", or the id of whatever covers it. */
const topmostAt = (page: Page, css: string) =>
  page.evaluate((selector) => {
    const { document } = globalThis as unknown as PageGlobals;
    const target = document.querySelector(selector);
    if (!target) return "missing";
    const box = target.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return target.contains(top) ? "self" : (top?.id ?? "unknown");
  }, css);

const DESKTOP: CaptureSpec = { width: 1440, height: 900, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("marketing fixture sites in Chromium", () => {
  let pool: BrowserPool;
  let session: BrowserSession;
  let spa: MarketingSite;
  let hostile: MarketingSite;
  let forbidden: Recorder;
  // The SPA's content JSON is held until the test releases it: the empty shell is seen without a race.
  let contentRequested!: () => void;
  let releaseContent!: () => void;
  const requested = new Promise<void>((resolve) => {
    contentRequested = resolve;
  });
  const released = new Promise<void>((resolve) => {
    releaseContent = resolve;
  });

  beforeAll(async () => {
    forbidden = await startRecorder("127.0.0.2");
    [spa, hostile] = await Promise.all([
      startMarketingSite("spa", {
        spaContentGate: () => {
          contentRequested();
          return released;
        },
      }),
      startMarketingSite("hostile", { forbiddenUrl: forbidden.url }),
    ]);
    pool = new BrowserPool();
    session = await pool.newSession(DESKTOP);
  });
  afterAll(async () => {
    await session?.close();
    await pool?.close();
    await Promise.all([spa?.close(), hostile?.close(), forbidden?.close()]);
  });

  it("spa: content appears only after load, the consent backdrop covers it until a choice, lazy images load on scroll", async () => {
    const { page } = session;
    await page.goto(`${spa.url}/`);
    await requested;
    // Loaded, content still in flight: no headline, only the spinner and the consent panel.
    expect(await page.locator("h1").count()).toBe(0);
    const consent = page.getByRole("dialog", { name: "Cookie consent" });
    await consent.waitFor({ state: "visible" });
    for (const name of SPA_SITE.consentButtons) expect(await consent.getByRole("button", { name }).count()).toBe(1);

    releaseContent();
    await page.getByRole("heading", { level: 1, name: SPA_SITE.headline }).waitFor();
    expect(await page.title()).toContain("Lumora —");
    expect(await page.getByRole("img", { name: SPA_SITE.logoAlt }).isVisible()).toBe(true);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toContain("Lumora");
    expect(await topmostAt(page, ".hero .btn")).toBe("consent-backdrop");

    // Below the fold, the feature images are 1-pixel placeholders nobody has fetched yet.
    const featureSources = () =>
      page.evaluate(() =>
        Array.from((globalThis as unknown as PageGlobals).document.querySelectorAll("#features img"), (img) => img.src),
      );
    expect((await featureSources()).every((src) => src.startsWith("data:"))).toBe(true);
    for (const image of SPA_SITE.lazyImages) expect(spa.requests).not.toContain(image);

    await consent.getByRole("button", { name: "Reject all" }).click();
    await consent.waitFor({ state: "detached" });
    expect(await topmostAt(page, ".hero .btn")).toBe("self");
    expect(
      await page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem("lumora-consent")),
    ).toBe("none");

    await page.locator("#features").scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      Array.from(
        (globalThis as unknown as PageGlobals).document.querySelectorAll("#features img"),
        (img) => img.complete && img.naturalWidth === 640,
      ).every(Boolean),
    );
    expect(await featureSources()).toEqual(SPA_SITE.lazyImages.map((path) => `${spa.url}${path}`));
    for (const image of SPA_SITE.lazyImages) expect(spa.requests).toContain(image);

    // A history route renders its own view; the remembered choice keeps the banner away.
    await page.goto(`${spa.url}/pricing`);
    await page.getByText("Most popular").waitFor();
    expect(await page.locator(".plan .price").allTextContents()).toEqual([
      "€0 forever",
      "€12 per user / month",
      "€24 per user / month",
    ]);
    expect(await consent.count()).toBe(0);
  }, 120_000);

  it("hostile: script errors are thrown, the huge page is over 20,000 px tall, the feed grows on scroll", async () => {
    const { page } = session;
    const errors: string[] = [];
    const collect = (err: Error) => errors.push(err.message);
    page.on("pageerror", collect);
    await page.goto(`${hostile.url}/customers`);
    // On load: the inline throw, the load handler, the rejection, the timeout; then the interval, again and again.
    await expect.poll(() => errors.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    page.off("pageerror", collect);
    expect(new Set(errors)).toEqual(
      new Set([
        "tag manager failed to initialise",
        "undefinedAnalytics is not defined",
        "unhandled rejection from a chat widget",
        "Cannot read properties of null (reading 'widget')",
        "carousel tick failed",
      ]),
    );
    expect(await page.locator("h1").textContent()).toContain("Brokenridge");

    await page.goto(`${hostile.url}/integrations`);
    const size = await page.evaluate(() => {
      const { body } = (globalThis as unknown as PageGlobals).document;
      return { height: body.scrollHeight, chars: body.textContent?.length ?? 0 };
    });
    expect(size.height).toBeGreaterThanOrEqual(20_000);
    expect(size.chars).toBeGreaterThan(1_000_000);

    await page.goto(`${hostile.url}/blog`);
    const articles = page.locator("#feed article");
    for (const atLeast of [10, 20, 30]) {
      await expect.poll(() => articles.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(atLeast);
      await page.evaluate(() => {
        const g = globalThis as unknown as PageGlobals;
        g.scrollTo(0, g.document.body.scrollHeight);
      });
    }
    expect(hostile.requests.filter((path) => path === "/hostile/feed").length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it("hostile: behind the fence, the redirect to 127.0.0.2 never connects (the test guard allows only 127.0.0.1)", async () => {
    const policy = sitePolicy({ env: "test", allowPrivateHosts: ["127.0.0.1"] });
    const proxy = await startEgressProxy({ policy, resolver: staticResolver({}), connectTimeoutMs: 500 });
    const fenced = await pool.newSession(DESKTOP, { proxyServer: proxy.url });
    try {
      const outcome = await fenced.page.goto(`${hostile.url}/pricing`).then(
        (res) => res?.status() ?? 0,
        () => "failed" as const,
      );
      expect(outcome === "failed" || outcome === 403).toBe(true);
      expect(proxy.refused.blocked).toBeGreaterThanOrEqual(1);
      expect(hostile.requests).toContain("/pricing");
      expect(forbidden.connections).toBe(0);
      expect(forbidden.requests).toEqual([]);
    } finally {
      await fenced.close();
      await proxy.close();
    }
  }, 120_000);
});
