// What every dashboard browser test does to a page: axe then a screenshot, signing in, waiting for a
// page's title, reaching a control by keyboard, and the checks every visit must pass at its end.
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { screenshot, seriousViolations, type Visitor } from "./dashboard-browser.js";

/** The page passes axe (no serious or critical violation), then is photographed (the whole page by default). */
export async function check(
  page: Page,
  name: string,
  sample?: string,
  options?: { fullPage?: boolean },
): Promise<void> {
  expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
  await screenshot(page, name, sample, options);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name }).waitFor();

/** Presses Tab until `target` has the focus (at most `max` times): it is reachable by keyboard. */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`not reached by Tab: ${target}`);
}

export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase(),
      id: el?.id,
      text: el?.textContent?.trim(),
      type: el?.getAttribute("type"),
    };
  });

/** Every operation of the service's published document, as a method and a path pattern. */
export type Published = { method: string; path: RegExp }[];

export async function publishedOperations(base: string): Promise<Published> {
  const doc = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase(),
      path: new RegExp(`^/api/v1${path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
    })),
  );
}

/** What every visit must also hold: nothing refused by the policy, nothing sent elsewhere, only the API. */
export function expectCleanVisit(v: Visitor, published: Published): void {
  expect(v.errors, "console errors and policy refusals").toEqual([]);
  expect(v.leaving, "requests to other origins").toEqual([]);
  const unpublished = v.apiCalls.filter((call) => {
    const [method, path] = call.split(" ") as [string, string];
    return !published.some((op) => op.method === method && op.path.test(path));
  });
  expect(unpublished, "calls outside the published API").toEqual([]);
}
