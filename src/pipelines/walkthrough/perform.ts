import type { Frame, Locator, Page } from "playwright-core";
import { dismissConsent, locate } from "../../media/browser/index.js";
import type { Beat, BeatTarget } from "./beats.js";

/** What performing a beat needs of it (a plan's draft or a stored beat). */
export type PerformableBeat = Pick<Beat, "action" | "target" | "url" | "value">;

/** Same origin, path (trailing slash ignored) and query: the same document for the planner. */
export const sameDocument = (a: string, b: string): boolean => {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return (
      x.origin === y.origin && x.pathname.replace(/\/$/, "") === y.pathname.replace(/\/$/, "") && x.search === y.search
    );
  } catch {
    return false;
  }
};

/** Origin and path only: query strings can carry tokens that must not reach logs or job errors. */
export const safeUrl = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "(invalid url)";
  }
};

const firstLine = (err: unknown): string =>
  err instanceof Error ? (err.message.split("\n")[0] ?? err.name) : String(err);

/** A page that could not be opened (network error, timeout, blocked, HTTP ≥ 400). */
export class NavigationError extends Error {
  override readonly name = "NavigationError";
  constructor(
    readonly url: string,
    /** The HTTP status when the server answered with an error; null when nothing usable came back. */
    readonly status: number | null,
    cause?: unknown,
  ) {
    super(
      status === null
        ? `${safeUrl(url)} could not be opened: ${firstLine(cause)}`.slice(0, 300)
        : `${safeUrl(url)} answered HTTP ${status}`,
      { cause },
    );
  }
}

/**
 * The most answering a consent banner may take after a page opens. Most answer at once; one that
 * animates out gets up to a second, then is hidden (media/browser/consent.ts).
 */
const CONSENT_MS = 2_500;

/**
 * Opens `url`, waits for the load event and answers a cookie/consent banner laid over the page ("reject"
 * or "necessary only" first; one that will not go is hidden): a banner would otherwise cover part of
 * every still, and of a sign-in form. The browser context keeps the answer, so later pages of the site
 * no longer ask. Throws NavigationError when the page does not open; a failure to answer (the page
 * went away under the call) leaves the page as it is.
 */
export async function openPage(page: Page, url: string): Promise<void> {
  await loadPage(page, url);
  const started = performance.now();
  const left = () => Math.max(0, CONSENT_MS - (performance.now() - started));
  let navigated = false;
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) navigated = true;
  };
  page.on("framenavigated", onNavigated);
  try {
    await dismissConsent(page, { left }, { overlaysOnly: true }).catch(() => undefined);
  } finally {
    page.off("framenavigated", onNavigated);
  }
  // Some consent tools reload the page once answered: the caller reads it only once it has loaded again.
  if (navigated) await page.waitForLoadState("load", { timeout: Math.max(1, left()) }).catch(() => undefined);
}

