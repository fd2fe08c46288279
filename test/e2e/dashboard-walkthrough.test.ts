// The dashboard's Walkthroughs pages end to end: the built web app served by the real service process
// (`clipwright serve`, development, SQLite), filming the local fixture site (test/support/site-server.ts)
// behind its sign-in, driven in the system Chromium like a person would: plan with a hint and a demo
// account, watch the progress the job envelope reports, edit a line, hide a beat, price, render, play,
// download. Every page passes axe-core, reads at a phone's width, calls nothing but the published API,
// sends nothing elsewhere, and the strict policy refuses nothing (the media come from the service's own
// signed file addresses).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureWebBuild } from "../../scripts/build-web.mjs";
import {
  launchChromium,
  SCREENSHOTS,
  screenshot,
  seriousViolations,
  sidewaysOverflow,
  type Visitor,
  visitor,
} from "../support/dashboard-browser.js";
import { expectCleanVisit, type Published, publishedOperations } from "../support/dashboard-checks.js";
import { type ServedApp, startServedApp } from "../support/served-app.js";
import { DEMO_CREDENTIALS, type Site, startSite } from "../support/site-server.js";

let app: ServedApp;
let site: Site;
let browser: Browser;
/** Every operation of the published document, as a method and a path pattern. */
let published: Published;
const visitors: Visitor[] = [];
/** The pages of one storyboard and one render, for the phone-width pass. */
const made: { plan?: string; video?: string } = {};

async function open(viewport?: { width: number; height: number }): Promise<Visitor> {
  const v = await visitor(browser, app.base, viewport);
  visitors.push(v);
  return v;
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
  page.getByRole("heading", { level: 1, name }).waitFor({ timeout });

/** Presses Tab until `target` has the focus (at most `max` times): it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`not reached by Tab: ${target}`);
}

/** Every image on the page has loaded (its load event, or it already had), and has pixels. */
async function imagesLoaded(page: Page) {
  const sizes = await page.evaluate(() =>
    Promise.all(
      Array.from(document.querySelectorAll("main img"), (img) =>
        (img as HTMLImageElement).complete
          ? (img as HTMLImageElement).naturalWidth
          : new Promise<number>((resolve) => {
              img.addEventListener("load", () => resolve((img as HTMLImageElement).naturalWidth), { once: true });
              img.addEventListener("error", () => resolve(0), { once: true });
            }),
      ),
    ),
  );
  expect(
    sizes.every((w) => w > 0),
    `images drawn: ${sizes.join(", ")}`,
  ).toBe(true);
  return sizes.length;
}

/**
 * Records every percent the page's progress bar shows (a MutationObserver, evaluated through the
 * DevTools protocol like axe), so the test can hold them against what the API answered.
 */
async function watchProgressBar(page: Page) {
  await page.evaluate(() => {
    const shown: number[] = [];
    (window as unknown as { shownPercents: number[] }).shownPercents = shown;
    const record = () => {
      for (const bar of document.querySelectorAll("progress")) {
        if (bar.hasAttribute("value") && shown.at(-1) !== bar.value) shown.push(bar.value);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
    record();
  });
}
const shownPercents = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownPercents: number[] }).shownPercents);

/** The percents the API answered for a job (GET of its resource), as the page received them. */
function answeredPercents(page: Page, path: RegExp): number[] {
  const seen: number[] = [];
  page.on("response", (res: Response) => {
    if (res.request().method() !== "GET" || !path.test(new URL(res.url()).pathname)) return;
    void res
      .json()
      .then((body: { progress: { percent: number } | null }) => {
        if (body.progress) seen.push(body.progress.percent);
      })
      .catch(() => undefined);
  });
  return seen;
}

beforeAll(async () => {
  await ensureWebBuild({ log: () => {} });
  site = await startSite();
  app = await startServedApp({ CLIPWRIGHT_ALLOW_PRIVATE_HOSTS: "127.0.0.1" });
  browser = await launchChromium();
  published = await publishedOperations(app.base);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await site?.close();
});

