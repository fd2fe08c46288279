import type { Page } from "playwright-core";
import { type ConsentOutcome, dismissConsent } from "../../../../media/browser/index.js";
import { originOf } from "../../../browsing/network-fence.js";
import type { PageRole } from "../../source/manifest.js";
import { type Deadline, DeadlineError, within } from "./deadline.js";
import { serialiseDom } from "./dom-serialise.js";
import { scrollForLazyContent } from "./lazy-scroll.js";
import { type PageLoad, refusalOf, type VisitContext, type VisitProblem, visitPage } from "./page-visit.js";
import { markRendering } from "./render-marks.js";

/**
 * One page of a scan, up to the point where the extractors read it: visited (page-visit.ts), its
 * consent banner out of the way, scrolled for lazy content, its DOM serialised. Steps after the visit
 * are each bounded by the page's deadline; one that misses it leaves the page as it was (`timedOut`).
 */

/** DOM text read per page (decision 0025). */
export const DOM_TEXT_CAP = 200_000;
/** Time a page that missed its deadline still gets to hand over its DOM (it is used as far as it got). */
const LATE_READ_MS = 3_000;
/** Time the page gets to have its hidden text and hero marked. */
const MARK_MS = 5_000;
/** Below this much time left, the page is read unmarked (the readers fall back to its first heading). */
const MIN_MARK_MS = 500;

export interface PageTarget {
  index: number;
  url: string;
  role: PageRole;
}

export interface PageRead extends PageTarget, PageLoad {
  consent: ConsentOutcome;
  /** The serialised DOM after load, consent and scroll (the Node-side extractors read it). */
  html: string;
  /** The DOM was over the serialisation cap and `html` holds its start only (dom-serialise.ts). */
  domTruncated: boolean;
  /** Characters of visible text (capped at DOM_TEXT_CAP) and whether the page had more. */
  textChars: number;
  textTruncated: boolean;
}

export type PageReadResult = { ok: true; read: PageRead } | ({ ok: false } & VisitProblem);

interface TextGlobals {
  document: { body: { textContent: string } | null };
}

/** In the page: the length of its text (textContent: no layout pass on a huge page). */
function visibleTextLength(): number {
  return (globalThis as unknown as TextGlobals).document.body?.textContent.length ?? 0;
}

/** Runs a step within the deadline; a step that misses it marks the page timed out instead of failing it. */
async function bounded<T>(
  step: Promise<T>,
  deadline: Deadline,
  signal: AbortSignal,
  onLate: () => void,
): Promise<T | null> {
  try {
    return await within(step, deadline.left(), signal);
  } catch (err) {
    if (signal.aborted) throw err;
    if (err instanceof DeadlineError) onLate();
    return null;
  }
}

async function movedToRefused(page: Page, loadedUrl: string, ctx: VisitContext): Promise<VisitProblem | null> {
  const now = page.url();
  if (now === loadedUrl || originOf(now) === originOf(loadedUrl)) return null;
  const refusal = await refusalOf(now, ctx.guard).catch(() => null);
  return refusal ? { problem: "redirect_refused", url: now, refusal } : null;
}

export async function readPage(
  page: Page,
  target: PageTarget,
  deadline: Deadline,
  ctx: VisitContext,
): Promise<PageReadResult> {
  const visit = await visitPage(page, target.url, deadline, ctx);
  if (!visit.ok) return visit;
  let timedOut = visit.timedOut;
  const late = () => {
    timedOut = true;
  };
  let consent: ConsentOutcome = "none";
  if (!timedOut) {
    consent =
      (await bounded(dismissConsent(page, deadline, { signal: ctx.signal }), deadline, ctx.signal, late)) ?? "none";
  }
  if (!timedOut) await bounded(scrollForLazyContent(page, deadline, ctx.signal), deadline, ctx.signal, late);
  // A script that sent the page elsewhere after load (the fence refused the new address): not this site's page.
  const moved = await movedToRefused(page, visit.finalUrl, ctx);
  if (moved) return { ok: false, ...moved };
  const grace = Math.max(LATE_READ_MS, deadline.left());
  // Hidden text and the hero are marked as shown, for the readers of the serialised HTML (no stylesheet),
  // within the page's own time: a page past its deadline keeps its grace for handing over its DOM.
  if (!timedOut && deadline.left() > MIN_MARK_MS)
    await markRendering(page, Math.min(deadline.left(), MARK_MS), ctx.signal);
  const dom = await serialiseDom(page, grace, ctx.signal).catch((err: unknown) => {
    if (ctx.signal.aborted) throw err;
    return { html: "", truncated: false };
  });
  const chars = await within(page.evaluate(visibleTextLength), grace, ctx.signal).catch((err: unknown) => {
    if (ctx.signal.aborted) throw err;
    return 0;
  });
  return {
    ok: true,
    read: {
      ...target,
      page,
      finalUrl: visit.finalUrl,
      status: visit.status,
      contentType: visit.contentType,
      loadMs: visit.loadMs,
      timedOut,
      scriptErrors: visit.scriptErrors,
      consent,
      html: dom.html,
      domTruncated: dom.truncated,
      textChars: Math.min(chars, DOM_TEXT_CAP),
      textTruncated: chars > DOM_TEXT_CAP,
    },
  };
}