async function loadPage(page: Page, url: string): Promise<void> {
  let status: number | undefined;
  try {
    status = (await page.goto(url, { waitUntil: "load" }))?.status();
  } catch (err) {
    // After a failed (e.g. fenced) navigation Chromium commits its own error page, which can interrupt
    // the next navigation: that one is tried again once.
    if (!/interrupted by another navigation to "chrome-error:/.test(String(err)))
      throw new NavigationError(url, null, err);
    try {
      status = (await page.goto(url, { waitUntil: "load" }))?.status();
    } catch (again) {
      throw new NavigationError(url, null, again);
    }
  }
  if (status !== undefined && status >= 400) throw new NavigationError(url, status);
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The name with what an icon font adds around it in the accessible name: a glyph ("\uf1e6 Modules"),
 * a ligature word ("receipt_long Billing").
 */
const iconed = (name: string): RegExp =>
  new RegExp(`^[^\\p{L}\\p{N}]*(?:[a-z][a-z0-9_]*\\s+)?${escapeRegExp(name)}[^\\p{L}\\p{N}]*$`, "iu");

/**
 * The first visible element matching the target (by role and name, or its CSS selector): a hidden twin
 * earlier in the page does not count. The name is matched exactly, else with an icon's glyph or
 * ligature around it.
 */
async function visibleMatch(page: Page, target: BeatTarget): Promise<Locator> {
  const byCss = target.css ? page.locator(target.css) : undefined;
  // A selector alone names one element (an id, a dialog's opener by its target).
  if (!target.role) return target.css ? locate(page, { css: target.css }) : page.locator(":not(*)");
  const role = target.role as Parameters<Page["getByRole"]>[0];
  const { name } = target;
  const exact = page.getByRole(role, name === undefined ? {} : { name, exact: true });
  const shown = (byCss ? exact.or(byCss) : exact).filter({ visible: true }).first();
  if (name === undefined || (await shown.count()) > 0) return shown;
  return page
    .getByRole(role, { name: iconed(name) })
    .filter({ visible: true })
    .first();
}

/** How long a group opened on the way (a collapse, a dropdown) may take to show the target. */
const REVEAL_MS = 2_000;

/**
 * The beat's target when it is on the page and visible (the first visible match: a hidden twin earlier
 * in the page does not count), else null. A target behind a collapsed group or a dropdown (`via`) is
 * shown first: each control on the way is clicked while the target is still hidden.
 */
export async function findTarget(page: Page, target: PerformableBeat["target"]): Promise<Locator | null> {
  if (!target || (!target.role && !target.css)) return null;
  const shown = await visibleMatch(page, target);
  if ((await shown.count()) > 0) return shown;
  const via = target.via ?? [];
  for (const [i, step] of via.entries()) {
    const control = await visibleMatch(page, step);
    if ((await control.count()) === 0) return null;
    await control.click();
    // What this step opens (the next control on the way, else the target) shows once the group has
    // opened: a collapse animates, so it is looked for again until it does.
    const next: BeatTarget = via[i + 1] ?? target;
    const deadline = Date.now() + REVEAL_MS;
    while (Date.now() < deadline) {
      const revealed = await visibleMatch(page, next);
      if ((await revealed.count()) > 0) {
        if (next === target) return revealed;
        break;
      }
      await page.waitForTimeout(100);
    }
  }
  return null;
}

/** An open modal dialog or lightbox. */
const OPEN_DIALOG = '[aria-modal="true"], dialog[open], [role="dialog"].show, .modal.show';
const DISMISS = '[data-bs-dismiss], [data-dismiss], button[aria-label*="close" i], .btn-close, .close';

/**
 * Closes a dialog left open by the beat before (a portfolio item's modal): a dialog never holds more than
 * the beat that opened it. Escape first, then its close control; a dialog that stays is left as it is.
 */
export async function closeDialogs(page: Page): Promise<void> {
  const open = page.locator(OPEN_DIALOG).filter({ visible: true }).first();
  if ((await open.count()) === 0) return;
  await page.keyboard.press("Escape");
  if (
    await open.waitFor({ state: "hidden", timeout: REVEAL_MS }).then(
      () => true,
      () => false,
    )
  )
    return;
  const close = open.locator(DISMISS).filter({ visible: true }).first();
  if ((await close.count()) === 0) return;
  await close.click().catch(() => undefined);
  await open.waitFor({ state: "hidden", timeout: REVEAL_MS }).catch(() => undefined);
}

/**
 * After a click: a beat that ends on another document waits for the URL to leave the current one
 * (wherever it lands, so a changed site does not hang the run) and for that page's load event.
 */
export async function clickAndSettle(page: Page, locator: Locator, expectedUrl: string): Promise<void> {
  const from = page.url();
  await locator.click();
  if (!sameDocument(from, expectedUrl))
    await page.waitForURL((u) => !sameDocument(u.href, from), { waitUntil: "load" });
  else await page.waitForLoadState("load");
}

/** To the top of the screen (scrollIntoViewIfNeeded would leave a heading already peeking in). */
export async function scrollToTop(locator: Locator): Promise<void> {
  await locator.evaluate((el) =>
    (el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: "start", behavior: "instant" }),
  );
}

/**
 * Performs one beat in the page, as a render replays it. Returns false when its target is not on the
 * page. Navigations that fail throw NavigationError.
 */
export async function performBeat(page: Page, beat: PerformableBeat): Promise<boolean> {
  if (beat.action === "navigate") {
    await openPage(page, beat.url);
    return true;
  }
  await closeDialogs(page);
  const locator = await findTarget(page, beat.target);
  if (!locator) return false;
  switch (beat.action) {
    case "click":
      await clickAndSettle(page, locator, beat.url);
      return true;
    case "hover":
      await locator.hover();
      return true;
    case "scroll":
      await scrollToTop(locator);
      return true;
    case "type":
      await locator.fill(beat.value ?? "");
      return true;
  }
  return false;
}
