import { iso } from "../../clock.js";
import { defineJob, JobCancelled, JobFailure, type JobOutput } from "../../jobs/definition.js";
import { type BrowserSession, BrowserUnavailableError, type CaptureSpec } from "../../media/browser/index.js";
import { walkthroughBrowser } from "./browser.js";
import {
  AUTH_LINK,
  buildPlan,
  captureFrame,
  finishBeats,
  MAX_NAV_PAGES,
  type PageScan,
  performBeat,
  sameDocument,
  scanPage,
} from "./plan.js";

/** The resolved options a storyboard keeps (ids, as GET /catalog/render-options names them). */
export interface StoredStoryboardOptions {
  avatar: string;
  background: string;
  captionStyle: string;
  capture: string;
  language: string | null;
  orientation: string;
  voiceId: string | null;
  templateId: string | null;
  targetSeconds: number | null;
  maxSeconds: number | null;
}

/** What POST /storyboards stores as the job's input (checked before the job was created). */
export interface StoryboardJobInput {
  url: string;
  hint: string | null;
  options: StoredStoryboardOptions;
  capture: CaptureSpec;
}

const describe = (err: unknown): string =>
  err instanceof Error ? (err.message.split("\n")[0] ?? err.name) : String(err);

/** Opens `url`; a site that cannot be opened (network error, timeout, HTTP error status) fails the job. */
async function open(session: BrowserSession, url: string): Promise<void> {
  let status: number | undefined;
  try {
    status = (await session.page.goto(url, { waitUntil: "load" }))?.status();
  } catch (err) {
    throw new JobFailure("url_invalid", `the site could not be opened: ${describe(err)}`.slice(0, 300), false);
  }
  if (status !== undefined && status >= 400)
    throw new JobFailure("url_invalid", `the site answered HTTP ${status}`, false);
}

/**
 * walkthrough.storyboard: explores the site offline in the shared browser and writes the plan
 * (`jobs/<id>/storyboard.json`, artifact type `storyboard`) and a screenshot per beat
 * (`jobs/<id>/beat-<n>.png`, type `screenshot`). Holds no time; durationSeconds is the plan's estimate.
 */
export const storyboardJob = defineJob<StoryboardJobInput>({
  kind: "walkthrough.storyboard",
  eventFamily: "storyboard",
  maxAttempts: 2,
  retryDelayMs: () => 10_000,
  async run({ job, input, deps, progress, checkpoint }) {
    let session: BrowserSession;
    try {
      session = await walkthroughBrowser().newSession(input.capture);
    } catch (err) {
      if (err instanceof BrowserUnavailableError)
        throw new JobFailure("internal_error", "the browser is unavailable", true);
      throw err;
    }
    try {
      const { page } = session;
      await checkpoint();
      await progress("opening", 5);
      await open(session, input.url);
      const start = await scanPage(page);

      await checkpoint();
      await progress("exploring", 30);
      const startUrl = start.url;
      const links = start.navLinks
        .filter((l) => !sameDocument(l.href, startUrl) && !AUTH_LINK.test(l.name))
        .filter((l) => !(start.cta?.href && sameDocument(l.href, start.cta.href)))
        .slice(0, MAX_NAV_PAGES);
      const pages: { link: { name: string; href: string }; scan: PageScan }[] = [];
      for (const [i, link] of links.entries()) {
        await checkpoint();
        try {
          const res = await page.goto(link.href, { waitUntil: "load" });
          if (res && res.status() >= 400) continue;
          pages.push({ link, scan: await scanPage(page) });
        } catch {
          // A nav page that does not open is left out of the plan.
        }
        await progress("exploring", 30 + Math.round(((i + 1) / (links.length + 1)) * 40));
      }
      let cta: { name: string; role: "link" | "button"; scan: PageScan | null } | null = null;
      if (start.cta) {
        let scan: PageScan | null = null;
        if (start.cta.href && !sameDocument(start.cta.href, startUrl)) {
          await checkpoint();
          try {
            const res = await page.goto(start.cta.href, { waitUntil: "load" });
            if (!res || res.status() < 400) scan = await scanPage(page);
          } catch {
            scan = null;
          }
        }
        cta = { name: start.cta.name, role: start.cta.role, scan };
      }
      await progress("exploring", 70);

      await checkpoint();
      await progress("planning", 80);
      const drafts = buildPlan(start, pages, cta, input.hint);

      // Replay the plan from the start, as a render would, with a screenshot after each beat.
      const kept: typeof drafts = [];
      const frames: Buffer[] = [];
      for (const beat of drafts) {
        await checkpoint();
        let done = false;
        try {
          done = await performBeat(page, beat);
        } catch {
          done = false;
        }
        if (!done) {
          if (beat.action === "navigate")
            throw new JobFailure("url_invalid", "the site could not be opened again", false);
          continue;
        }
        kept.push({ ...beat, url: beat.action === "click" ? page.url() : beat.url });
        frames.push(await captureFrame(page));
      }
      const beats = finishBeats(kept);

      await checkpoint();
      await progress("saving", 95);
      const durationSeconds = Math.round(beats.reduce((s, b) => s + b.estimatedSeconds, 0) * 10) / 10;
      const plan = {
        url: input.url,
        hint: input.hint,
        options: input.options,
        beats,
        createdAt: iso(deps.clock.now()),
      };
      const artifacts: JobOutput["artifacts"] = [];
      const json = await deps.storage.put(`jobs/${job.id}/storyboard.json`, Buffer.from(JSON.stringify(plan, null, 2)));
      artifacts.push({ type: "storyboard", ...json });
      for (const [i, frame] of frames.entries()) {
        const file = await deps.storage.put(`jobs/${job.id}/beat-${i + 1}.png`, frame);
        artifacts.push({ type: "screenshot", ...file });
      }
      return { artifacts, durationSeconds, chargeSeconds: 0 };
    } catch (err) {
      if (err instanceof JobFailure || err instanceof JobCancelled) throw err;
      throw new JobFailure("internal_error", `planning failed: ${describe(err)}`.slice(0, 300), true);
    } finally {
      await session.close();
    }
  },
});
