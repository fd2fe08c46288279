import type { Locator, Page } from "playwright-core";

/**
 * What a walkthrough step points at. The accessible role + name come first (they survive restyling);
 * `css` is the fallback. With both, whichever matches first wins. `exact` (default true) makes `name`
 * a whole, case-sensitive match rather than a substring.
 */
export interface Target {
  role?: string;
  name?: string;
  css?: string;
  exact?: boolean;
}

/** A rectangle in CSS px, relative to the viewport's top-left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface BrowserWindow {
  scrollBy(options: { left: number; top: number; behavior: "instant" }): void;
  scrollX: number;
  scrollY: number;
}

type AriaRole = Parameters<Page["getByRole"]>[0];

export function locate(page: Page, target: Target): Locator {
  const byCss = target.css ? page.locator(target.css) : undefined;
  if (target.role) {
    const byRole = page.getByRole(
      target.role as AriaRole,
      target.name === undefined ? {} : { name: target.name, exact: target.exact ?? true },
    );
    return (byCss ? byRole.or(byCss) : byRole).first();
  }
  if (byCss) return byCss.first();
  throw new TypeError("target needs a role or a css selector");
}

export async function click(page: Page, target: Target): Promise<void> {
  await locate(page, target).click();
}

/** Replaces the field's value (Playwright `fill`). */
export async function type(page: Page, target: Target, text: string): Promise<void> {
  await locate(page, target).fill(text);
}

export async function hover(page: Page, target: Target): Promise<void> {
  await locate(page, target).hover();
}

/** Scrolls the target into view (no-op when already visible). */
export async function scrollTo(page: Page, target: Target): Promise<void> {
  await locate(page, target).scrollIntoViewIfNeeded();
}

/** Scrolls the window by (dx, dy) CSS px, instantly; returns the new scroll position. */
export async function scrollBy(page: Page, dx: number, dy: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([x, y]) => {
      // Runs in the page (no DOM lib in this project's types).
      const w = globalThis as unknown as BrowserWindow;
      w.scrollBy({ left: x, top: y, behavior: "instant" });
      return { x: w.scrollX, y: w.scrollY };
    },
    [dx, dy] as const,
  );
}

/** Goes to `url` and waits for the load event. Returns the final URL (after redirects). */
export async function navigate(page: Page, url: string): Promise<string> {
  await page.goto(url, { waitUntil: "load" });
  return page.url();
}

/**
 * The target's box in CSS px relative to the viewport (multiply by deviceScaleFactor for screenshot
 * pixels), for cursor and zoom composition. Null when the element is not rendered.
 */
export async function boundingBox(page: Page, target: Target): Promise<Box | null> {
  const locator = locate(page, target);
  await locator.waitFor({ state: "attached" });
  return locator.boundingBox();
}
