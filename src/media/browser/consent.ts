import type { Page } from "playwright-core";
import { within } from "./within.js";

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

interface Rect {
  width: number;
  height: number;
  top: number;
  bottom: number;
}
interface El {
  id: string;
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  getBoundingClientRect(): Rect;
  querySelectorAll(css: string): ArrayLike<El>;
  contains(other: El): boolean;
  parentElement: El | null;
  style: { setProperty(name: string, value: string, priority: string): void };
}
interface ConsentGlobals {
  innerWidth: number;
  innerHeight: number;
  getComputedStyle(el: El): {
    display: string;
    visibility: string;
    position: string;
    opacity: string;
    overflow: string;
  };
  document: { querySelectorAll(css: string): ArrayLike<El>; documentElement: El; body: El | null };
}

/**
 * In the page: finds visible consent banners, marks them, and marks the control to press ("reject"
 * words before "accept" words). Self-contained: it is serialised into the page.
 */
function markConsent(marks: { control: string; box: string; overlaysOnly: boolean }): {
  boxes: number;
  choice: "reject" | "accept" | null;
} {
  const g = globalThis as unknown as ConsentGlobals;
  const visible = (el: El) => {
    const r = el.getBoundingClientRect();
    const s = g.getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.display !== "none" && s.visibility !== "hidden" && s.opacity !== "0";
  };
  const CONSENT = /cookie|consent|gdpr|privacy|tracking|onetrust|cookiebot|didomi|usercentrics|cmp\b/i;
  const labelOf = (el: El) => `${el.id} ${el.getAttribute("class") ?? ""} ${el.getAttribute("aria-label") ?? ""}`;
  // Laid over the page as banners are: its nearest fixed or sticky box (itself or an ancestor) covers
  // less than most of the viewport, unless that box is itself named for consent (a consent wall's
  // backdrop; an app shell fixed to the whole window is the product), and it asks nothing to be typed
  // (a sign-in or sign-up dialog that mentions cookies).
  const overlay = (el: El) => {
    for (let e: El | null = el; e && e !== g.document.body; e = e.parentElement) {
      const position = g.getComputedStyle(e).position;
      if (position !== "fixed" && position !== "sticky") continue;
      const r = e.getBoundingClientRect();
      const viewport = g.innerWidth * g.innerHeight;
      if (viewport > 0 && (r.width * r.height) / viewport > 0.6 && !CONSENT.test(labelOf(e))) return false;
      return (
        el.querySelectorAll(
          "input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]),textarea,select",
        ).length === 0
      );
    }
    return false;
  };
  const selectors =
    "[id*=cookie i],[class*=cookie i],[id*=consent i],[class*=consent i],[id*=gdpr i],[class*=gdpr i]," +
    "[aria-label*=cookie i],[aria-label*=consent i],[role=dialog],[role=alertdialog],dialog[open]";
  const boxes: El[] = [];
  for (const el of Array.from(g.document.querySelectorAll(selectors)).slice(0, 200)) {
    if (!visible(el)) continue;
    const text = (el.textContent ?? "").slice(0, 3000);
    const label = labelOf(el);
    if (!CONSENT.test(label) && !/cookie|consent/i.test(text)) continue;
    // On a product's own pages a dialog counts only when it is named for consent, not for mentioning it.
    if (marks.overlaysOnly && (!CONSENT.test(label) || !overlay(el))) continue;
    // The outermost match only: a banner's inner parts match the same words.
    if (boxes.some((b) => b.contains(el))) continue;
    boxes.push(el);
  }
  const REJECT =
    /^(reject|decline|refuse|deny|disagree)\b|\b(reject all|decline all|necessary only|only necessary|essential only|only essential|strictly necessary|use necessary)\b/i;
  const ACCEPT = /^(accept|agree|allow|ok|okay|got it|i understand|continue)\b|\b(accept all|allow all|i agree)\b/i;
  let chosen: El | null = null;
  let choice: "reject" | "accept" | null = null;
  for (const [kind, words] of [
    ["reject", REJECT],
    ["accept", ACCEPT],
  ] as const) {
    for (const box of boxes) {
      const controls = Array.from(
        box.querySelectorAll("button,a,[role=button],input[type=button],input[type=submit]"),
      ).slice(0, 50);
      for (const c of controls) {
        const text = (c.textContent || c.getAttribute("value") || c.getAttribute("aria-label") || "")
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 80);
        if (text && words.test(text) && visible(c)) {
          chosen = c;
          choice = kind;
          break;
        }
      }
      if (chosen) break;
    }
    if (chosen) break;
  }
  for (const box of boxes) box.setAttribute(marks.box, "");
  chosen?.setAttribute(marks.control, "");
  return { boxes: boxes.length, choice };
}

