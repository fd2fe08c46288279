import type { IncomingMessage, ServerResponse } from "node:http";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BrowserPool,
  type BrowserSession,
  type CaptureSpec,
  captureFrame,
  waitForSettled,
  watchNetwork,
} from "../../src/media/browser/index.js";
import type { Beat } from "../../src/pipelines/walkthrough/beats.js";
import { captureScenes } from "../../src/pipelines/walkthrough/capture.js";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  ADMIN_SESSION_COOKIE,
  type AdminSite,
  startAdminSite,
} from "../support/admin-site-server.js";
import { HTML, type LoopbackServer, listenOnLoopback, send } from "../support/fixture-http.js";
import { comparePixels, type Rect } from "../support/pixels.js";
import { within } from "../support/wait.js";

// Stills wait for the page to settle (media/browser/settle.ts): the admin fixture's canvas charts grow in
// over about a second, ignoring prefers-reduced-motion like real chart libraries. Real Chromium, no
// database: sqlite project only.

const DESKTOP: CaptureSpec = { width: 1440, height: 900, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

interface PageCanvas {
  getBoundingClientRect(): { x: number; y: number; width: number; height: number };
  toDataURL(): string;
}
interface PageGlobals {
  __stable?: { last: string; same: number };
  document: { querySelectorAll(css: string): ArrayLike<PageCanvas> };
}

/** The visible canvases' boxes (CSS px = screenshot px at scale 1), clamped to the viewport. */
const chartRegion = (page: Page): Promise<Rect[]> =>
  page.evaluate(
    ([w, h]) =>
      Array.from((globalThis as unknown as PageGlobals).document.querySelectorAll("canvas"))
        .map((c) => c.getBoundingClientRect())
        .map((r) => {
          const x = Math.max(0, Math.floor(r.x));
          const y = Math.max(0, Math.floor(r.y));
          return {
            x,
            y,
            width: Math.min(w, Math.ceil(r.x + r.width)) - x,
            height: Math.min(h, Math.ceil(r.y + r.height)) - y,
          };
        })
        .filter((r) => r.width > 0 && r.height > 0),
    [DESKTOP.width, DESKTOP.height] as const,
  );

/** The reference: every canvas unchanged for 30 consecutive animation frames (the animation is long over). */
async function settledReference(page: Page, url: string): Promise<{ png: Buffer; rects: Rect[] }> {
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const g = globalThis as unknown as PageGlobals;
      const pixels = Array.from(g.document.querySelectorAll("canvas"))
        .map((c) => c.toDataURL())
        .join("|");
      const state = g.__stable ?? { last: "", same: 0 };
      state.same = pixels === state.last ? state.same + 1 : 0;
      state.last = pixels;
      g.__stable = state;
      return state.same >= 30;
    },
    undefined,
    { polling: "raf", timeout: 10_000 },
  );
  return { png: await captureFrame(page), rects: await chartRegion(page) };
}

const beat = (id: string, b: Omit<Beat, "id" | "title" | "narration" | "estimatedSeconds">): Beat => ({
  id,
  title: id,
  narration: "",
  estimatedSeconds: 3,
  ...b,
});

