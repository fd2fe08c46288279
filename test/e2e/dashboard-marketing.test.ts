// The dashboard's marketing pages end to end: the built web app served by the real service process
// (`clipwright serve`, development, SQLite), driven in the system Chromium. A person with paid time and a
// verified address (the development account) scans the SaaS fixture site, refreshes it, fills the brand
// kit from it (a failing contrast is said by its field), checks a generation (what is missing is said by
// the field it names), generates, makes a project, edits it by sentence (dry run first, then applied: a new
// revision), exports it (quote, progress drawn from the envelope's percent) and downloads an MP4. Every page
// passes axe-core, nothing leaves the service, the app calls only the published API, the strict policy
// refuses nothing, and no page scrolls sideways on a phone or at 200 % zoom.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureWebBuild } from "../../scripts/build-web.mjs";
import {
  launchChromium,
  screenshot,
  seriousViolations,
  sidewaysOverflow,
  type Visitor,
  visitor,
} from "../support/dashboard-browser.js";
import { expectCleanVisit, type Published, publishedOperations } from "../support/dashboard-checks.js";
import { type MarketingSite, SAAS_SITE, startMarketingSite } from "../support/marketing-sites.js";
import { type ServedApp, startServedApp } from "../support/served-app.js";

let app: ServedApp;
let browser: Browser;
let saas: MarketingSite;
/** Every operation of the published document, as a method and a path pattern. */
let published: Published;

/** A scan, a generation and an export each take a while on a 2-core machine. */
const JOB_MS = 240_000;

async function open(viewport?: { width: number; height: number }): Promise<Visitor> {
  return visitor(browser, app.base, viewport);
}

/** The page passes axe, then is photographed. */
async function check(page: Page, name: string, sample?: string) {
  expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
  await screenshot(page, name, sample);
}

