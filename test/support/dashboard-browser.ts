// The system Chromium driving the dashboard like a person: every page checked with axe-core, what the
// page asked the network for, what it logged (a policy refusal is a console error), and screenshots.
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import axe from "axe-core";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { ROOT } from "./cli-process.js";

/** Where screenshots go (gitignored); `docs/samples/dashboard/` gets one per page on request. */
export const SCREENSHOTS = join(ROOT, "test", "e2e", ".out");
const SAMPLES = join(ROOT, "docs", "samples", "dashboard");
/** Set to 1 to refresh the docs' screenshots from this run (they are committed, so not on every run). */
const WRITE_SAMPLES = process.env.CLIPWRIGHT_WRITE_DASHBOARD_SAMPLES === "1";

/** axe-core's own script, as the package hands it over for injecting into a page. */
const AXE_SOURCE = axe.source;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
  });
}

/** Chromium logs every fetch answered 4xx; the tests provoke refusals on purpose and check what the page says. */
const REFUSED_CALL = /^Failed to load resource: the server responded with a status of 4\d\d /;

export interface Visitor {
  context: BrowserContext;
  page: Page;
  /**
   * Console errors and uncaught exceptions: a Content-Security-Policy or Trusted Types refusal is logged as
   * an error. Chromium's own line for an API refusal the test provoked (a 4xx answer) is not one.
   */
  errors: string[];
  /** Every address the page asked for that is not on the service (refused). */
  leaving: string[];
  /** `METHOD /api/v1/...` of every call the app made. */
  apiCalls: string[];
}

/** A fresh browser profile (its own sessionStorage) at the given viewport, watched. */
export async function visitor(
  browser: Browser,
  base: string,
  viewport = { width: 1280, height: 900 },
): Promise<Visitor> {
  const context = await browser.newContext({ viewport, permissions: ["clipboard-read", "clipboard-write"] });
  const errors: string[] = [];
  const leaving: string[] = [];
  const apiCalls: string[] = [];
  await context.route("**/*", (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.origin !== base) {
      leaving.push(url.href);
      return route.abort("blockedbyclient");
    }
    if (url.pathname.startsWith("/api/v1/")) apiCalls.push(`${request.method()} ${url.pathname}`);
    return route.continue();
  });
  const page = await context.newPage();
  page.on("console", (msg) => {
    if (msg.type() !== "error" || REFUSED_CALL.test(msg.text())) return;
    errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  return { context, page, errors, leaving, apiCalls };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core's serious and critical violations on the page as it stands. axe is evaluated through the
 * DevTools protocol, which the page's own policy does not govern (the page itself may run no script but
 * its own files).
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations as {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[] }[];
    }[];
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

/**
 * A full-page screenshot under test/e2e/.out/<name>.png; with `sample`, also the docs' picture of that page
 * (docs/samples/dashboard/<sample>.png) when CLIPWRIGHT_WRITE_DASHBOARD_SAMPLES=1. `fullPage: false` takes
 * what the window shows (a panel fixed over the page).
 */
export async function screenshot(
  page: Page,
  name: string,
  sample?: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage });
  if (sample && WRITE_SAMPLES) {
    mkdirSync(SAMPLES, { recursive: true });
    copyFileSync(path, join(SAMPLES, `${sample}.png`));
  }
  return path;
}

/**
 * Null when the page fits its viewport's width; otherwise what sticks out past the right edge (up to five
 * elements, deepest last), so a failure names its culprit rather than only saying "true".
 */
export function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth + 1) return null;
    const out = Array.from(document.querySelectorAll("body *"))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(-5)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${el.className} (right ${Math.round(el.getBoundingClientRect().right)})`,
      );
    return `page is ${document.documentElement.scrollWidth}px wide in ${window.innerWidth}px: ${out.join(", ") || "nothing measurable"}`;
  });
}
