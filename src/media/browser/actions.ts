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