/** A session cookie for the admin fixture, through its login API. */
async function adminCookie(admin: AdminSite): Promise<string> {
  const res = await fetch(`${admin.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const token = /meridian_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
  expect(token).toBeTruthy();
  return token as string;
}

// Pages for the bounds: an endless canvas, motion that must not hold a still back, a finite Web Animation,
// and a request plus a web font the server holds until the test lets them go.
const PAGES: Record<string, string> = {
  "/endless": `<!doctype html><title>Ticker</title><h1>Live</h1><canvas id="c" width="300" height="80"></canvas>
<script>const ctx = document.getElementById("c").getContext("2d"); let n = 0;
const frame = () => { ctx.clearRect(0, 0, 300, 80); ctx.fillText(String(n++), 10, 40); requestAnimationFrame(frame); };
requestAnimationFrame(frame);</script>`,
  "/calm": `<!doctype html><title>Calm</title><style>@keyframes spin { to { transform: rotate(360deg) } }
.spinner { width: 40px; height: 40px; background: #36b9cc; animation: spin 1s linear infinite }</style>
<div class="spinner"></div><canvas id="c" width="200" height="100"></canvas>
<script>const img = new Image(); img.src = "ELSEWHERE/dot.svg";
img.onload = () => { const ctx = document.getElementById("c").getContext("2d"); let n = 0;
  const frame = () => { ctx.clearRect(0, 0, 200, 100); ctx.drawImage(img, n++ % 180, 40); requestAnimationFrame(frame); };
  requestAnimationFrame(frame); window.drawing = true; };</script>`,
  "/finite": `<!doctype html><title>Finite</title><div id="box" style="width:80px;height:80px;background:#4e73df"></div>
<script>document.getElementById("box").animate([{ transform: "none" }, { transform: "translateX(300px)" }],
  { duration: 700, fill: "forwards" });</script>`,
  "/smooth": `<!doctype html><title>One page</title><style>html { scroll-behavior: smooth } section { height: 1400px }</style>
<nav><a id="go" href="#pricing">Pricing</a></nav><section id="intro">Intro</section><section id="features">Features</section>
<section id="pricing">Pricing</section><section>Footer</section>`,
  "/held": `<!doctype html><title>Held</title><style>@font-face { font-family: Slow; src: url(/font.woff2) }
p { font-family: Slow, sans-serif }</style><p>Report</p><script>fetch("/slow").catch(() => {});</script>`,
};

interface TestSite extends LoopbackServer {
  /** Resolves when the held request and the font have both arrived. */
  held(): Promise<void>;
  release(): void;
}

const DOT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><circle cx="10" cy="10" r="9" fill="#e74a3b"/></svg>';

/** `pages` served on one origin; the image its canvas draws comes from `elsewhere` (another port, another origin). */
async function startTestSite(elsewhere: LoopbackServer): Promise<TestSite> {
  const waiting: ServerResponse[] = [];
  let arrived: () => void = () => {};
  let heldNow = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = await listenOnLoopback(async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://x.invalid").pathname;
    const page = PAGES[path];
    if (page) return send(res, 200, HTML, page.replace("ELSEWHERE", elsewhere.url));
    if (path === "/slow" || path === "/font.woff2") {
      waiting.push(res);
      if (waiting.length === 2) arrived();
      return;
    }
    return send(res, 404, HTML, "not found");
  });
  return {
    ...server,
    held: () => heldNow,
    release() {
      // Not a font: the font fails, which also ends its loading.
      for (const res of waiting.splice(0)) send(res, 200, "text/plain; charset=utf-8", "done");
      heldNow = new Promise<void>((resolve) => {
        arrived = resolve;
      });
    },
  };
}

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("stills wait for the page to settle", () => {
  let pool: BrowserPool;
  let admin: AdminSite;
  let site: TestSite;
  let elsewhere: LoopbackServer;
  let token: string;

  beforeAll(async () => {
    elsewhere = await listenOnLoopback(async (_req, res) => send(res, 200, "image/svg+xml", DOT_SVG));
    [admin, site] = await Promise.all([startAdminSite(), startTestSite(elsewhere)]);
    pool = new BrowserPool();
    token = await adminCookie(admin);
  });
  afterAll(async () => {
    site?.release();
    await pool?.close();
    await Promise.all([admin?.close(), site?.close(), elsewhere?.close()]);
  });

  const signedIn = async (): Promise<BrowserSession> => {
    const session = await pool.newSession(DESKTOP);
    await session.context.addCookies([{ name: ADMIN_SESSION_COOKIE, value: token, url: admin.url }]);
    return session;
  };

  it("the render's capture shows the charts fully drawn, after a navigation and after a click", {
    timeout: 120_000,
  }, async () => {
    const reference = await signedIn();
    const dashboard = await settledReference(reference.page, `${admin.url}/`);
    const charts = await settledReference(reference.page, `${admin.url}/charts`);
    await reference.close();
    expect(dashboard.rects.length).toBeGreaterThanOrEqual(2);
    expect(charts.rects.length).toBeGreaterThanOrEqual(2);

    const session = await signedIn();
    try {
      const result = await captureScenes(session.page, [
        beat("b1", { action: "navigate", target: null, url: `${admin.url}/` }),
        beat("b2", { action: "click", target: { role: "link", name: "Charts" }, url: `${admin.url}/charts` }),
      ]);
      expect(result.missing).toEqual([]);
      expect(result.unsettled).toEqual([]);
      const [first, second] = result.scenes;
      const onDashboard = await comparePixels(first?.after as Buffer, dashboard.png, { regions: dashboard.rects });
      const onCharts = await comparePixels(second?.after as Buffer, charts.png, { regions: charts.rects });
      expect(onDashboard.differing).toBe(0);
      expect(onCharts.differing).toBe(0);
    } finally {
      await session.close();
    }
  });

  it("without the wait, a still taken just after the page opens shows half-drawn charts (the check can tell)", async () => {
    const reference = await signedIn();
    const charts = await settledReference(reference.page, `${admin.url}/charts`);
    await reference.close();

    // The page clock is held, so "just after" is an exact instant: 200 ms into the one-second animation.
    const session = await signedIn();
    try {
      const page = session.page;
      await page.clock.install({ time: Date.UTC(2026, 0, 5, 9) });
      await page.clock.pauseAt(Date.UTC(2026, 0, 5, 9, 0, 1));
      await page.goto(`${admin.url}/charts`);
      await page.clock.runFor(200);
      const early = await comparePixels(await captureFrame(page), charts.png, { regions: charts.rects });
      expect(early.share).toBeGreaterThan(0.01);

      // With the clock held no frame comes: the wait gives up at its bound and says the page did not answer.
      const stuck = await waitForSettled(page, { maxMs: 300 });
      expect(stuck).toMatchObject({ settled: false, pending: ["page"] });

      // Once time runs, the same page settles and its still matches the reference.
      await page.clock.resume();
      const report = await waitForSettled(page);
      expect(report).toMatchObject({ settled: true, pending: [] });
      expect((await comparePixels(await captureFrame(page), charts.png, { regions: charts.rects })).differing).toBe(0);
    } finally {
      await session.close();
    }
  });

  // The capture records each beat's motion as a clip (an endless one up to its frame bound): 120 s.
  it("a canvas that animates forever: the wait returns at its bound and reports the canvas", {
    timeout: 120_000,
  }, async () => {
    const session = await pool.newSession(DESKTOP);
    try {
      await session.page.goto(`${site.url}/endless`);
      // A bound that leaves a loaded machine time for a few looks at the page.
      const report = await waitForSettled(session.page, { maxMs: 1500 });
      expect(report.settled).toBe(false);
      expect(report.pending).toEqual(["canvas"]);

      // In a render, each still taken on it is recorded as unsettled.
      const result = await captureScenes(session.page, [
        beat("b1", { action: "navigate", target: null, url: `${site.url}/endless` }),
        beat("b2", { action: "hover", target: { role: "heading", name: "Live" }, url: `${site.url}/endless` }),
      ]);
      expect(result.unsettled).toEqual(["b1", "b2"]);
      expect(result.scenes.map((s) => s.motion.kind)).toEqual(["cut", "hover"]);
    } finally {
      await session.close();
    }
  });

  it("infinite CSS animations and cross-origin (unreadable) canvases do not hold a still back", async () => {
    const session = await pool.newSession(DESKTOP);
    try {
      const page = session.page;
      await page.goto(`${site.url}/calm`);
      await page.waitForFunction(() => (globalThis as unknown as { drawing?: boolean }).drawing === true);
      // The canvas really is tainted and really keeps moving.
      const tainted = await page.evaluate(() => {
        try {
          (globalThis as unknown as PageGlobals).document.querySelectorAll("canvas")[0]?.toDataURL();
          return false;
        } catch {
          return true;
        }
      });
      expect(tainted).toBe(true);
      const report = await waitForSettled(page);
      expect(report).toMatchObject({ settled: true, pending: [] });
    } finally {
      await session.close();
    }
  });

  it("a finite Web Animation is waited for until it has finished", async () => {
    const session = await pool.newSession(DESKTOP);
    try {
      const page = session.page;
      await page.goto(`${site.url}/finite`);
      const report = await waitForSettled(page);
      expect(report).toMatchObject({ settled: true, pending: [] });
      const states = await page.evaluate(() =>
        (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
          .getAnimations()
          .map((a) => a.playState),
      );
      expect(states).toEqual(["finished"]);
    } finally {
      await session.close();
    }
  });

  it("a smooth scroll to an anchor is waited for: the still shows where it lands, not the way there", async () => {
    const session = await pool.newSession(DESKTOP);
    try {
      const page = session.page;
      await page.goto(`${site.url}/smooth`);
      await waitForSettled(page);
      await page.click("#go");
      const report = await waitForSettled(page);
      expect(report).toMatchObject({ settled: true, pending: [] });
      const at = await page.evaluate(() => {
        const g = globalThis as unknown as {
          scrollY: number;
          document: { getElementById(id: string): { offsetTop: number } };
        };
        return { y: g.scrollY, target: g.document.getElementById("pricing").offsetTop };
      });
      expect(Math.abs(at.y - at.target)).toBeLessThanOrEqual(1);
    } finally {
      await session.close();
    }
  });

  it("a request and a web font in flight hold the still until they end", async () => {
    const session = await pool.newSession(DESKTOP);
    const network = watchNetwork(session.page);
    try {
      const page = session.page;
      await page.goto(`${site.url}/held`, { waitUntil: "domcontentloaded" });
      await within(site.held(), { what: "the page's request and font to reach the server" });
      const waiting = await waitForSettled(page, { network, maxMs: 1500 });
      expect(waiting.settled).toBe(false);
      expect(waiting.pending).toEqual(["network", "fonts"]);

      site.release();
      const report = await waitForSettled(page, { network });
      expect(report).toMatchObject({ settled: true, pending: [] });
    } finally {
      network.dispose();
      await session.close();
    }
  });

  it("a capture cancelled while a still waits for the page stops in that wait, with the signal's reason", async () => {
    const session = await pool.newSession(DESKTOP);
    try {
      const controller = new AbortController();
      // The cancel arrives once the page has loaded, so during the wait for its endless canvas. One beat:
      // had the signal not reached the wait, the capture would finish at the wait's bound instead.
      session.page.once("load", () => controller.abort(new Error("cancelled by the user")));
      const capturing = captureScenes(
        session.page,
        [beat("b1", { action: "navigate", target: null, url: `${site.url}/endless` })],
        { signal: controller.signal },
      );
      await expect(capturing).rejects.toThrow("cancelled by the user");
    } finally {
      await session.close();
    }
  });

  it("an aborted wait rejects with the signal's reason", async () => {
    const session = await pool.newSession(DESKTOP);
    try {
      await session.page.goto(`${site.url}/endless`);
      const controller = new AbortController();
      const waiting = waitForSettled(session.page, { signal: controller.signal, maxMs: 60_000 });
      controller.abort(new Error("cancelled by the user"));
      await expect(waiting).rejects.toThrow("cancelled by the user");
    } finally {
      await session.close();
    }
  });
});
