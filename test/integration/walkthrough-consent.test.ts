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
const SLOW_BANNER = BANNER.replaceAll(
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

// The whole app is a fixed shell: its cookie-settings panel is the product's, not a banner.
const SHELL = `<!doctype html><html><head><title>App</title></head><body>
  <div class="app-shell" style="position:fixed;inset:0;display:flex">
    <nav style="width:200px">Menu</nav>
    <section class="cookie-settings" aria-label="Cookie preferences" style="flex:1">
      <p>Choose which cookies your storefront sets.</p>
      <button onclick="document.title='declined'">Decline all</button>
    </section>
  </div></body></html>`;

// A sign-in dialog that mentions cookies: laid over the page, but it asks for an address.
const SIGN_IN = `<!doctype html><html><head><title>Sign in</title></head><body>
  <div role="dialog" aria-label="Sign in" style="position:fixed;top:20%;left:30%;width:40%;background:#fff">
    <p>We use cookies to keep you signed in.</p>
    <input type="email" aria-label="Email">
    <button onclick="document.title='continued'">Continue</button>
  </div></body></html>`;

// A consent tool that reloads the page once answered (the server leaves the banner out after that).
const reloading = (answered: boolean) => `<!doctype html><html><head><title>Reloads</title></head><body>
  <main><h1>Welcome</h1></main>
  ${
    answered
      ? ""
      : `<div id="cookie-banner" style="position:fixed;bottom:0;left:0;right:0">We use cookies.
    <button onclick="document.cookie='consent=all';location.reload()">Accept all</button></div>`
  }
  </body></html>`;

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("opening a page for a walkthrough", () => {
  let pool: BrowserPool;
  let server: Awaited<ReturnType<typeof listenOnLoopback>>;
  beforeAll(async () => {
    pool = new BrowserPool();
    server = await listenOnLoopback(async (req, res) => {
      const pages: Record<string, string> = {
        "/slow": SLOW_BANNER,
        "/settings": SETTINGS,
        "/shell": SHELL,
        "/sign-in": SIGN_IN,
        "/reloads": reloading(/consent=/.test(req.headers.cookie ?? "")),
      };
      send(res, 200, HTML, pages[req.url ?? "/"] ?? BANNER);
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

  it("leaves a fixed app shell's own cookie panel and a sign-in dialog that mentions cookies alone", async () => {
    await opened("/shell", async (session) => {
      expect(await session.page.title()).toBe("App");
      expect(await session.page.getByRole("button", { name: "Decline all" }).isVisible()).toBe(true);
    });
    await opened("/sign-in", async (session) => {
      expect(await session.page.title()).toBe("Sign in");
      expect(await session.page.getByRole("dialog", { name: "Sign in" }).isVisible()).toBe(true);
    });
  });

  it("waits for a page that reloads once its banner is answered", async () => {
    await opened("/reloads", async (session) => {
      const state = await session.page.evaluate(() => ({
        ready: document.readyState,
        type: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type,
      }));
      expect(state).toEqual({ ready: "complete", type: "reload" });
      expect(await bannerShown(session.page)).toBe(false);
    });
  });
});