describe("the Walkthroughs pages in Chromium", () => {
  it("plans a walkthrough behind a sign-in, edits it, prices it, renders it, plays it and downloads it", async () => {
    const v = await open();
    const { page } = v;
    await page.goto(`${app.base}/`);
    await signIn(page);
    await heading(page, "Overview");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Walkthroughs" }).click();
    await heading(page, "Walkthroughs");
    await page.getByRole("heading", { name: "No videos yet" }).waitFor();
    await check(page, "walkthroughs-empty");

    // A refusal is said in words, with the request id to quote.
    await page.getByRole("main").getByRole("link", { name: "Plan a walkthrough" }).first().click();
    await heading(page, "Plan a walkthrough");
    await page.getByLabel("Site address").fill("http://10.1.2.3/");
    await page.getByRole("button", { name: "Plan the walkthrough" }).click();
    const refusal = page.getByRole("alert");
    await refusal.getByText("leads to a private or reserved network address").waitFor();
    expect(await refusal.locator("code").textContent()).toMatch(/^req_/);
    await check(page, "walkthrough-refused-private", "walkthrough-refused");
    // Making the video at once (POST /renders) is refused the same way.
    const direct = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/v1/renders");
    await page.getByRole("button", { name: "Skip the review: make the video now" }).click();
    await direct;
    await refusal.getByText("leads to a private or reserved network address").waitFor();

    // The site, hints read from it, a hint of one's own made clearer, and the demo account.
    await page.getByLabel("Site address").fill(`${site.url}/`);
    await page.getByRole("button", { name: "Suggest hints from the site" }).click();
    const suggestions = page.getByRole("region", { name: "Suggested hints" });
    await suggestions
      .getByRole("button", { name: /^Use this hint/ })
      .first()
      .waitFor();
    await page.getByLabel("Hint (optional)").fill("Please show the features page and then the pricing page");
    await page.getByRole("button", { name: "Improve my hint" }).click();
    await page.getByRole("button", { name: "Use the improved hint" }).click();
    expect(await page.getByLabel("Hint (optional)").inputValue()).toMatch(/^Show .*features.*pricing/i);
    const voice = page.getByLabel("Voice");
    const english = await voice
      .locator("option", { hasText: /^English \(/ })
      .first()
      .getAttribute("value");
    await voice.selectOption(english as string); // a voice of the catalogue, not the default

    await page.getByRole("checkbox", { name: /The walkthrough is behind a sign-in/ }).check();
    await page.getByLabel("Sign-in page").fill(`${site.url}/signin`);
    await page.getByLabel("Demo account's email or user name").fill(DEMO_CREDENTIALS.email);
    const password = page.getByLabel("Demo account's password");
    await password.fill(DEMO_CREDENTIALS.password);
    expect(await password.getAttribute("type")).toBe("password");
    await check(page, "walkthrough-new", "walkthrough-new");

    // Planning: the bar shows exactly what the envelope said, at each answer.
    const planPercents = answeredPercents(page, /^\/api\/v1\/storyboards\/[^/]+$/);
    await page.getByRole("button", { name: "Plan the walkthrough" }).click();
    await page.waitForURL(/\/walkthroughs\/plans\/[0-9a-f-]{36}$/);
    made.plan = new URL(page.url()).pathname;
    await watchProgressBar(page);
    await heading(page, "Planning the walkthrough");
    await page.locator("progress[value]").waitFor({ timeout: 60_000 });
    await check(page, "walkthrough-planning", "walkthrough-progress");
    await heading(page, /^Plan for /, 180_000);
    expect(await page.content()).not.toContain(DEMO_CREDENTIALS.password); // never echoed back
    const planShown = await shownPercents(page);
    expect(planShown.length).toBeGreaterThan(0);
    for (const p of planShown) expect(planPercents, `shown ${p} %`).toContain(p);
    expect([...planShown].sort((a, b) => a - b)).toEqual(planShown); // never goes back

    // The review: each beat's screenshot, action and line; the site's text stays text.
    const beats = page.locator("ol.beats > li");
    const count = await beats.count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(await imagesLoaded(page)).toBe(count);
    await page.getByText("Yes, with the demo account").waitFor();
    await page.getByText("Held when it starts").waitFor();

    // Edit the first line by keyboard; hide the second beat.
    const line = page.getByLabel("Narration for beat 1");
    await tabTo(page, line);
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("This is the Acme home page, where every team starts.");
    await beats.first().getByText("edited").waitFor();
    await page.getByRole("checkbox", { name: "Hide beat 2 from the video" }).check();
    await beats.nth(1).getByText("hidden").waitFor();
    await page.getByText(`Beats shown`).waitFor();
    await page.getByText(`${count - 1} of ${count}`).waitFor();
    await page.getByText("2 beats changed.").waitFor();
    await check(page, "walkthrough-plan", "walkthrough-plan");

    // Render: the request carries exactly the two edits.
    const renderRequest = page.waitForRequest(
      (r) => r.method() === "POST" && /\/storyboards\/[^/]+\/renders$/.test(r.url()),
    );
    const renderPercents = answeredPercents(page, /^\/api\/v1\/renders\/[^/]+$/);
    await page.getByRole("button", { name: "Render the video" }).click();
    const sent = (await renderRequest).postDataJSON() as {
      beats: { beatId: string; hidden?: boolean; narration?: string }[];
    };
    expect(sent.beats).toHaveLength(2);
    expect(sent.beats[0]).toMatchObject({ narration: "This is the Acme home page, where every team starts." });
    expect(sent.beats[1]).toMatchObject({ hidden: true });
    await page.waitForURL(/\/walkthroughs\/videos\/[0-9a-f-]{36}$/);
    made.video = new URL(page.url()).pathname;
    await watchProgressBar(page);
    await heading(page, "Making the video");
    await page.locator("progress[value]").waitFor({ timeout: 60_000 });
    await check(page, "walkthrough-rendering", "walkthrough-render-progress");
    await heading(page, "Your walkthrough video", 420_000);
    const renderShown = await shownPercents(page);
    for (const p of renderShown) expect(renderPercents, `shown ${p} %`).toContain(p);
    expect([...renderShown].sort((a, b) => a - b)).toEqual(renderShown);

    // The player: its data arrives, captions are attached, and it plays (events, not waiting).
    const played = await page.evaluate(async () => {
      const video = document.querySelector("video") as HTMLVideoElement;
      const once = (name: string) =>
        new Promise<void>((resolve) => video.addEventListener(name, () => resolve(), { once: true }));
      if (video.readyState < 2) await once("loadeddata");
      const ready = video.readyState;
      const track = video.querySelector("track") as HTMLTrackElement;
      track.track.mode = "hidden"; // as turning captions on in the player's menu does: the file loads
      if (track.readyState < 2)
        await new Promise<void>((resolve) => track.addEventListener("load", () => resolve(), { once: true }));
      video.muted = true;
      const start = video.currentTime;
      await video.play();
      while (video.currentTime <= start + 0.25) await once("timeupdate");
      video.pause();
      return {
        ready,
        advanced: video.currentTime - start,
        cues: track.track.cues?.length ?? 0,
        trackState: track.readyState,
        duration: video.duration,
      };
    });
    expect(played.ready).toBeGreaterThanOrEqual(2);
    expect(played.advanced).toBeGreaterThan(0.25);
    expect(played.trackState).toBe(2);
    expect(played.cues).toBeGreaterThan(0);
    expect(played.duration).toBeGreaterThan(10);
    await page.getByText(/charged$/).waitFor();

    // The download: a signed link of the service, saved by the browser as an MP4.
    await page.getByRole("button", { name: "Get the download link" }).click();
    const save = page.getByRole("link", { name: /^Save the MP4/ });
    const [download] = await Promise.all([page.waitForEvent("download"), save.click()]);
    expect(new URL(download.url()).origin).toBe(app.base);
    expect(download.suggestedFilename()).toBe("walkthrough.mp4");
    const file = join(SCREENSHOTS, "walkthrough.mp4");
    await download.saveAs(file);
    const bytes = readFileSync(file);
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    const probe = JSON.parse(
      execFileSync("ffprobe", ["-v", "error", "-show_streams", "-of", "json", file], { encoding: "utf8" }),
    ) as { streams: { codec_type: string; codec_name: string }[] };
    expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(["audio:aac", "video:h264"]);
    await check(page, "walkthrough-video", "walkthrough-video");

    // The list shows the video (its poster) and the plan (its site).
    await page
      .getByRole("navigation", { name: "Walkthroughs" })
      .getByRole("link", { name: "Videos and plans" })
      .click();
    await heading(page, "Walkthroughs");
    await page
      .getByRole("row", { name: /Video of/ })
      .getByText("ready")
      .waitFor();
    await page
      .getByRole("link", { name: new RegExp(`^${site.url.replace(/[.]/g, "\\.")}/ \\(\\d+ beats\\)$`) })
      .waitFor();
    await imagesLoaded(page);
    await check(page, "walkthroughs", "walkthroughs");
    expectCleanVisit(v, published);
  }, 900_000);

  it("saves a template and plays a voice's sample", async () => {
    const v = await open();
    const { page } = v;
    await page.goto(`${app.base}/walkthroughs/templates`);
    await signIn(page);
    await heading(page, "Templates");
    await page.getByLabel("Name").fill('Launch <img src=x onerror="alert(1)"> video');
    await page.getByLabel("Background").selectOption({ index: 1 });
    await page.getByRole("radio", { name: /^Fixed/ }).check();
    await page.getByRole("button", { name: "Save template" }).click();
    await page.getByText("Give a length from 30 to 600 seconds, or choose Auto.").waitFor();
    await page.getByLabel("Length in seconds").fill("45");
    await page.getByRole("button", { name: "Save template" }).click();
    const row = page.getByRole("row", { name: /Launch <img/ });
    await row.getByText("45 s long").waitFor();
    expect(await page.locator("main img").count()).toBe(0); // the name stays text
    await check(page, "walkthrough-templates", "walkthrough-templates");

    await page.getByRole("navigation", { name: "Walkthroughs" }).getByRole("link", { name: "Voices" }).click();
    await heading(page, "Voices");
    await page
      .getByRole("button", { name: /^▶ Play/ })
      .first()
      .click();
    const audio = page.locator("audio");
    await audio.waitFor();
    const ready = await audio.evaluate((el: HTMLAudioElement) =>
      el.readyState >= 2
        ? el.readyState
        : new Promise<number>((resolve) =>
            el.addEventListener("loadeddata", () => resolve(el.readyState), { once: true }),
          ),
    );
    expect(ready).toBeGreaterThanOrEqual(2);
    await page.getByText(/ says: “/).waitFor();
    await check(page, "walkthrough-voices", "walkthrough-voices");
    expectCleanVisit(v, published);
  }, 120_000);

  it("reads on a phone's width and at 200 % zoom: no sideways scrolling", async () => {
    for (const [name, viewport] of [
      ["phone", { width: 390, height: 844 }],
      ["zoom-200", { width: 640, height: 450 }],
    ] as const) {
      const v = await open(viewport);
      const { page } = v;
      await page.goto(`${app.base}/walkthroughs`);
      await signIn(page);
      await heading(page, "Walkthroughs");
      const pages: [string, string | RegExp][] = [
        ["/walkthroughs", "Walkthroughs"],
        ["/walkthroughs/new", "Plan a walkthrough"],
        ["/walkthroughs/templates", "Templates"],
        ["/walkthroughs/voices", "Voices"],
      ];
      if (made.plan) pages.push([made.plan, /^Plan for /]);
      if (made.video) pages.push([made.video, "Your walkthrough video"]);
      for (const [path, title] of pages) {
        await page.goto(`${app.base}${path}`);
        await heading(page, title);
        await imagesLoaded(page);
        expect(await sidewaysOverflow(page), `${path} at ${name}`).toBeNull();
        expect(await seriousViolations(page), `axe on ${path} at ${name}`).toEqual([]);
        if (name === "phone" && path === made.plan)
          await screenshot(page, "walkthrough-plan-phone", "walkthrough-plan-phone");
        if (name === "phone" && path === made.video) await screenshot(page, "walkthrough-video-phone");
      }
      expectCleanVisit(v, published);
    }
  }, 180_000);
});
