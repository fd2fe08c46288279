import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placesFound } from "../../bench/lib/corpus-places.js";
import { BrowserPool } from "../../src/media/browser/index.js";
import { openFencedSession } from "../../src/pipelines/browsing/fenced-session.js";
import { plannedSeconds, reachableSeconds } from "../../src/pipelines/walkthrough/beat-fit.js";
import type { Beat } from "../../src/pipelines/walkthrough/beats.js";
import { planWalkthrough } from "../../src/pipelines/walkthrough/explore.js";
import { openPage, performBeat } from "../../src/pipelines/walkthrough/perform.js";
import { CORPUS, type CorpusSite } from "../sites/corpus.js";
import { type ServedSite, serveSite } from "../sites/serve.js";
import { staticResolver } from "../support/static-resolver.js";

// The site corpus (test/sites): each real template is installed from the lock, served from its own root,
// whole (every file its start page asks for on its own origin is there), and its named hint names places
// the site really has. Then each site is planned (planWalkthrough, real Chromium behind the fence, 60 s
// asked) with its named hint: every place in order, the hint's action planned, no warning, the plan able
// to fill the length; a dialog opened is closed before the next beat. No database: sqlite project only.

const desktop = { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false };
const normal = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

const TARGET_SECONDS = 60;

/** What each named hint asks to do, as a beat of the plan: its action, its target and the page it is on. */
const ACTION: Record<string, (b: Beat) => boolean> = {
  // The table's own search box (simple-datatables, served in its CDN's place).
  "sb-admin": (b) => b.action === "type" && b.url.endsWith("/tables.html") && b.target?.role === "searchbox",
  stisla: (b) => b.action === "type" && b.url.endsWith("/modules-datatables.html") && b.target?.role === "searchbox",
  sneat: (b) => b.action === "type" && b.url.includes("account") && b.target?.name === "First Name",
  "material-dashboard": (b) => b.action === "click" && b.target?.role === "tab" && b.target.name === "Messages",
  agency: (b) => b.action === "type" && /name/i.test(b.target?.name ?? ""),
  grayscale: (b) => b.action === "type" && b.value === "jane@example.com",
  "landing-page": (b) => b.action === "type" && b.value === "jane@example.com",
  freelancer: (b) => b.action === "click" && !b.target?.role && /portfolioModal/.test(b.target?.css ?? ""),
};

const OPEN_DIALOG = '[aria-modal="true"], .modal.show';

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

  /** The named hint planned on the served site, as a storyboard would plan it. */
  async function plan(site: CorpusSite) {
    const page = served.get(site.id) as ServedSite;
    const fenced = await openFencedSession(pool, desktop, {
      config: { env: "test", allowPrivateHosts: ["127.0.0.1"] },
      resolver: staticResolver({}),
    });
    try {
      const req = { url: page.startUrl, hint: site.hints.named.text, language: null, signIn: null };
      const hooks = { progress: async () => {}, checkpoint: async () => {}, fence: fenced.fence };
      return await planWalkthrough(fenced.session, { ...req, targetSeconds: TARGET_SECONDS }, hooks);
    } finally {
      await fenced.close();
    }
  }

  it("freelancer: the project's dialog holds one beat, and is closed before the next", async () => {
    const site = CORPUS.find((s) => s.id === "freelancer") as CorpusSite;
    const { beats } = await plan(site);
    const opened = beats.findIndex((b) => b.action === "click" && /portfolioModal/.test(b.target?.css ?? ""));
    expect(opened).toBeGreaterThan(0);
    expect(beats.length).toBeGreaterThan(opened + 1);
    const fenced = await openFencedSession(pool, desktop, {
      config: { env: "test", allowPrivateHosts: ["127.0.0.1"] },
      resolver: staticResolver({}),
    });
    try {
      const browser = fenced.session.page;
      const dialog = browser.locator(`#${/#([\w-]+)/.exec(beats[opened]?.target?.css ?? "")?.[1]}`);
      await openPage(browser, beats[0]?.url as string);
      for (const beat of beats.slice(1, opened + 1)) expect(await performBeat(browser, beat), beat.id).toBe(true);
      // Bootstrap fades its backdrop in before it shows the dialog: wait for it to appear.
      await dialog.waitFor({ state: "visible", timeout: 5_000 });
      // The next beat is performed with the dialog gone (another item's may open in its place, never two).
      expect(await performBeat(browser, beats[opened + 1] as Beat)).toBe(true);
      expect(await dialog.isVisible()).toBe(false);
      expect(await browser.locator(OPEN_DIALOG).filter({ visible: true }).count()).toBeLessThanOrEqual(1);
    } finally {
      await fenced.close();
    }
  }, 180_000);

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

    it(`${site.id}: the named hint is planned whole, in order, to the length asked`, async () => {
      const { beats, warnings } = await plan(site);
      expect(warnings, site.id).toEqual([]);
      const places = placesFound(beats, site.hints.named.places);
      expect(places.found, `${site.id}: ${JSON.stringify(places.at)}`).toBe(3);
      expect(places.ordered, `${site.id}: ${JSON.stringify(places.at)}`).toBe(true);
      const acted = beats.findIndex((b) => (ACTION[site.id] as (b: Beat) => boolean)(b));
      expect(acted, site.id).toBeGreaterThan(0);
      // Never longer than asked, by more than a tenth; able to fill it without dead air.
      expect(plannedSeconds(beats), site.id).toBeLessThanOrEqual(TARGET_SECONDS * 1.1);
      expect(reachableSeconds(beats), site.id).toBeGreaterThanOrEqual(TARGET_SECONDS * 0.9);
    }, 180_000);

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
