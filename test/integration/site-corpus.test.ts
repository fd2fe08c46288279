import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserPool } from "../../src/media/browser/index.js";
import { openFencedSession } from "../../src/pipelines/browsing/fenced-session.js";
import { CORPUS } from "../sites/corpus.js";
import { type ServedSite, serveSite } from "../sites/serve.js";
import { staticResolver } from "../support/static-resolver.js";

// The site corpus (test/sites): each real template is installed from the lock, served from its own root,
// whole (every file its start page asks for on its own origin is there), and its named hint names places
// the site really has. No database: sqlite project only.

const desktop = { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false };
const normal = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("the site corpus", () => {
  const served = new Map<string, ServedSite>();
  let pool: BrowserPool;

  beforeAll(async () => {
    for (const site of CORPUS) served.set(site.id, await serveSite(site));
    pool = new BrowserPool({ navigationTimeoutMs: 30_000 });
  });
  afterAll(async () => {
    await pool?.close();
    await Promise.all([...served.values()].map((s) => s.close()));
  });

  it("holds 4 admin apps and 4 landing pages, each with a named and a vague hint", () => {
    expect(CORPUS.filter((s) => s.kind === "admin")).toHaveLength(4);
    expect(CORPUS.filter((s) => s.kind === "landing")).toHaveLength(4);
    for (const site of CORPUS) {
      expect(site.hints.named.places, site.id).toHaveLength(3);
      expect(site.hints.vague.places, site.id).toEqual([]);
    }
  });

  for (const site of CORPUS) {
    it(`${site.id}: the start page names each place of the named hint`, async () => {
      const page = served.get(site.id) as ServedSite;
      const res = await fetch(page.startUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      const doc = new JSDOM(await res.text()).window.document;
      const labels = [...doc.querySelectorAll("a, button, h1, h2, h3, h4, section[id]")].map((el) =>
        normal(el.textContent ?? ""),
      );
      for (const place of site.hints.named.places)
        expect(
          labels.some((l) => l.includes(normal(place))),
          `${site.id}: "${place}"`,
        ).toBe(true);
      // Never a file outside the root, however the path is spelled.
      expect((await fetch(`${page.url}/..%2f..%2f..%2f..%2fetc%2fpasswd`)).status).toBe(404);
    });

    it(`${site.id}: loads whole in Chromium behind the fence (nothing of its own origin missing)`, async () => {
      const page = served.get(site.id) as ServedSite;
      const fenced = await openFencedSession(pool, desktop, {
        config: { env: "test", allowPrivateHosts: ["127.0.0.1"] },
        resolver: staticResolver({}),
      });
      try {
        const missing: string[] = [];
        fenced.session.page.on("response", (r) => {
          if (r.url().startsWith(page.url) && r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
        });
        const response = await fenced.session.page.goto(page.startUrl, { waitUntil: "load" });
        expect(response?.status()).toBe(200);
        expect(await fenced.session.page.title()).not.toBe("");
        expect(missing).toEqual([]);
      } finally {
        await fenced.close();
      }
    }, 60_000);
  }
});
