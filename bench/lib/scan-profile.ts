// Where a scan's browser time goes: the scanner's own steps (src/pipelines/marketing/scan/), called one
// after another on the pages a scan visited, each timed from here. Nothing in the pipeline is changed or
// wrapped: this is a separate pass in a fenced session of its own, one page at a time (the scan reads
// two at once), so its step times add up to the work a scan does, not to the scan's wall time.
import type { Page } from "playwright-core";
import { dismissConsent } from "../../src/media/browser/index.js";
import { openFencedSession } from "../../src/pipelines/browsing/fenced-session.js";
import type { InspectionDeps } from "../../src/pipelines/marketing/deps.js";
import { extractFonts } from "../../src/pipelines/marketing/scan/brand/fonts.js";
import { collectImages, DEFAULT_IMAGE_CAPS } from "../../src/pipelines/marketing/scan/brand/images.js";
import { findLogo } from "../../src/pipelines/marketing/scan/brand/logo.js";
import { collectPaletteSamples } from "../../src/pipelines/marketing/scan/brand/palette.js";
import { DEFAULT_SCREENSHOT_CAPS, takeScreenshots } from "../../src/pipelines/marketing/scan/brand/screenshots.js";
import { parseHtml } from "../../src/pipelines/marketing/scan/read/html-document.js";
import { extractMainCopy } from "../../src/pipelines/marketing/scan/read/main-copy.js";
import { extractMetadata } from "../../src/pipelines/marketing/scan/read/metadata.js";
import { SCAN_CAPTURE } from "../../src/pipelines/marketing/scan/scan-job.js";
import { deadlineIn } from "../../src/pipelines/marketing/scan/visit/deadline.js";
import { scrollForLazyContent } from "../../src/pipelines/marketing/scan/visit/lazy-scroll.js";
import { visitPage } from "../../src/pipelines/marketing/scan/visit/page-visit.js";
import { watchResponses } from "../../src/pipelines/marketing/scan/visit/responses.js";

/** The scanner's steps in the order a page goes through them (extractLive's order after the read). */
export const STEPS = [
  "visit (domcontentloaded + settle)",
  "consent",
  "lazy scroll",
  "serialise DOM",
  "fonts (start page)",
  "logo (start page)",
  "screenshots",
  "palette",
  "images",
  "Node side: jsdom, metadata, main copy",
] as const;
export type Step = (typeof STEPS)[number];

/** A step's time, and what it threw (the scan logs such a step and goes on without its part). */
export interface StepTime {
  ms: number;
  error?: string;
}
/** Per page (in the order given), per step. */
export type StepTimes = Partial<Record<Step, StepTime>>[];

/** Runs the scanner's steps on each URL in turn (the first as the start page) and times each. */
export async function profileScanSteps(deps: InspectionDeps, urls: string[]): Promise<StepTimes> {
  const fenced = await openFencedSession(deps.browser, SCAN_CAPTURE, deps.guard);
  const signal = new AbortController().signal;
  const ctx = {
    guard: deps.guard,
    refusedTotal: () => fenced.proxy.refusedTotal,
    documentCut: (p: Page) => fenced.documentCut(p),
    signal,
  };
  const out: StepTimes = [];
  try {
    for (const [i, url] of urls.entries()) {
      const start = i === 0;
      const page: Page = start ? fenced.session.page : await fenced.session.context.newPage();
      const responses = watchResponses(page);
      const times: Partial<Record<Step, StepTime>> = {};
      // As the scan does: a step that throws loses its own part only (page-read's `bounded`, extractLive's `step`).
      const timed = async <T>(step: Step, work: () => Promise<T>): Promise<T | null> => {
        const t0 = performance.now();
        try {
          const value = await work();
          times[step] = { ms: performance.now() - t0 };
          return value;
        } catch (err) {
          const error = (err instanceof Error ? err.message : String(err)).split("\n")[0]?.slice(0, 120) ?? "";
          times[step] = { ms: performance.now() - t0, error };
          return null;
        }
      };
      try {
        const deadline = deadlineIn(deps.settings.pageTimeoutMs);
        const visit = await timed("visit (domcontentloaded + settle)", () => visitPage(page, url, deadline, ctx));
        if (!visit?.ok)
          throw new Error(
            `profile: ${url} could not be visited (${visit ? visit.problem : times["visit (domcontentloaded + settle)"]?.error})`,
          );
        await timed("consent", () => dismissConsent(page, deadline, { signal }));
        await timed("lazy scroll", () => scrollForLazyContent(page, deadline, signal));
        const html = (await timed("serialise DOM", () => page.content())) ?? "";
        if (start) {
          await timed("fonts (start page)", () => extractFonts(page, deps.fonts));
          const doc = parseHtml(html, visit.finalUrl);
          const head = extractMetadata(doc);
          doc.close();
          await timed("logo (start page)", () => findLogo(page, head, responses));
        }
        const shots = await timed("screenshots", () =>
          takeScreenshots(page, { ...DEFAULT_SCREENSHOT_CAPS, fullPage: start }),
        );
        await timed("palette", () => collectPaletteSamples(page, shots?.hero ?? null));
        await timed("images", () => collectImages(page, responses, DEFAULT_IMAGE_CAPS));
        // What assemble.ts's readText does with the page once the browser is closed (synchronous work).
        await timed("Node side: jsdom, metadata, main copy", async () => {
          const doc = parseHtml(html, visit.finalUrl);
          try {
            extractMetadata(doc);
            extractMainCopy(doc);
          } finally {
            doc.close();
          }
        });
      } finally {
        responses.dispose();
        if (!start) await page.close({ runBeforeUnload: false }).catch(() => undefined);
      }
      out.push(times);
    }
  } finally {
    await fenced.close();
  }
  return out;
}

const msText = (n: number) => `${Math.round(n)} ms`;

/** The profile as a table: a step per row, a page per column; a step that threw is marked (✗) and listed. */
export function profileTable(
  steps: StepTimes,
  paths: string[],
): { head: string[]; rows: string[][]; errors: string[] } {
  const errors: string[] = [];
  const rows = STEPS.map((step) => {
    const cells = steps.map((p, i) => {
      const t = p[step];
      if (!t) return "–";
      if (t.error) errors.push(`${step} on ${paths[i]}: ${t.error}`);
      return `${msText(t.ms)}${t.error ? " ✗" : ""}`;
    });
    const total = steps.reduce((n, p) => n + (p[step]?.ms ?? 0), 0);
    return [step, ...cells, msText(total)];
  });
  const totals = steps.map((p) => Object.values(p).reduce((n, t) => n + (t?.ms ?? 0), 0));
  rows.push(["all steps", ...totals.map(msText), msText(totals.reduce((a, b) => a + b, 0))]);
  return { head: ["Step", ...paths, "Sum"], rows, errors };
}
