import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserPool, type BrowserSession, passOverScreens } from "../../src/media/browser/index.js";
import { type FontCatalogue, loadFontCatalogue } from "../../src/media/fonts/catalogue.js";
import { extractFonts } from "../../src/pipelines/marketing/scan/brand/fonts.js";
import { collectImages } from "../../src/pipelines/marketing/scan/brand/images.js";
import { findLogo } from "../../src/pipelines/marketing/scan/brand/logo.js";
import { collectPaletteSamples } from "../../src/pipelines/marketing/scan/brand/palette.js";
import { takeScreenshots } from "../../src/pipelines/marketing/scan/brand/screenshots.js";
import { parseHtml } from "../../src/pipelines/marketing/scan/read/html-document.js";
import { extractMetadata } from "../../src/pipelines/marketing/scan/read/metadata.js";
import { serialiseDom } from "../../src/pipelines/marketing/scan/visit/dom-serialise.js";
import { type ResponseLog, watchResponses } from "../../src/pipelines/marketing/scan/visit/responses.js";
import { mergePalette } from "../../src/pipelines/marketing/source/palette-merge.js";
import { type MarketingSite, SAAS_SITE, startMarketingSite } from "../support/marketing-sites.js";

// The in-page extractors on a plain (unfenced) session of the real Chromium, against the fixture sites.
// One browser for the file, one session, a few pages: these are the heavy tests.

let pool: BrowserPool;
let session: BrowserSession;
let saas: MarketingSite;
let sparse: MarketingSite;
let fonts: FontCatalogue;

beforeAll(async () => {
  pool = new BrowserPool();
  [saas, sparse, fonts] = await Promise.all([
    startMarketingSite("saas"),
    startMarketingSite("sparse"),
    loadFontCatalogue(),
  ]);
  session = await pool.newSession({ width: 1440, height: 900, deviceScaleFactor: 1, isMobile: false, hasTouch: false });
}, 60_000);

afterAll(async () => {
  await session?.close();
  await pool?.close();
  await Promise.all([saas?.close(), sparse?.close()]);
});

/** Opens a page as the scan does: response log first, then load, a pass over the screens for lazy content, back to top. */
async function open(page: Page, url: string): Promise<ResponseLog> {
  const log = watchResponses(page);
  await page.goto(url, { waitUntil: "load" });
  const height = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement
        .scrollHeight,
  );
  await passOverScreens(page, 0, Math.min(height, 8_000), 800);
  await page.waitForLoadState("networkidle");
  await passOverScreens(page, Math.min(height, 8_000), 0, 8_000);
  return log;
}

/** One page's palette: its samples merged as the scan merges a whole source's (assemble.ts). */
async function extractPalette(page: Page, heroShot: Buffer | null) {
  const { samples, themeColor, noCssPalette } = await collectPaletteSamples(page, heroShot);
  return { ...mergePalette(samples), themeColor, noCssPalette };
}

const metadataOf = async (page: Page) => extractMetadata(parseHtml(await page.content(), page.url()));