/**
 * In the page: hides the marked banners and lets the page scroll again. A scan hides a banner's
 * outermost fixed or sticky box (a consent wall's backdrop too); on a product's own pages only the
 * nearest one, so nothing around the banner goes with it.
 */
function hideConsent(opts: { boxMark: string; nearest: boolean }): number {
  const g = globalThis as unknown as ConsentGlobals;
  let hidden = 0;
  for (const box of Array.from(g.document.querySelectorAll(`[${opts.boxMark}]`))) {
    let target: El = box;
    for (let el: El | null = box; el && el !== g.document.body; el = el.parentElement) {
      const position = g.getComputedStyle(el).position;
      if (position !== "fixed" && position !== "sticky") continue;
      target = el;
      if (opts.nearest) break;
    }
    target.style.setProperty("display", "none", "important");
    hidden += 1;
  }
  // Banners that block the page usually lock its scrolling too; a page that scrolls is left as it is.
  for (const el of [g.document.documentElement, g.document.body])
    if (el && g.getComputedStyle(el).overflow === "hidden") el.style.setProperty("overflow", "auto", "important");
  return hidden;
}

/** In the page: marked banners still showing. */
function stillShown(boxMark: string): number {
  const g = globalThis as unknown as ConsentGlobals;
  return Array.from(g.document.querySelectorAll(`[${boxMark}]`)).filter((el) => {
    const r = el.getBoundingClientRect();
    const s = g.getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.display !== "none" && s.visibility !== "hidden";
  }).length;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface ConsentOptions {
  signal?: AbortSignal;
  /**
   * Only banners laid over the page and named for consent (see markConsent's `overlay`): a walkthrough
   * acts on the product itself, whose own cookie-settings panel, app shell or sign-in dialog must never
   * be answered or hidden for it. A banner that will not go is hidden by its nearest fixed box only.
   */
  overlaysOnly?: boolean;
}

export async function dismissConsent(
  page: Page,
  deadline: TimeLeft,
  opts: ConsentOptions = {},
): Promise<ConsentOutcome> {
  const { signal, overlaysOnly = false } = opts;
  const found = await within(
    page.evaluate(markConsent, { control: MARK, box: BOX_MARK, overlaysOnly }),
    deadline.left(),
    signal,
  );
  if (found.boxes === 0) return "none";
  if (found.choice) {
    try {
      // A real click (isTrusted): some banners ignore synthetic ones.
      await page.click(`[${MARK}]`, { timeout: Math.max(1, Math.min(2_000, deadline.left())), noWaitAfter: true });
      // The banner animates or waits for its script to answer; give it up to a second to go.
      const until = performance.now() + Math.min(1_000, deadline.left());
      while (performance.now() < until) {
        if ((await within(page.evaluate(stillShown, BOX_MARK), deadline.left(), signal)) === 0)
          return found.choice === "reject" ? "rejected" : "accepted";
        await pause(50);
      }
    } catch (err) {
      if (signal?.aborted) throw err;
      // Not clickable (covered, detached): fall through to hiding it.
    }
  }
  const hidden = await within(
    page.evaluate(hideConsent, { boxMark: BOX_MARK, nearest: overlaysOnly }),
    Math.max(500, deadline.left()),
    signal,
  );
  return hidden > 0 ? "hidden" : "none";
}