async function signIn(page: Page) {
  await page.getByLabel("Email address").fill(app.dev.email);
  await page.getByLabel("Password").fill(app.dev.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const heading = (page: Page, name: string | RegExp, timeout?: number) =>
  page.getByRole("heading", { level: 1, name }).waitFor(timeout ? { timeout } : undefined);

/**
 * Waits until every image on the page has loaded and says whether all did: a refused or broken one has no
 * natural width (and the policy's refusal would also be a console error).
 */
async function imagesLoaded(page: Page): Promise<boolean> {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  return page.evaluate(() => [...document.images].every((img) => img.naturalWidth > 0));
}

/** The problem said next to a control (its aria-describedby), and whether it is marked invalid. */
const problemOf = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) => ({
    invalid: el.getAttribute("aria-invalid"),
    said: (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  }));

beforeAll(async () => {
  await ensureWebBuild({ log: () => {} });
  saas = await startMarketingSite("saas");
  app = await startServedApp({ CLIPWRIGHT_ALLOW_PRIVATE_HOSTS: "127.0.0.1" });
  browser = await launchChromium();
  published = await publishedOperations(app.base);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await saas?.close();
});

/** Addresses of the pages made along the way, visited again at a phone's width. */
const made: { path: string; title: string | RegExp }[] = [];

describe("the marketing pages in Chromium", () => {
  it(
    "scans a site, edits the brand kit, generates, edits by sentence, exports and downloads the MP4",
    async () => {
      const v = await open();
      const { page } = v;
      await page.goto(`${app.base}/marketing`);
      await page.waitForURL(/\/sign-in\?next=%2Fmarketing/);
      await signIn(page);
      await heading(page, "Marketing videos");
      await page.getByRole("heading", { name: "No sources yet" }).waitFor();
      await check(page, "marketing-empty");

      // Scanning: the address is checked before sending, then the source page follows the scan.
      await page.getByRole("button", { name: "Scan website" }).click();
      await page.getByText("Enter the address of the website to scan.").waitFor();
      await page.getByLabel("Website address").fill(`${saas.url}/`);
      await page.getByRole("button", { name: "Scan website" }).click();
      await page.waitForURL(/\/marketing\/sources\/[^/]+$/);
      const sourcePath = new URL(page.url()).pathname;
      await heading(page, SAAS_SITE.name, JOB_MS);
      const versions = page.getByRole("region", { name: "Versions" });
      await versions.getByRole("row", { name: /^1 \(latest\)/ }).waitFor();
      await page.getByText(SAAS_SITE.headline).first().waitFor();
      await page.getByRole("list", { name: "Colours found on the site" }).waitFor();
      await page
        .getByRole("img", { name: /Screenshot/ })
        .first()
        .waitFor();
      expect(await imagesLoaded(page)).toBe(true);
      await check(page, "marketing-source", "marketing-source");
      made.push({ path: sourcePath, title: SAAS_SITE.name });

      // Refreshing makes version 2; version 1 stays listed and can be shown.
      await page.getByRole("button", { name: "Refresh" }).click();
      await page.getByText("Refreshed: the new version is listed below.").waitFor({ timeout: JOB_MS });
      await versions.getByRole("row", { name: /^2 \(latest\)/ }).waitFor();
      await versions.getByRole("button", { name: "Show version 1" }).click();
      await page.getByRole("heading", { name: "What version 1 found" }).waitFor();

      // The brand kit: filled from the scanned site, a failing contrast said by its field, then saved.
      await page.getByRole("navigation").getByRole("link", { name: "Marketing" }).click();
      await heading(page, "Marketing videos");
      await page.getByRole("link", { name: "Brand kit" }).click();
      await heading(page, "Brand kit");
      await page.getByLabel("Website").selectOption({ label: `${SAAS_SITE.name} (version 2)` });
      await page.getByRole("button", { name: "Use its look" }).click();
      expect(await page.getByLabel("Background", { exact: true }).inputValue()).toMatch(/^#[0-9a-f]{6}$/);
      await page.getByLabel("Text", { exact: true }).fill("#bbbbbb");
      const textCheck = page.locator(".contrast-check", { hasText: "Text on background" });
      await textCheck.getByText("fails").waitFor();
      await page.getByRole("list", { name: "Brand kit palette" }).getByText("#bbbbbb").waitFor();
      await page.getByRole("button", { name: "Save brand kit" }).click();
      const textProblem = await problemOf(page, "Text");
      expect(textProblem.invalid).toBe("true");
      expect(textProblem.said).toMatch(/Contrast with the background is \d+\.\d\d:1; it needs at least 4\.5:1\./);
      await check(page, "marketing-brand-kit-contrast", "marketing-brand-kit-contrast");
      await page.getByLabel("Text", { exact: true }).fill("#0f172a");
      await textCheck.getByText("passes").waitFor();
      await textCheck.getByText(/^1\d\.\d\d:1$/).waitFor();
      await page.getByLabel("Call to action text").fill("Start free");
      // The address is checked as every address the API takes: a host that does not resolve is refused.
      await page.getByLabel("Call to action address").fill("https://tidewell.example/signup");
      await page.getByRole("button", { name: "Save brand kit" }).click();
      const refused = page.getByRole("alert");
      await refused.getByText("Some of the brand kit cannot be accepted:").waitFor();
      await refused.getByText("Call to action address: has a host name that does not resolve").waitFor();
      expect(await refused.locator("code").textContent()).toMatch(/^req_/);
      await check(page, "marketing-brand-kit-refused");
      await page.getByLabel("Call to action address").fill(`${saas.url}/signup`);
      await page.getByRole("button", { name: "Save brand kit" }).click();
      await page.getByText("Brand kit saved.").waitFor();
      await page.getByRole("img", { name: "The brand kit's logo" }).waitFor();
      expect(await imagesLoaded(page)).toBe(true);
      await check(page, "marketing-brand-kit", "marketing-brand-kit");
      made.push({ path: "/marketing/brand-kit", title: "Brand kit" });

      // Generating: the check names what is missing by its field (Demo tour needs walkthrough footage).
      await page.getByRole("link", { name: "Marketing", exact: true }).first().click();
      await heading(page, "Marketing videos");
      await page.getByRole("link", { name: "Make a video" }).first().click();
      await heading(page, "Make a video");
      await page.getByRole("radio", { name: /Demo tour/ }).check();
      await page.getByRole("button", { name: "Check" }).click();
      await page.getByText(/^Not ready: one thing is missing/).waitFor();
      const demo = await problemOf(page, "Walkthrough render id");
      expect(demo.invalid).toBe("true");
      expect(demo.said).toContain(
        "This template shows the product in use: it needs a stretch of a walkthrough render.",
      );
      await check(page, "marketing-generate-missing", "marketing-generate");
      made.push({ path: "/marketing/generate", title: "Make a video" });

      await page.getByRole("radio", { name: /Feature highlight/ }).check();
      await page.getByRole("radio", { name: "My brand kit" }).check();
      await page.getByLabel("Length").selectOption("15");
      await page.getByRole("button", { name: "Check" }).click();
      await page.getByText("Ready to generate.").waitFor();
      await page.getByRole("heading", { name: /scenes, 15 s/ }).waitFor();
      await page.getByRole("button", { name: "Generate video" }).click();
      await page.waitForURL(/\/marketing\/generations\/[^/]+$/);
      const generationPath = new URL(page.url()).pathname;
      await heading(page, "Your video's first draft", JOB_MS);
      await page.getByRole("img", { name: "Preview of scene 1" }).waitFor();
      expect(await imagesLoaded(page)).toBe(true);
      await check(page, "marketing-generation", "marketing-generation");
      made.push({ path: generationPath, title: "Your video's first draft" });
      await page.getByLabel("Project name (optional)").fill("Tidewell <b>launch</b>");
      await page.getByRole("button", { name: "Create project" }).click();

      // The project: scenes with their stills, the name shown as written (text, not markup).
      await heading(page, "Tidewell <b>launch</b>");
      expect(await page.locator("main b").count()).toBe(0);
      const projectPath = new URL(page.url()).pathname;
      await page.getByRole("img", { name: /^Preview of scene 1/ }).waitFor();
      expect(await imagesLoaded(page)).toBe(true);
      await page
        .getByRole("region", { name: "Revisions" })
        .getByRole("row", { name: /^1 \(latest\)/ })
        .waitFor();
      await check(page, "marketing-project", "marketing-project");
      made.push({ path: projectPath, title: "Tidewell <b>launch</b>" });

      // A sentence it does not understand changes nothing, says so, and offers sentences it does.
      const box = page.getByLabel("What to change");
      await box.fill("make it sparkle like a unicorn");
      await page.getByRole("button", { name: "Show what it would change" }).click();
      const refusal = page.getByRole("alert");
      await refusal.getByText(/^Nothing was changed/).waitFor();
      expect(await refusal.locator("code").textContent()).toMatch(/^req_/);
      await page.getByText("Sentences it understands here:").waitFor();
      await check(page, "marketing-edit-not-understood");

      // By keyboard: the dry run shows what would change and makes nothing; applying makes revision 2.
      await box.focus();
      await box.fill("change the call to action to 'Start free'");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Show what it would change");
      await page.keyboard.press("Enter");
      const dry = page.locator(".dry-run");
      await dry.getByText("would make revision 2:").waitFor();
      expect(await dry.getByRole("listitem").allTextContents()).toContainEqual(expect.stringMatching(/Start free/));
      await check(page, "marketing-edit-dry-run", "marketing-edit-dry-run");
      const revisions = page.getByRole("region", { name: "Revisions" });
      expect(await revisions.getByRole("row").count()).toBe(2); // the head and revision 1: nothing made
      // The focus has moved on to applying it.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Apply the change");
      await page.keyboard.press("Enter");
      await page.getByText(/^Revision 2 made: /).waitFor();
      await revisions
        .getByRole("row", { name: /^2 \(latest\) Edited: “change the call to action to 'Start free'”/ })
        .waitFor();
      await page.getByText("Button: Start free").waitFor();
      await page.getByRole("heading", { name: "Export revision 2" }).waitFor();

      // Exporting: a quote first, then progress drawn from the envelope's own percent, then the download.
      const percents = new Set<string>();
      page.on("response", async (res) => {
        if (!/\/api\/v1\/marketing\/exports\/[^/]+$/.test(new URL(res.url()).pathname)) return;
        const body = (await res.json().catch(() => null)) as { progress: { percent: number } | null } | null;
        if (body?.progress) percents.add(String(body.progress.percent));
      });
      await page.getByRole("button", { name: "Get a quote" }).click();
      await page.getByText(/^15 s of MP4 video, \d+×\d+/).waitFor();
      await check(page, "marketing-export-quote");
      await page.getByRole("button", { name: "Export", exact: true }).click();
      await page.waitForURL(/\?export=/);
      const bar = page.getByRole("progressbar", { name: "Exporting progress" });
      await bar.waitFor({ timeout: JOB_MS });
      const shown = await bar.getAttribute("value");
      expect(percents.has(shown ?? ""), `progress ${shown} is one the service answered (${[...percents]})`).toBe(true);
      await page.getByRole("button", { name: "Download video" }).waitFor({ timeout: JOB_MS });
      await page.getByText(/^Ready: \d+ s of video/).waitFor();
      await check(page, "marketing-export-done", "marketing-export");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download video" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^clipwright-[0-9a-z-]{8}\.mp4$/);
      const file = await download.path();
      const bytes = readFileSync(file);
      expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
      const probe = JSON.parse(
        execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file], {
          encoding: "utf8",
        }),
      ) as { streams: { codec_name: string }[]; format: { duration: string } };
      expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(["aac", "h264"]);
      expect(Number(probe.format.duration)).toBeGreaterThan(14);
      const exportId = new URL(page.url()).searchParams.get("export") as string;
      made.push({ path: `/marketing/exports/${exportId}`, title: "Export" });

      // The lists on the marketing page show it all.
      await page.getByRole("navigation").getByRole("link", { name: "Marketing" }).click();
      await heading(page, "Marketing videos");
      await page
        .getByRole("region", { name: "Projects" })
        .getByRole("link", { name: "Tidewell <b>launch</b>" })
        .waitFor();
      await page.getByRole("region", { name: "Sources" }).getByText(SAAS_SITE.name).waitFor();
      await page.getByRole("region", { name: "Exports" }).getByText("succeeded").waitFor();
      await check(page, "marketing", "marketing");
      made.push({ path: "/marketing", title: "Marketing videos" });
      expectCleanVisit(v, published);
    },
    JOB_MS * 4,
  );

  it("reads on a phone's width and at 200 % zoom: no sideways scrolling, every page passes axe", async () => {
    expect(made.length).toBeGreaterThanOrEqual(6);
    for (const [name, viewport] of [
      ["phone", { width: 390, height: 844 }],
      ["zoom-200", { width: 640, height: 450 }],
    ] as const) {
      const v = await open(viewport);
      const { page } = v;
      await page.goto(`${app.base}/marketing`);
      await signIn(page);
      await heading(page, "Marketing videos");
      for (const { path, title } of made) {
        await page.goto(`${app.base}${path}`);
        await heading(page, title);
        await page.getByRole("navigation").getByRole("link", { name: "Marketing" }).waitFor();
        expect(await sidewaysOverflow(page), `${path} at ${name}`).toBeNull();
        expect(await seriousViolations(page), `axe on ${path} at ${name}`).toEqual([]);
        if (name === "phone" && path === "/marketing/brand-kit") await screenshot(page, "marketing-brand-kit-phone");
        if (name === "phone" && path.startsWith("/marketing/projects/")) {
          await page.getByRole("img", { name: /^Preview of scene 1/ }).waitFor();
          await screenshot(page, "marketing-project-phone", "marketing-project-phone");
        }
      }
      expectCleanVisit(v, published);
    }
  }, 120_000);
});
