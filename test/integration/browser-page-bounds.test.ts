import type { Frame } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_FRAME_DEPTH, MAX_FRAMES_PER_PAGE, STOP_TIMERS_AFTER } from "../../src/media/browser/frame-limit.js";
import { BrowserPool } from "../../src/media/browser/index.js";
import { DEFAULT_MAX_DOCUMENT_BYTES } from "../../src/net/egress/byte-cap.js";
import { type FencedSession, openFencedSession } from "../../src/pipelines/browsing/fenced-session.js";
import { type MarketingSite, startMarketingSite } from "../support/marketing-sites.js";
import { staticResolver } from "../support/static-resolver.js";
import { waitFor } from "../support/wait.js";

// Issue 19: what a page may cost the browser, on the hostile site's pages, through a real fenced session
// (egress proxy, request routing, init scripts) in the system Chromium. The memory these bounds hold is
// measured in marketing-scan-memory.test.ts; here, that each bound holds as stated.

const desktop = { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

const depthOf = (frame: Frame): number => {
  let depth = 0;
  for (let f = frame.parentFrame(); f; f = f.parentFrame()) depth += 1;
  return depth;
};

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("what one page may cost the browser", () => {
  let site: MarketingSite;
  let pool: BrowserPool;
  let fenced: FencedSession | undefined;

  beforeAll(async () => {
    site = await startMarketingSite("hostile");
    pool = new BrowserPool({ navigationTimeoutMs: 30_000 });
  });
  afterEach(async () => {
    await fenced?.close();
    fenced = undefined;
  });
  afterAll(async () => {
    await pool?.close();
    await site?.close();
  });

  const open = async () => {
    fenced = await openFencedSession(pool, desktop, {
      config: { env: "test", allowPrivateHosts: ["127.0.0.1"] },
      resolver: staticResolver({}),
    });
    return fenced;
  };

  it("keeps a page of endless same-origin iframes at its frame count and depth, and stops its frame-making timers", async () => {
    const { session, fence } = await open();
    await session.page.goto(`${site.url}/hostile/endless-iframes`, { waitUntil: "domcontentloaded" });
    // Every document of the page adds a frame every 20 ms: wait until many were refused.
    await waitFor(() => fence.blocked.frames >= 10 * STOP_TIMERS_AFTER, {
      what: "frames to be refused",
      timeoutMs: 60_000,
      detail: () => `refused ${fence.blocked.frames}, frames ${session.page.frames().length}`,
    });
    // The documents that kept making frames had their timers stopped: the refusals come to an end.
    let last = -1;
    const settled = await waitFor(
      () => {
        const now = fence.blocked.frames;
        const same = now === last;
        last = now;
        return same ? now : null;
      },
      { what: "the page to stop making frames", timeoutMs: 30_000, intervalMs: 500, detail: () => `refused ${last}` },
    );
    expect(settled).toBeGreaterThanOrEqual(10 * STOP_TIMERS_AFTER);
    // Playwright hears of a removed frame a moment after the page removed it: its list may lag, not grow.
    const frames = await waitFor(
      () => {
        const now = session.page.frames();
        return now.length <= MAX_FRAMES_PER_PAGE ? now : null;
      },
      { what: "the page to hold its frames' worth", detail: () => `${session.page.frames().length} frames` },
    );
    expect(frames.length).toBeGreaterThan(4); // the page's first frames of itself did load
    expect(Math.max(...frames.map(depthOf))).toBeLessThanOrEqual(MAX_FRAME_DEPTH);
    // The page still answers: the renderer is not busy making and losing frames.
    expect(await session.page.evaluate(() => document.title)).toContain("Brokenridge");
  }, 120_000);

  it("stops a document that decodes past its cap (a gzip bomb: 1.7 MB on the wire, under every wire cap) and keeps what it read", async () => {
    const opened = await open();
    const { page } = opened.session;
    const cut = opened.documentCut(page);
    // A stopped document fires no DOMContentLoaded: the cut, not the load, ends the wait.
    page.goto(`${site.url}/hostile/gzip-bomb`, { waitUntil: "domcontentloaded" }).catch(() => undefined);
    await cut;
    expect(opened.truncated).toBe(1);
    const chars = await page.evaluate(() => document.body.textContent?.length ?? 0);
    expect(chars).toBeGreaterThan(1000); // used as far as it got
    expect(chars).toBeLessThan(DEFAULT_MAX_DOCUMENT_BYTES * 1.1); // not the 256 MiB it would decode to
    expect(opened.proxy.truncated).toBe(0); // the wire cap never saw it: only the decoded size gave it away
  }, 120_000);
});
