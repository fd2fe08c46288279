import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserPool, type BrowserSession, type CaptureSpec } from "../../src/media/browser/index.js";
import { openPage } from "../../src/pipelines/walkthrough/perform.js";
import { HTML, listenOnLoopback, send } from "../support/fixture-http.js";

// A page opened for a walkthrough has its cookie banner answered ("reject" words first), so no still or
// sign-in form is covered by it; a product's own cookie-settings panel (part of the page, not laid over
// it) is left alone: the walkthrough may be about it.

const DESKTOP: CaptureSpec = { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

const BANNER = `<!doctype html><html><head><title>Shop</title></head><body>
  <main><h1>Welcome</h1><p>Products.</p></main>
  <div id="cookie-banner" style="position:fixed;bottom:0;left:0;right:0;background:#222;color:#fff;padding:20px">
    We use cookies to improve your experience.
    <button onclick="document.cookie='consent=all';this.parentElement.remove()">Accept all</button>
    <button onclick="document.cookie='consent=necessary';this.parentElement.remove()">Necessary only</button>
  </div></body></html>`;

// The banner animates out over 5 s: after its second of grace it is hidden instead.
const SLOW_BANNER = BANNER.replace(
  "this.parentElement.remove()",
  "setTimeout(() => this.parentElement.remove(), 5000)",
);

const SETTINGS = `<!doctype html><html><head><title>Settings</title></head><body>
  <h1>Privacy settings</h1>
  <section class="cookie-settings" aria-label="Cookie preferences">
    <p>Choose which cookies your storefront sets for its visitors.</p>
    <button onclick="document.title='declined'">Decline all</button>
    <button onclick="document.title='accepted'">Accept all</button>
  </section></body></html>`;

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("opening a page for a walkthrough", () => {
  let pool: BrowserPool;
  let server: Awaited<ReturnType<typeof listenOnLoopback>>;
  beforeAll(async () => {
    pool = new BrowserPool();
    server = await listenOnLoopback(async (req, res) => {
      const page = req.url === "/slow" ? SLOW_BANNER : req.url === "/settings" ? SETTINGS : BANNER;
      send(res, 200, HTML, page);
    });
  });
  afterAll(async () => {
    await pool.close();
    await server.close();
  });

  const bannerShown = (page: Page) =>
    page
      .locator("#cookie-banner")
      .isVisible()
      .catch(() => false);
  /** `path` opened in a session of its own, then `check`ed. */
  async function opened(path: string, check: (session: BrowserSession) => Promise<void>): Promise<void> {
    const session = await pool.newSession(DESKTOP);
    try {
      await openPage(session.page, `${server.url}${path}`);
      await check(session);
    } finally {
      await session.close();
    }
  }

  it("answers a cookie banner with the least consent, and the context remembers it", async () => {
    await opened("/", async (session) => {
      expect(await bannerShown(session.page)).toBe(false);
      expect((await session.context.cookies(server.url)).find((c) => c.name === "consent")?.value).toBe("necessary");
    });
  });

  it("hides a banner that does not go when answered", async () => {
    await opened("/slow", async (session) => {
      expect(await bannerShown(session.page)).toBe(false);
    });
  });

  it("leaves a cookie-settings panel that is part of the page alone", async () => {
    await opened("/settings", async (session) => {
      expect(await session.page.title()).toBe("Settings");
      expect(await session.page.getByRole("button", { name: "Decline all" }).isVisible()).toBe(true);
    });
  });
});