describe("in-page extractors on the SaaS fixture's start page", () => {
  it("find its palette, fonts, logo, screenshots and images", async () => {
    const { page } = session;
    const responses = await open(page, `${saas.url}/`);
    try {
      const shots = await takeScreenshots(page, { maxShots: 5, fullPage: true, maxFullPageCss: 8_000 });
      const palette = await extractPalette(page, shots.hero);
      const found = await extractFonts(page, fonts);
      const logo = await findLogo(page, await metadataOf(page), responses);
      const images = await collectImages(page, responses);
      // What the report quotes.
      console.log(
        JSON.stringify(
          {
            palette: palette.colours.slice(0, 8),
            suggestedColors: palette.suggestedColors,
            themeColor: palette.themeColor,
            fonts: found,
            logo: logo && { ...logo, data: `${logo.data.length} bytes` },
            shots: shots.shots.map((s) => ({ from: s.from, width: s.width, height: s.height, bytes: s.data.length })),
            images: images.kept.map((i) => ({ url: i.url, from: i.from, width: i.width, height: i.height })),
            skipped: images.skipped,
          },
          null,
          1,
        ),
      );

      const role = (r: string) => palette.colours.find((c) => c.role === r)?.hex;
      expect(role("background")).toBe(SAAS_SITE.colors.background);
      expect(role("text")).toBe(SAAS_SITE.colors.text);
      expect(role("primary")).toBe(SAAS_SITE.colors.primary);
      expect(role("accent")).toBe(SAAS_SITE.colors.accent);
      expect(palette.themeColor).toBe(SAAS_SITE.themeColor);
      expect(palette.noCssPalette).toBe(false);
      // Found in the CSS and the theme colour; the hero's quantised pixels may or may not average close
      // enough to merge with it (they are anti-aliased averages), so they are not required here.
      expect(palette.colours.find((c) => c.role === "primary")?.from).toEqual(
        expect.arrayContaining(["css", "theme-color"]),
      );
      expect(palette.suggestedColors).toMatchObject({ background: "#ffffff", text: "#0f172a", primary: "#4f46e5" });

      expect(found.fonts).toEqual([
        expect.objectContaining({
          role: "heading",
          family: SAAS_SITE.fonts.heading,
          catalogFontId: null,
          fallbackFontId: "dejavu-sans",
          category: "sans-serif",
        }),
        expect.objectContaining({
          role: "body",
          family: SAAS_SITE.fonts.body,
          catalogFontId: "liberation-sans",
          fallbackFontId: null,
        }),
      ]);
      expect(found.fonts[0]?.weights).toEqual(expect.arrayContaining([600, 700, 800]));
      expect(found.unavailable).toEqual(["Inter"]);

      expect(logo).toMatchObject({ from: "json-ld", contentType: "image/png" });
      expect(logo?.aspectRatio).toBeCloseTo((logo?.width ?? 0) / (logo?.height ?? 1), 1);

      // Five shots leave room for three sections: those of a known kind before the others, in page order.
      expect(shots.shots.map((s) => s.from)).toEqual([
        "hero",
        "section:features",
        "section:steps",
        "section:testimonials",
        "full-page",
      ]);
      expect(shots.shots[0]).toMatchObject({ width: 2160, height: 1350, contentType: "image/jpeg" });
      const tall = shots.shots.at(-1);
      expect(tall?.width).toBe(1440);
      expect(tall?.height).toBeGreaterThan(2_000);
      expect(shots.truncated).toBe(false);
      for (const s of shots.shots) expect((await sharp(s.data).metadata()).format).toBe("jpeg");

      expect(images.kept[0]).toMatchObject({ from: "hero", contentType: "image/png" });
      expect(images.kept[0]?.url).toMatch(/\/img\/hero-dashboard\.png$/);
      expect(images.kept.every((i) => !/avatars|customers\//.test(i.url))).toBe(true); // small or logo strips
    } finally {
      responses.dispose();
    }
  }, 120_000);
});

describe("screenshots in a session of another device scale", () => {
  it("come at the scale asked for, in output pixels per CSS px", async () => {
    const retina = await pool.newSession({
      width: 1440,
      height: 900,
      deviceScaleFactor: 2,
      isMobile: false,
      hasTouch: false,
    });
    try {
      await retina.page.goto(`${saas.url}/`, { waitUntil: "load" });
      const shots = await takeScreenshots(retina.page, { maxShots: 2, fullPage: true, maxFullPageCss: 8_000 });
      expect(shots.shots[0]).toMatchObject({ from: "hero", width: 2160, height: 1350 });
      expect(shots.shots.at(-1)).toMatchObject({ from: "full-page", width: 1440 });
    } finally {
      await retina.close();
    }
  });
});

describe("in-page extractors on the SaaS fixture's inner pages", () => {
  it("shoot the pricing section and keep the features page's images as features", async () => {
    const { page } = session;
    let responses = await open(page, `${saas.url}/pricing`);
    try {
      const shots = await takeScreenshots(page, { maxShots: 5, fullPage: false, maxFullPageCss: 8_000 });
      expect(shots.shots.map((s) => s.from)).toContain("section:pricing");
      expect(shots.shots.some((s) => s.kind === "full-page")).toBe(false);
    } finally {
      responses.dispose();
    }
    responses = await open(page, `${saas.url}/features`);
    try {
      const images = await collectImages(page, responses);
      // The first one starts in the first screen: it counts as the page's hero.
      expect(images.kept.filter((i) => i.from === "feature")).toHaveLength(2);
      const features = images.kept
        .filter((i) => i.from === "feature" || i.from === "hero")
        .map((i) => i.url.replace(saas.url, ""));
      expect(features).toEqual(
        expect.arrayContaining([
          "/img/feature-checklists.jpg",
          "/img/feature-analytics.jpg",
          "/img/feature-integrations.jpg",
        ]),
      );
      expect(images.kept.every((i) => i.data.length > 0 && i.width >= 200 && i.height >= 200)).toBe(true);
    } finally {
      responses.dispose();
    }
  }, 120_000);
});

describe("in-page extractors on hostile and sparse pages", () => {
  it("read through a page that redefines the DOM's globals, and say why images were not kept", async () => {
    const { page } = session;
    const hostile = `${saas.url}/h4-hostile`;
    const big = Buffer.concat([
      await sharp({ create: { width: 400, height: 300, channels: 3, background: "#336699" } })
        .png()
        .toBuffer(),
      Buffer.alloc(6 * 1024 * 1024),
    ]);
    await page.route(`${saas.url}/h4-*`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === "/h4-blocked.png") return route.abort("blockedbyclient");
      if (path === "/h4-huge.png") return route.fulfill({ status: 200, contentType: "image/png", body: big });
      return route.fulfill({
        status: 200,
        contentType: "text/html",
        body: `<!doctype html><html><head><title>x</title><style>
            body{margin:0;background:#fdf6e3;color:#073642;font-family:"Made Up Grotesk",Georgia,serif}
            header{height:80px;background:#fdf6e3} .cta{background:#d33682;color:#fff;padding:12px 24px;display:inline-block}
            img{display:block;width:400px;height:300px}
          </style><script>
            window.getComputedStyle = () => ({ backgroundColor: "rgb(1, 2, 3)", color: "rgb(1, 2, 3)", fontFamily: "Evil" });
            Array.prototype.map = function () { throw new Error("no"); };
            Element.prototype.getBoundingClientRect = () => ({ top: 0, left: 0, right: 1e9, bottom: 1e9, width: 1e9, height: 1e9 });
            JSON.stringify = () => "{}";
            Object.defineProperty(window, "devicePixelRatio", { get: () => 40 });
          </script></head><body>
            <header><a href="/" class="logo"><svg width="120" height="40" viewBox="0 0 120 40"><circle cx="20" cy="20" r="18" fill="#d33682"/></svg></a></header>
            <h1>Hostile</h1><p>${"Words to read. ".repeat(30)}</p><a class="cta" href="/x">Buy</a>
            <img src="/h4-blocked.png" alt=""><img src="/h4-huge.png" alt="">
          </body></html>`,
      });
    });
    const responses = await open(page, hostile);
    try {
      const palette = await extractPalette(page, null);
      const role = (r: string) => palette.colours.find((c) => c.role === r)?.hex;
      expect(role("background")).toBe("#fdf6e3");
      expect(role("text")).toBe("#073642");
      expect(role("primary")).toBe("#d33682");
      expect(palette.colours.some((c) => c.hex === "#010203")).toBe(false);

      const found = await extractFonts(page, fonts);
      expect(found.fonts[1]).toMatchObject({
        family: "Made Up Grotesk",
        category: "serif",
        catalogFontId: null,
        fallbackFontId: "liberation-serif",
      });

      const logo = await findLogo(page, await metadataOf(page), responses);
      expect(logo).toMatchObject({
        from: "header-svg",
        contentType: "image/png",
        width: 480,
        height: 160,
        aspectRatio: 3,
      });
      // Drawn alone on a transparent background: the corner shows nothing of the page's cream.
      const { data, info } = await sharp(logo?.data).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      expect(data[3]).toBe(0);

      const shots = await takeScreenshots(page, { maxShots: 1, fullPage: true, maxFullPageCss: 8_000 });
      expect(shots.shots).toHaveLength(1);
      expect(shots.shots[0]).toMatchObject({ from: "hero", width: 2160, height: 1350 });

      const images = await collectImages(page, responses);
      expect(images.kept).toEqual([]);
      expect(images.skipped.map((s) => [s.url.replace(saas.url, ""), s.reason]).sort()).toEqual([
        ["/h4-blocked.png", "blocked"],
        ["/h4-huge.png", "too_large"],
      ]);
    } finally {
      responses.dispose();
      await page.unroute(`${saas.url}/h4-*`);
    }
  }, 120_000);

  it("find no logo on the sparse site, a palette from its pixels, and cut the tall page at the cap", async () => {
    const { page } = session;
    const responses = await open(page, `${sparse.url}/`);
    try {
      const logo = await findLogo(page, await metadataOf(page), responses);
      expect(logo).toBeNull();
      const shots = await takeScreenshots(page, { maxShots: 5, fullPage: true, maxFullPageCss: 500 });
      expect(shots.truncated).toBe(true);
      expect(shots.shots.at(-1)).toMatchObject({ from: "full-page", height: 500, truncated: true });
      expect(shots.missing).toEqual([]);
      const palette = await extractPalette(page, shots.hero);
      expect(palette.noCssPalette).toBe(true);
      expect(palette.colours.find((c) => c.role === "background")?.hex).toBe("#ffffff");
      expect(palette.colours.some((c) => c.from.includes("pixels"))).toBe(true);
      const images = await collectImages(page, responses);
      expect(images.kept.map((i) => [i.from, i.width, i.height])).toEqual([["hero", 1024, 683]]);

      // Shots the page does not draw within their bound are left out, and named.
      const late = await takeScreenshots(page, { maxShots: 5, fullPage: true, maxFullPageCss: 500, captureMs: 0 });
      expect(late.shots).toEqual([]);
      expect(late.missing).toEqual(["hero", "full-page"]);
      expect(late.truncated).toBe(false);
    } finally {
      responses.dispose();
    }
  }, 120_000);
});

