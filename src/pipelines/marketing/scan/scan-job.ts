import type { Page } from "playwright-core";
import { BrowserUnavailableError, type CaptureSpec } from "../../../media/browser/index.js";
import { type FencedSession, openFencedSession } from "../../browsing/fenced-session.js";
import { PipelineFailure, type PipelineOutput, type PipelineRun } from "../../run.js";
import type { InspectionDeps } from "../deps.js";
import type { InspectionInput } from "../input.js";
import type { ManifestWarning } from "../source/manifest.js";
import { assembleVersion } from "./assemble/assemble.js";
import type { Gathered, GatheredPage } from "./assemble/gathered.js";
import { extractLive, type LiveContext } from "./brand/page-extract.js";
import { type Deadline, deadlineIn, earliest } from "./visit/deadline.js";
import { pageLinks } from "./visit/page-links.js";
import { type PageTarget, readPage } from "./visit/page-read.js";
import { choosePages } from "./visit/pages.js";
import { watchResponses } from "./visit/responses.js";
import { pageWarning, startPageFailure } from "./visit/scan-failure.js";

type UrlInput = Extract<InspectionInput, { kind: "url" }>;

/** Desktop capture (decision 0025); reduced motion and en-US/UTC come with every session of the pool. */
export const SCAN_CAPTURE: CaptureSpec = {
  width: 1440,
  height: 900,
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
};
/** Pages open at once in the scan's one context. */
const PAGES_AT_ONCE = 2;
/** Past the scan's deadline by this much, the browser is closed whatever still waits on it: never a hung job. */
const HARD_STOP_GRACE_MS = 20_000;
/** Images a version keeps (decision 0025). */
const MAX_IMAGES = 24;
/** Time the start page's links get to be read. */
const LINKS_MS = 3_000;

const describe = (err: unknown): string =>
  err instanceof Error ? (err.message.split("\n")[0] ?? err.name) : String(err);

/** The run's failure for what the browser phase threw: a cancel passes through untouched. */
function failureOf(err: unknown, signal: AbortSignal): unknown {
  if (err instanceof PipelineFailure || signal.aborted) return err;
  if (err instanceof BrowserUnavailableError)
    return new PipelineFailure("internal_error", "the browser is unavailable", true);
  return new PipelineFailure("internal_error", `scanning failed: ${describe(err)}`.slice(0, 300), true);
}

async function openSession(deps: InspectionDeps, signal: AbortSignal): Promise<FencedSession> {
  try {
    return await openFencedSession(deps.browser, SCAN_CAPTURE, deps.guard, signal);
  } catch (err) {
    if (err instanceof BrowserUnavailableError)
      throw new PipelineFailure("internal_error", "the browser is unavailable", true);
    throw err;
  }
}

/** Reads one page and runs the in-page extractors on it while it is open. */
async function gatherPage(
  page: Page,
  target: PageTarget,
  deadline: Deadline,
  ctx: LiveContext,
): Promise<GatheredPage | { skipped: ManifestWarning }> {
  // Images and the logo are taken from what the page loaded: the log starts before the navigation.
  const responses = watchResponses(page);
  try {
    const result = await readPage(page, target, deadline, ctx);
    if (!result.ok) {
      if (target.role === "start") throw startPageFailure(result);
      return { skipped: pageWarning(result, target.url) };
    }
    const { read } = result;
    const live = await extractLive(read, ctx, responses);
    const { page: _page, scriptErrors, ...rest } = read;
    return { read: { ...rest, scriptErrors: scriptErrors() }, live };
  } finally {
    responses.dispose();
  }
}

