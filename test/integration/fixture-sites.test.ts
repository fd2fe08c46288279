import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BrowserPool,
  type BrowserSession,
  type CaptureSpec,
  captureFrame,
  locate,
} from "../../src/media/browser/index.js";
import {
  ADMIN_EMAIL,
  ADMIN_LOGIN_ERROR,
  ADMIN_PAGES,
  ADMIN_PASSWORD,
  ADMIN_SESSION_COOKIE,
  type AdminSite,
  startAdminSite,
} from "../support/admin-site-server.js";
import { CONSENT_COOKIE, type LandingSite, startLandingSite } from "../support/landing-site-server.js";

// The fixture sites that reproduce what real templates do to a walkthrough (the admin dashboard "Meridian
// Ops" and the one-page landing page "Harborline"), driven by the project's own Chromium pool to prove each
// pattern is really there. No database: sqlite project only.

const DESKTOP: CaptureSpec = { width: 1440, height: 900, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

// Page-side code below runs in the browser; this project has no DOM types, so the few globals it uses are
// reached through `globalThis` with the minimal shapes declared here.
interface PageElement {
  hidden: boolean;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { top: number; bottom: number; height: number };
}
interface PageDocument {
  querySelector(css: string): PageElement | null;
  querySelectorAll(css: string): ArrayLike<PageElement>;
  getElementById(id: string): PageElement | null;
}
interface PageCanvas {
  toDataURL(): string;
}
interface PageImage {
  complete: boolean;
  getAttribute(name: string): string | null;
}
/** In page functions: `(globalThis as unknown as PageGlobals).document` (page code cannot call test helpers). */
interface PageGlobals {
  document: PageDocument;
}

/** The canvas's pixels as a data URL (identical strings, identical pixels). */
const canvasPixels = (page: Page, id: string) =>
  page.evaluate((canvasId) => {
    const d = (globalThis as unknown as { document: { getElementById(id: string): PageCanvas | null } }).document;
    return d.getElementById(canvasId)?.toDataURL() ?? "";
  }, id);

/**
 * Every `href` and `src` on the page stays on the site: other paths answer 200 over HTTP, `#id` links name an
 * element. `/logout` is an action, not a page: following it would end the session.
 */
async function expectLinksResolve(page: Page, cookie: string): Promise<void> {
  const refs = await page.locator("[href], [src], [data-src]").evaluateAll((els) =>
    els.flatMap((el) => {
      const e = el as unknown as PageElement;
      return ["href", "src", "data-src"].map((a) => e.getAttribute(a)).filter((v): v is string => v !== null);
    }),
  );
  const base = new URL(page.url());
  for (const ref of refs) {
    if (ref.startsWith("data:") || ref === "#" || ref === "/logout") continue;
    const url = new URL(ref, base);
    expect(url.origin, `${ref} is self-contained`).toBe(base.origin);
    if (url.pathname === base.pathname && url.hash) {
      const id = url.hash.slice(1);
      expect(await page.locator(`[id="${id}"]`).count(), `${ref} names an element`).toBe(1);
      continue;
    }
    const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
    await res.arrayBuffer();
    expect([200, 204], `${ref} on ${base.pathname}`).toContain(res.status);
  }
}

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("fixture sites in Chromium", () => {
  let pool: BrowserPool;
  let admin: AdminSite;
  let landing: LandingSite;

  beforeAll(async () => {
    [admin, landing] = await Promise.all([startAdminSite(), startLandingSite()]);
    pool = new BrowserPool();
  });

  afterAll(async () => {
    await pool?.close();
    await Promise.all([admin?.close(), landing?.close()]);
  });

  describe("admin dashboard (Meridian Ops)", () => {
    let session: BrowserSession;
    let page: Page;

    beforeAll(async () => {
      session = await pool.newSession(DESKTOP);
      page = session.page;
    });
    afterAll(async () => {
      await session?.close();
    });

    it("every app page redirects to the login page while signed out", async () => {
      for (const path of Object.keys(ADMIN_PAGES)) {
        const res = await fetch(`${admin.url}${path}`, { redirect: "manual" });
        expect(res.status, path).toBe(303);
        expect(res.headers.get("location"), path).toBe("/login");
      }
      await page.goto(`${admin.url}/charts`);
      expect(page.url()).toBe(`${admin.url}/login`);
    });

    it("the login form has no submit button: its submit control is a link styled as a button", async () => {
      await page.goto(`${admin.url}/login`);
      expect(await page.locator("form#loginForm button, form#loginForm input[type=submit]").count()).toBe(0);
      const login = page.getByRole("link", { name: "Login", exact: true });
      expect(await login.getAttribute("href")).toBe("#");
      expect(await login.getAttribute("class")).toContain("btn btn-primary");
    });

    it("wrong credentials keep the user on the login page with an error", async () => {
      await page.goto(`${admin.url}/login`);
      await locate(page, { role: "textbox", name: "Email address" }).fill(ADMIN_EMAIL);
      await locate(page, { css: "#inputPassword" }).fill("not-the-password");
      await locate(page, { role: "link", name: "Login" }).click();
      await page.getByRole("alert").filter({ hasText: ADMIN_LOGIN_ERROR }).waitFor({ state: "visible" });
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(admin.logins).toBe(0);
    });

    it("signing in through the link-button reaches the dashboard with its four figures", async () => {
      await page.goto(`${admin.url}/login`);
      await locate(page, { role: "textbox", name: "Email address" }).fill(ADMIN_EMAIL);
      await locate(page, { css: "#inputPassword" }).fill(ADMIN_PASSWORD);
      await locate(page, { role: "link", name: "Login" }).click();
      await page.waitForURL(`${admin.url}/`);
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
      expect(admin.logins).toBe(1);
      const cookies = await session.context.cookies(admin.url);
      expect(cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)?.httpOnly).toBe(true);

      const figures = await page
        .locator(".metric")
        .evaluateAll((cards) =>
          cards.map((card) => (card as unknown as PageElement).textContent?.replace(/\s+/g, " ").trim()),
        );
      expect(figures).toEqual([
        "Earnings (monthly) $40,000",
        "Earnings (annual) $215,000",
        "Tasks 50%",
        "Pending requests 18",
      ]);
    });

    it("the navigation is a sidebar list of links inside <aside>, not a header <nav>", async () => {
      await page.goto(`${admin.url}/`);
      const links = await page.locator("aside ul li a").evaluateAll((as) =>
        as.map((a) => ({
          text: (a as unknown as PageElement).textContent?.trim(),
          href: (a as unknown as PageElement).getAttribute("href"),
        })),
      );
      expect(links).toEqual([
        { text: "Dashboard", href: "/" },
        { text: "Charts", href: "/charts" },
        { text: "Tables", href: "/tables" },
        { text: "Settings", href: "/settings" },
      ]);
      expect(await page.locator("header nav").count()).toBe(0);
      await locate(page, { role: "link", name: "Charts" }).click();
      await page.waitForURL(`${admin.url}/charts`);
      await page.getByRole("heading", { level: 1, name: "Charts" }).waitFor();
    });

    it("charts animate in: an early frame differs from a late one, then the canvas stops changing", async () => {
      // A session of its own whose page clock is driven by hand, so "early" and "late" are exact instants.
      const timed = await pool.newSession(DESKTOP);
      try {
        await timed.context.addCookies(await session.context.cookies(admin.url));
        const p = timed.page;
        await p.clock.install({ time: Date.UTC(2026, 0, 5, 9) });
        await p.clock.pauseAt(Date.UTC(2026, 0, 5, 9, 0, 1));
        await p.goto(`${admin.url}/charts`);
        expect(p.url()).toBe(`${admin.url}/charts`);
        const ids = ["chartsEarnings", "chartsRevenue", "shipmentsChart"];

        await p.clock.runFor(200);
        const early = await Promise.all(ids.map((id) => canvasPixels(p, id)));
        const earlyFrame = await captureFrame(p);
        await p.clock.runFor(1500);
        const late = await Promise.all(ids.map((id) => canvasPixels(p, id)));
        const lateFrame = await captureFrame(p);
        await p.clock.runFor(2000);
        const later = await Promise.all(ids.map((id) => canvasPixels(p, id)));

        ids.forEach((id, i) => {
          expect(early[i], `${id} early`).not.toBe(late[i]);
          expect(later[i], `${id} after the animation`).toBe(late[i]);
        });
        // What a capture sees: a screenshot taken too early shows a half-drawn chart.
        expect(earlyFrame.equals(lateFrame)).toBe(false);
        expect((await captureFrame(p)).equals(lateFrame)).toBe(true);
      } finally {
        await timed.close();
      }
    });

    it("charts also finish on the real clock and then hold still", async () => {
      await page.goto(`${admin.url}/`);
      // Stable: the same pixels across 30 consecutive animation frames.
      await page.waitForFunction(
        () => {
          const w = globalThis as unknown as { __frames?: { last: string; same: number } };
          const d = (globalThis as unknown as { document: { getElementById(id: string): PageCanvas | null } }).document;
          const pixels = d.getElementById("earningsChart")?.toDataURL() ?? "";
          const state = w.__frames ?? { last: "", same: 0 };
          state.same = pixels === state.last ? state.same + 1 : 0;
          state.last = pixels;
          w.__frames = state;
          return state.same >= 30;
        },
        undefined,
        { polling: "raf", timeout: 10_000 },
      );
      expect(await canvasPixels(page, "earningsChart")).toMatch(/^data:image\/png;base64,/);
    });

    it('typing "London" in the live search leaves only the London rows', async () => {
      await page.goto(`${admin.url}/tables`);
      const rows = page.locator("#dataTable tbody tr");
      expect(await rows.count()).toBe(30);
      const offices = await page.locator("#dataTable tbody tr td:nth-child(3)").allTextContents();
      expect(new Set(offices)).toEqual(
        new Set(["Edinburgh", "Tokyo", "San Francisco", "New York", "London", "Sydney", "Singapore"]),
      );
      const londonRows = offices.filter((o) => o === "London").length;
      expect(londonRows).toBe(6);

      // Typed key by key, as a person (and a recorded walkthrough) would; the table filters on each input.
      await page.getByRole("searchbox", { name: "Search:" }).pressSequentially("London");
      await page.waitForFunction(
        (expected) => {
          const shown = Array.from(
            (globalThis as unknown as PageGlobals).document.querySelectorAll("#dataTable tbody tr"),
          ).filter((r) => !r.hidden);
          return shown.length === expected;
        },
        londonRows,
        { timeout: 5_000 },
      );
      const visibleOffices = await page.locator("#dataTable tbody tr:not([hidden]) td:nth-child(3)").allTextContents();
      expect(visibleOffices).toEqual(Array(londonRows).fill("London"));
      expect(await page.getByRole("status").textContent()).toBe(
        `Showing 1 to ${londonRows} of ${londonRows} entries (filtered from 30 total entries)`,
      );

      await page.getByRole("searchbox", { name: "Search:" }).fill("Atlantis");
      await page.getByText("No matching records found").waitFor();
    });

    it("settings tabs switch panels (click and arrow keys)", async () => {
      await page.goto(`${admin.url}/settings`);
      const tabs = page.getByRole("tablist", { name: "Settings sections" }).getByRole("tab");
      expect(await tabs.allTextContents()).toEqual(["Profile", "Notifications", "Security", "Billing"]);
      const panel = (name: string) => page.getByRole("tabpanel", { name });
      await panel("Profile").waitFor({ state: "visible" });
      expect(await page.locator('[role="tabpanel"]:not([hidden])').count()).toBe(1);

      await locate(page, { role: "tab", name: "Notifications" }).click();
      await panel("Notifications").waitFor({ state: "visible" });
      expect(await page.getByRole("tab", { name: "Notifications" }).getAttribute("aria-selected")).toBe("true");
      expect(await page.getByRole("tab", { name: "Profile" }).getAttribute("aria-selected")).toBe("false");
      expect(await page.locator("#panel-profile").isHidden()).toBe(true);
      await page.getByText("Delayed shipments").waitFor({ state: "visible" });

      await page.getByRole("tab", { name: "Notifications" }).press("ArrowRight");
      await panel("Security").waitFor({ state: "visible" });
      expect(await page.locator("#panel-notifications").isHidden()).toBe(true);
    });

    it("every link on every app page resolves (same-page anchors to an element)", async () => {
      const cookie = (await session.context.cookies(admin.url)).map((c) => `${c.name}=${c.value}`).join("; ");
      for (const path of ["/login", ...Object.keys(ADMIN_PAGES)]) {
        await page.goto(`${admin.url}${path}`);
        expect(new URL(page.url()).pathname, `${path} while signed in`).toBe(path);
        await expectLinksResolve(page, cookie);
      }
    });

    it("logging out ends the session", async () => {
      await page.goto(`${admin.url}/`);
      await locate(page, { role: "link", name: "Log out" }).click();
      await page.waitForURL(`${admin.url}/login`);
      await page.goto(`${admin.url}/tables`);
      expect(page.url()).toBe(`${admin.url}/login`);
    });
  });

  describe("landing page (Harborline)", () => {
    let session: BrowserSession;
    let page: Page;

    beforeAll(async () => {
      session = await pool.newSession(DESKTOP);
      page = session.page;
    });
    afterAll(async () => {
      await session?.close();
    });

    /** The section's top edge and the navbar's box, in viewport px. */
    const geometry = (id: string) =>
      page.evaluate((sectionId) => {
        const d = (globalThis as unknown as PageGlobals).document;
        const nav = d.getElementById("mainNav")?.getBoundingClientRect();
        const section = d.getElementById(sectionId)?.getBoundingClientRect();
        return {
          navTop: nav?.top ?? Number.NaN,
          navBottom: nav?.bottom ?? Number.NaN,
          top: section?.top ?? Number.NaN,
        };
      }, id);

    it("every link resolves: paths answer 200, #anchors name an element on the page", async () => {
      await page.goto(`${landing.url}/`);
      await expectLinksResolve(page, "");
    });

    it("opens on a hero with a primary call to action", async () => {
      await page.goto(`${landing.url}/`);
      await page.getByRole("heading", { level: 1, name: "Answer every customer in one calm inbox" }).waitFor();
      const cta = page.locator("header.masthead").getByRole("link", { name: "Start your free trial" });
      expect(await cta.getAttribute("class")).toContain("btn-primary");
      expect(await cta.getAttribute("href")).toBe("#pricing");
    });

    it("the consent banner covers the bottom of the page and stays until accepted", async () => {
      await page.goto(`${landing.url}/`);
      const banner = page.getByRole("dialog", { name: "We value your privacy" });
      await banner.waitFor({ state: "visible" });
      const box = await banner.boundingBox();
      expect(box).not.toBeNull();
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(DESKTOP.height);
      expect(box?.width).toBe(DESKTOP.width);

      // Still there after moving around the page.
      await locate(page, { role: "link", name: "FAQ" }).click();
      await page.waitForFunction(() => {
        const top =
          (globalThis as unknown as PageGlobals).document.getElementById("faq")?.getBoundingClientRect().top ??
          Number.NaN;
        const navBottom =
          (globalThis as unknown as PageGlobals).document.getElementById("mainNav")?.getBoundingClientRect().bottom ??
          Number.NaN;
        return Math.abs(top - navBottom) <= 2;
      });
      expect(await banner.isVisible()).toBe(true);

      await locate(page, { role: "button", name: "Accept all cookies" }).click();
      await banner.waitFor({ state: "hidden" });
      const consent = (await session.context.cookies(landing.url)).find((c) => c.name === CONSENT_COOKIE);
      expect(consent?.value).toBe("all");
      await page.goto(`${landing.url}/`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.locator("#cookieConsent").isHidden()).toBe(true);
    });

    it.each(["features", "pricing", "testimonials", "faq"])(
      "the navbar link to #%s scrolls to the section; the navbar stays fixed on top",
      async (id) => {
        await page.goto(`${landing.url}/`);
        const link = page.locator("#mainNav").getByRole("link", { name: new RegExp(`^${id}$`, "i") });
        expect(await link.getAttribute("href")).toBe(`#${id}`);
        await link.click();
        // Smooth scrolling: wait until the section's top sits just under the navbar (and stays there).
        await page.waitForFunction(
          (sectionId) => {
            const d = (globalThis as unknown as PageGlobals).document;
            const top = d.getElementById(sectionId)?.getBoundingClientRect().top ?? Number.NaN;
            const navBottom = d.getElementById("mainNav")?.getBoundingClientRect().bottom ?? Number.NaN;
            return Math.abs(top - navBottom) <= 2;
          },
          id,
          { timeout: 10_000 },
        );
        expect(new URL(page.url()).hash).toBe(`#${id}`);
        const g = await geometry(id);
        expect(g.navTop).toBe(0);
        const position = await page.locator("#mainNav").evaluate((nav) => {
          const w = globalThis as unknown as { getComputedStyle(el: unknown): { position: string } };
          return w.getComputedStyle(nav).position;
        });
        expect(position).toBe("fixed");
        expect(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBeGreaterThan(300);
        // Scrollspy marks the section's link (on the scroll's last event); the navbar has turned solid.
        await page.locator(`#mainNav a.nav-link.active[href="#${id}"]`).waitFor({ timeout: 5_000 });
        expect(await page.locator("#mainNav").getAttribute("class")).toContain("navbar-shrink");
      },
    );

    it("lazy images are fetched only once scrolled into view", async () => {
      const fresh = await pool.newSession(DESKTOP);
      try {
        const before = landing.requests.length;
        const fetched = () => landing.requests.slice(before).filter((p) => p.startsWith("/img/avatar-"));
        await fresh.page.goto(`${landing.url}/`);
        expect(landing.requests.slice(before)).toContain("/img/hero-inbox.svg");
        expect(fetched()).toEqual([]);
        const avatar = fresh.page.locator("#testimonials img.lazy").first();
        expect(await avatar.getAttribute("src")).toMatch(/^data:image\/gif;base64,/);

        await fresh.page.locator("#mainNav").getByRole("link", { name: "Testimonials" }).click();
        await fresh.page.waitForFunction(() => {
          const d = (globalThis as unknown as PageGlobals).document;
          const imgs = Array.from(d.querySelectorAll("#testimonials img")) as unknown as PageImage[];
          return imgs.length === 3 && imgs.every((img) => img.getAttribute("src")?.startsWith("/img/") && img.complete);
        });
        expect(fetched().sort()).toEqual(["/img/avatar-lukas.svg", "/img/avatar-maya.svg", "/img/avatar-priya.svg"]);
      } finally {
        await fresh.close();
      }
    });
  });
});