describe("serialising a page's DOM for the extractors", () => {
  const signal = new AbortController().signal;

  it("hands over a page under the cap exactly as the browser serialises it", async () => {
    const { page } = session;
    await page.goto(`${saas.url}/`, { waitUntil: "load" });
    const dom = await serialiseDom(page, 5_000, signal);
    expect(dom).toEqual({ html: await page.content(), truncated: false });
  }, 60_000);

  it("cuts a page over the cap in document order, every open element closed, text and JSON-LD readable", async () => {
    const { page } = session;
    const rows = Array.from(
      { length: 400 },
      (_, i) => `<li><a href="/sku/${i}" title="SKU &quot;${i}&quot;">SKU ${i} &amp; more</a></li>`,
    );
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Every SKU</title><script type="application/ld+json">{"@type":"Organization","name":"A < B"}</script></head><body><main><h1>Catalogue</h1><ul>${rows.join("")}</ul></main><footer>Last line</footer></body></html>`,
    );
    const dom = await serialiseDom(page, 5_000, signal, 4_000);
    expect(dom.truncated).toBe(true);
    expect(dom.html.length).toBeLessThan(4_000 + 200);
    expect(dom.html.startsWith('<!DOCTYPE html><html lang="en"><head><title>Every SKU</title>')).toBe(true);
    expect(dom.html.endsWith("</ul></main></body></html>")).toBe(true);
    const doc = parseHtml(dom.html, "https://shop.test/");
    try {
      const links = [...doc.document.querySelectorAll("main a")];
      expect(links.length).toBeGreaterThan(20);
      expect(links.length).toBeLessThan(400);
      expect(links[3]?.textContent).toBe("SKU 3 & more");
      expect(links[3]?.getAttribute("title")).toBe('SKU "3"');
      expect(JSON.parse(doc.document.querySelector("script")?.textContent ?? "")).toEqual({
        "@type": "Organization",
        name: "A < B",
      });
      expect(doc.document.querySelector("footer")).toBeNull();
    } finally {
      doc.close();
    }
  }, 60_000);
});