/** The browser phase: the start page, then the chosen pages two at a time, within the scan's deadline. */
async function gather(run: PipelineRun<UrlInput>, deps: InspectionDeps, fenced: FencedSession): Promise<Gathered> {
  const { input, progress, checkpoint, signal } = run;
  const { settings } = deps;
  const scanDeadline = deadlineIn(settings.scanTimeoutMs);
  const pageDeadline = () => earliest(deadlineIn(settings.pageTimeoutMs), scanDeadline);
  const ctx: LiveContext = {
    guard: deps.guard,
    refusedTotal: () => fenced.proxy.refusedTotal,
    documentCut: (page) => fenced.documentCut(page),
    signal,
    deps,
    warn: run.warn,
    images: { left: MAX_IMAGES, seen: new Set() },
  };
  const { context, page: startTab } = fenced.session;
  // Pages the scan opened; anything else (window.open, target=_blank) is closed as it appears. The event
  // of a page the scan itself opens fires before newPage() answers, so none is closed while one opens.
  const ours = new Set<Page>([startTab]);
  let opening = 0;
  context.on("page", (p) => {
    if (opening === 0 && !ours.has(p)) p.close({ runBeforeUnload: false }).catch(() => undefined);
  });
  const warnings: ManifestWarning[] = [];

  const start = await gatherPage(startTab, { index: 0, url: input.url, role: "start" }, pageDeadline(), ctx);
  if ("skipped" in start) throw new PipelineFailure("source_unreadable", "the start page could not be read", false);
  const links = await pageLinks(startTab, LINKS_MS).catch((err: unknown) => {
    if (signal.aborted) throw err;
    return [];
  });
  const chosen = choosePages(links, start.read.finalUrl, settings.extraPages);
  const slots: (GatheredPage | null)[] = chosen.map(() => null);
  let done = 1;
  const total = chosen.length + 1;
  await progress("pages", Math.round(5 + 65 / total));

  let next = 0;
  let notOpened = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const i = next++;
      const target = chosen[i] as (typeof chosen)[number];
      await checkpoint();
      if (scanDeadline.passed()) {
        notOpened += 1;
        continue;
      }
      opening += 1;
      const page = await context.newPage().finally(() => {
        opening -= 1;
      });
      ours.add(page);
      try {
        const got = await gatherPage(page, { index: i + 1, url: target.url, role: target.role }, pageDeadline(), ctx);
        if ("skipped" in got) warnings.push(got.skipped);
        else slots[i] = got;
      } finally {
        ours.delete(page);
        await page.close({ runBeforeUnload: false }).catch(() => undefined);
      }
      done += 1;
      await progress("pages", Math.round(5 + (65 * done) / total));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_AT_ONCE, chosen.length) }, worker));
  if (notOpened > 0 || scanDeadline.passed())
    warnings.push({
      code: "scan_deadline",
      message:
        notOpened > 0
          ? `the scan's deadline passed; ${notOpened} chosen page(s) were not opened`
          : "the scan's deadline passed while pages were read",
    });
  // Answers cut by the proxy's byte cap, frames removed over the per-page count: the pages were used as
  // far as they got. The session-wide counts cannot say which page, so these name none.
  if (fenced.truncated > 0)
    warnings.push({
      code: "page_truncated",
      message: `${fenced.truncated} answer(s) were larger than the browser may load and were cut`,
    });
  if (fenced.fence.blocked.frames > 0)
    warnings.push({
      code: "frames_limited",
      message: `${fenced.fence.blocked.frames} frame(s) over the per-page limit were not loaded`,
    });
  const pages = [start, ...slots.filter((p): p is GatheredPage => p !== null)];
  return { pages, warnings };
}

/**
 * A URL source (decision 0025): one fenced browser session reads the start page and up to
 * `extraPages` pages of its origin; the Node-side extractors read their HTML; the version's files go to
 * `sources/<sourceId>/v<version>/` with the manifest (artifact `source`) listing them by sha256.
 */
export async function scanUrl(run: PipelineRun<UrlInput>, deps: InspectionDeps): Promise<PipelineOutput> {
  const { signal, checkpoint, progress } = run;
  await progress("opening", 0);
  await checkpoint();
  const fenced = await openSession(deps, signal);
  // A cancel closes the browser at once: whatever waits on it (a navigation, an in-page script) ends.
  const onAbort = () => void fenced.close();
  signal.addEventListener("abort", onAbort, { once: true });
  const hardStop = setTimeout(onAbort, deps.settings.scanTimeoutMs + HARD_STOP_GRACE_MS);
  let gathered: Gathered;
  try {
    gathered = await gather(run, deps, fenced);
  } catch (err) {
    throw failureOf(err, signal);
  } finally {
    clearTimeout(hardStop);
    signal.removeEventListener("abort", onAbort);
    await fenced.close();
  }
  await checkpoint();
  return assembleVersion(run, deps, gathered);
}
