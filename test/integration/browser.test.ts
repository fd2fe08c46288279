import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTURES } from "../../src/domains/catalog/render-options.js";
import {
  BrowserPool,
  type BrowserSession,
  BrowserUnavailableError,
  type CaptureSpec,
  captureFrame,
  launchBrowser,
  locate,
} from "../../src/media/browser/index.js";
import { DEMO_EMAIL, DEMO_PASSWORD, type Site, startSite } from "../support/site-server.js";

// The system Chromium driven by playwright-core against the local test site. No database: sqlite project only.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function present<T>(value: T | null): T {
  if (value === null) throw new Error("expected a value, got null");
  return value;
}

const captureSpec = (id: string): CaptureSpec => {
  const c = CAPTURES.find((x) => x.id === id);
  if (!c) throw new Error(`no capture ${id}`);
  return {
    width: c.viewport.width,
    height: c.viewport.height,
    deviceScaleFactor: c.deviceScaleFactor,
    isMobile: c.mobile,
    hasTouch: c.mobile,
  };
};

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("browser (system Chromium via playwright-core)", () => {
  let site: Site;
  let pool: BrowserPool;
  let desktop: BrowserSession;

  beforeAll(async () => {
    site = await startSite();
    pool = new BrowserPool();
    desktop = await pool.newSession(captureSpec("desktop"));
  });

  afterAll(async () => {
    await pool?.close();
    await site?.close();
  });

  it("screenshots the viewport at the desktop size; a click changes the picture", async () => {
    const { page } = desktop;
    await page.goto(`${site.url}/`);
    expect(page.url()).toBe(`${site.url}/`);
    const home = await captureFrame(page);
    expect(pngSize(home)).toEqual({ width: 1440, height: 900 });

    await locate(page, { role: "link", name: "Features" }).hover();
    await locate(page, { role: "link", name: "Features" }).click();
    await page.waitForURL(`${site.url}/features`);
    await page.waitForLoadState("load");
    const features = await captureFrame(page);
    expect(pngSize(features)).toEqual({ width: 1440, height: 900 });
    expect(features.equals(home)).toBe(false);

    // Same state, same pixels (animations off, caret hidden).
    expect((await captureFrame(page)).equals(features)).toBe(true);
  });

  it("runs functions compiled with kept names (tsx wraps inner functions in __name) in any page", async () => {
    // What tsx (the service's runtime) makes of `const double = (x) => x * 2` inside an evaluated function.
    const compiled = `(() => { const double = __name((x) => x * 2, "double"); return double(21); })()`;
    expect(await desktop.page.evaluate(compiled)).toBe(42);
    // A page that brings its own esbuild helper keeps it (same contract: the function is returned).
    await desktop.page.setContent(
      `<script>var __name = (target, value) => Object.defineProperty(target, "name", { value, configurable: true });</script>`,
    );
    expect(await desktop.page.evaluate(compiled)).toBe(42);
  });

  it("falls back to CSS when the role does not match, and scrolls", async () => {
    const { page } = desktop;
    await page.goto(`${site.url}/features`);
    await expect(locate(page, { css: "h1" }).textContent()).resolves.toBe("Features");
    await expect(locate(page, { role: "heading", name: "No such heading", css: "h1" }).textContent()).resolves.toBe(
      "Features",
    );
    expect(() => locate(page, {})).toThrow(TypeError);

    await page.evaluate("window.scrollBy({ top: 300, behavior: 'instant' })");
    expect(await page.evaluate("window.scrollY")).toBeGreaterThan(0);
    await locate(page, { css: "footer.site-footer" }).scrollIntoViewIfNeeded();
    const footer = present(await locate(page, { css: "footer.site-footer" }).boundingBox());
    expect(footer.y).toBeGreaterThanOrEqual(0);
    expect(footer.y).toBeLessThan(900);
  });

  it("signs in through the labelled fields and fills the New report dialog", async () => {
    const { page } = desktop;
    await page.goto(`${site.url}/signin`);
    await locate(page, { role: "textbox", name: "Email" }).fill(DEMO_EMAIL);
    await locate(page, { role: "textbox", name: "Password", css: "#password" }).fill(DEMO_PASSWORD);
    await locate(page, { role: "button", name: "Sign in" }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(page.url().endsWith("/dashboard")).toBe(true);
    expect(site.signIns).toBe(1);

    await locate(page, { role: "button", name: "New report" }).click();
    const dialog = locate(page, { role: "dialog", name: "New report" });
    await dialog.waitFor({ state: "visible" });
    await locate(page, { role: "textbox", name: "Report name" }).fill("Weekly growth");
    await locate(page, { role: "combobox", name: "Date range" }).selectOption("7d");
    const withDialog = await captureFrame(page);
    expect(pngSize(withDialog)).toEqual({ width: 1440, height: 900 });
    await locate(page, { role: "button", name: "Create" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect(locate(page, { role: "status" }).textContent()).resolves.toBe('Report "Weekly growth" created');
    await expect(locate(page, { css: "#reports li" }).textContent()).resolves.toBe(
      "Weekly growth (Last 7 days, with charts)",
    );
  });

  it("a phone session has its own cookies and screenshots at 3× (1170×2532)", async () => {
    const phone = await pool.newSession(captureSpec("phone"));
    try {
      const { page } = phone;
      // Isolated context: the desktop session's sign-in cookie is not here.
      await page.goto(`${site.url}/dashboard`);
      expect(page.url()).toBe(`${site.url}/signin`);
      await page.goto(`${site.url}/`);
      expect(pngSize(await captureFrame(page))).toEqual({ width: 1170, height: 2532 });

      const box = await locate(page, {
        role: "heading",
        name: "Product analytics your whole team understands",
      }).boundingBox();
      const { x, y, width, height } = present(box);
      expect(width).toBeGreaterThan(0);
      expect(height).toBeGreaterThan(0);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(390);
      expect(y + height).toBeLessThanOrEqual(844);
    } finally {
      await phone.close();
    }
    expect(pool.openSessions).toBe(1);
  });

  it("relaunches the browser after it went away", async () => {
    const before = await pool.getBrowser();
    await before.close();
    const session = await pool.newSession(captureSpec("desktop"));
    try {
      expect(await pool.getBrowser()).not.toBe(before);
      await session.page.goto(`${site.url}/pricing`);
      expect(pngSize(await captureFrame(session.page))).toEqual({ width: 1440, height: 900 });
    } finally {
      await session.close();
    }
  });

  it("keeps Playwright's disabled features and turns off autofill's and translate's calls to Google", async () => {
    // Chromium keeps only the last --disable-features: ours must hold every feature Playwright disables.
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto("chrome://version");
      const commandLine = (await page.locator("#command_line").textContent()) ?? "";
      const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((m) => (m[1] as string).split(","));
      expect(lists.length).toBeGreaterThanOrEqual(2);
      const [playwrights, effective] = [lists[0] as string[], lists.at(-1) as string[]];
      expect(effective).toEqual(expect.arrayContaining(playwrights.filter((f) => !f.startsWith("ms"))));
      expect(effective).toEqual(expect.arrayContaining(["AutofillServerCommunication", "Translate"]));
    } finally {
      await browser.close();
    }
  });

  it("a missing binary is a BrowserUnavailableError", async () => {
    await expect(launchBrowser({ executablePath: "/nonexistent/chromium" })).rejects.toBeInstanceOf(
      BrowserUnavailableError,
    );
    const broken = new BrowserPool({ executablePath: "/nonexistent/chromium" });
    await expect(broken.newSession(captureSpec("desktop"))).rejects.toThrow(/not available at \/nonexistent\/chromium/);
    await broken.close();
  });
});
