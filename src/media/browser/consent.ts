import type { Page } from "playwright-core";
import type { HideConsentArg, MarkConsentArg, MarkedConsent } from "./consent-page.js";
import { pageScript, runPageScript } from "./page-script.js";

/**
 * Gets a cookie/consent banner out of the way before a page is read, photographed or filmed: the least
 * consent first ("reject", "necessary only"), else "accept" (the page must be seen; we keep no cookies
 * beyond the job's own browser context), else the banner's fixed box is hidden by CSS. The outcome says
 * which (`hidden`: the page may then behave as if nobody had answered), so callers can tell their users.
 */

export type ConsentOutcome = "none" | "rejected" | "accepted" | "hidden";

/** What is left of the caller's time (a scan's page deadline, or a fixed bound). */
export interface TimeLeft {
  left(): number;
}

const MARK = "data-clipwright-consent";
const BOX_MARK = "data-clipwright-consent-box";

const MARK_CONSENT = pageScript<MarkConsentArg, MarkedConsent>(new URL("./page/consent-mark.page.ts", import.meta.url));
const HIDE_CONSENT = pageScript<HideConsentArg, number>(new URL("./page/consent-hide.page.ts", import.meta.url));
const STILL_SHOWN = pageScript<string, number>(new URL("./page/consent-shown.page.ts", import.meta.url));

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface ConsentOptions {
  signal?: AbortSignal;
  /**
   * Only banners laid over the page and named for consent (page/consent-mark.page.ts, `overlay`): a
   * walkthrough acts on the product itself, whose own cookie-settings panel, app shell or sign-in dialog
   * must never be answered or hidden for it. A banner that will not go is hidden by its nearest fixed box only.
   */
  overlaysOnly?: boolean;
}

export async function dismissConsent(
  page: Page,
  deadline: TimeLeft,
  opts: ConsentOptions = {},
): Promise<ConsentOutcome> {
  const { signal, overlaysOnly = false } = opts;
  const found = await runPageScript(
    page,
    MARK_CONSENT,
    { control: MARK, box: BOX_MARK, overlaysOnly },
    { timeoutMs: deadline.left(), signal },
  );
  if (found.boxes === 0) return "none";
  if (found.choice) {
    try {
      // A real click (isTrusted): some banners ignore synthetic ones.
      await page.click(`[${MARK}]`, { timeout: Math.max(1, Math.min(2_000, deadline.left())), noWaitAfter: true });
      // The banner animates or waits for its script to answer; give it up to a second to go.
      const until = performance.now() + Math.min(1_000, deadline.left());
      while (performance.now() < until) {
        const shown = await runPageScript(page, STILL_SHOWN, BOX_MARK, { timeoutMs: deadline.left(), signal });
        if (shown === 0) return found.choice === "reject" ? "rejected" : "accepted";
        await pause(50);
      }
    } catch (err) {
      if (signal?.aborted) throw err;
      // Not clickable (covered, detached): fall through to hiding it.
    }
  }
  const hidden = await runPageScript(
    page,
    HIDE_CONSENT,
    { boxMark: BOX_MARK, nearest: overlaysOnly },
    { timeoutMs: Math.max(500, deadline.left()), signal },
  );
  return hidden > 0 ? "hidden" : "none";
}
