import type { Page, Request, Response } from "playwright-core";
import { waitForSettled, watchNetwork } from "../../../../media/browser/index.js";
import { inspectUrl, type Refusal, sitePolicy } from "../../../../net/guard.js";
import type { SessionGuard } from "../../../browsing/fenced-session.js";
import { type Deadline, within } from "./deadline.js";

/**
 * Opens one page of a scan: navigates within the page's deadline, then waits (≤ 2 s) for the network and
 * the DOM to go quiet. It never throws for what the site does — an error answer, a non-HTML file, a
 * redirect the fence refused, a page that never finishes — but says what happened, and the scan decides
 * whether that fails it (start page) or skips the page with a warning (extra pages).
 */

/** Quiet wait after the DOM is there: lazy widgets get their requests out, a stuck page gets no more. */
export const QUIET_MAX_MS = 2_000;
/**
 * How long no request may be in flight for the page to count as settled. A script that fetches and then
 * renders starts its next requests (images, fonts) in the same task the answer arrives in, so a short
 * window still sees them; settle's 300 ms default cost ~250 ms a page for nothing (docs/benchmarks.md, scan).
 */
export const QUIET_WINDOW_MS = 100;

export interface PageLoad {
  page: Page;
  finalUrl: string;
  status: number | null;
  contentType: string | null;
  loadMs: number;
  /** The deadline passed before the page finished loading; it is used as far as it got. */
  timedOut: boolean;
  /** Uncaught page errors so far (the counter keeps counting while the page is read). */
  scriptErrors(): number;
}

export type VisitProblem =
  | { problem: "unreachable"; message: string }
  | { problem: "http_error"; status: number }
  | { problem: "non_html"; contentType: string | null }
  | { problem: "redirect_refused"; url: string; refusal: Refusal }
  /** The deadline passed with no document to read at all. */
  | { problem: "no_dom" };

export type VisitResult = ({ ok: true } & PageLoad) | ({ ok: false } & VisitProblem);

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

export interface VisitContext {
  guard: SessionGuard;
  /** Connections the session's egress proxy has refused so far (it refuses redirect hops too). */
  refusedTotal(): number;
  /** Resolves when the page's document is next cut at the session's decoded cap (no load event follows). */
  documentCut(page: Page): Promise<void>;
  signal: AbortSignal;
}

/** Whether a URL the browser went to would be refused by the guard, and why (null: it is allowed). */
export async function refusalOf(url: string, guard: SessionGuard): Promise<Refusal | null> {
  const verdict = await inspectUrl(url, sitePolicy(guard.config, guard.denyHosts ?? []), guard.resolver);
  return verdict.ok ? null : verdict;
}

/** The first hop of a main-frame navigation that the fence refused, if any. */
async function refusedHop(urls: readonly string[], guard: SessionGuard): Promise<VisitProblem | null> {
  for (const url of urls.slice(1)) {
    const refusal = await refusalOf(url, guard).catch(() => null);
    if (refusal) return { problem: "redirect_refused", url, refusal };
  }
  return null;
}

/** Whether the page holds a document worth reading (a stalled load may still have drawn most of it). */
async function hasDocument(page: Page): Promise<boolean> {
  try {
    const chars = await within(
      page.evaluate(
        () =>
          (globalThis as unknown as { document: { body: { textContent: string } | null } }).document.body?.textContent
            ?.length ?? 0,
      ),
      1_000,
    );
    return chars > 0;
  } catch {
    return false;
  }
}

export async function visitPage(page: Page, url: string, deadline: Deadline, ctx: VisitContext): Promise<VisitResult> {
  let scriptErrors = 0;
  page.on("pageerror", () => {
    scriptErrors += 1;
  });
  // Every main-frame request of this navigation, redirect hops included, in order.
  const hops: string[] = [];
  const onRequest = (req: Request) => {
    try {
      if (req.isNavigationRequest() && req.frame().parentFrame() === null) hops.push(req.url());
    } catch {
      // A request without a frame (service worker): not this navigation.
    }
  };
  page.on("request", onRequest);
  const network = watchNetwork(page);
  const refusedBefore = ctx.refusedTotal();
  const started = performance.now();
  let response: Response | null = null;
  let timedOut = false;
  try {
    // A document cut at the decoded cap stops loading without DOMContentLoaded: it is read as far as it got.
    const loading = page.goto(url, { waitUntil: "domcontentloaded", timeout: Math.max(1, deadline.left()) });
    loading.catch(() => undefined);
    response = await Promise.race([loading, ctx.documentCut(page).then(() => null)]);
  } catch (err) {
    if (ctx.signal.aborted) throw ctx.signal.reason ?? err;
    const refused = ctx.refusedTotal() > refusedBefore ? await refusedHop(hops, ctx.guard) : null;
    if (refused) return { ok: false, ...refused };
    if (!(err instanceof Error && err.name === "TimeoutError")) {
      return {
        ok: false,
        problem: "unreachable",
        message: (err instanceof Error ? err.message : String(err)).split("\n")[0] ?? "",
      };
    }
    timedOut = true;
    if (!(await hasDocument(page))) return { ok: false, problem: "no_dom" };
  } finally {
    page.off("request", onRequest);
  }
  try {
    if (response) {
      const chain: string[] = [];
      for (let r: Request | null = response.request(); r; r = r.redirectedFrom()) chain.unshift(r.url());
      if (ctx.refusedTotal() > refusedBefore) {
        const refused = await refusedHop(chain, ctx.guard);
        if (refused) return { ok: false, ...refused };
      }
      const status = response.status();
      if (status >= 400) return { ok: false, problem: "http_error", status };
      const contentType = await contentTypeOf(response);
      if (!contentType || !HTML_TYPES.test(contentType)) return { ok: false, problem: "non_html", contentType };
    }
    if (!timedOut && deadline.left() > 0) {
      // Quiet is a courtesy to lazy content, not a condition: a page that never settles is read as it is.
      await waitForSettled(page, {
        maxMs: Math.min(QUIET_MAX_MS, deadline.left()),
        quietMs: QUIET_WINDOW_MS,
        network,
        signal: ctx.signal,
      }).catch((err: unknown) => {
        if (ctx.signal.aborted) throw err;
      });
    }
  } finally {
    network.dispose();
  }
  return {
    ok: true,
    page,
    finalUrl: page.url(),
    status: response?.status() ?? null,
    contentType: response ? await contentTypeOf(response) : null,
    loadMs: Math.round(performance.now() - started),
    timedOut,
    scriptErrors: () => scriptErrors,
  };
}

/**
 * The response's type from its raw headers, or from the headers Chromium reported first when the raw ones
 * are late (a loaded machine): a slow answer must not make an HTML page look like something else.
 */
async function contentTypeOf(response: Response): Promise<string | null> {
  const raw = await within(response.headerValue("content-type"), 1_000).catch(() => null);
  return raw ?? response.headers()["content-type"] ?? null;
}
