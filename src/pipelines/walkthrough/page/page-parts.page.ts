import { accessibleName } from "../../../media/browser/page/accessible-name.page.js";

/** What the planner's page readers (plan-scan.page.ts, site-map-collect.page.ts) find alike on a page. */

/** The page's main content: its main landmark, else the body. */
export const mainOf = (): Element => document.querySelector("main, [role=main]") ?? document.body;

/** A heading starts below the first screen: scrolling shows it. */
export const belowFold = (h: Element): boolean => h.getBoundingClientRect().top > window.innerHeight * 0.8;

/** The role a beat's locator finds a link or a button by. */
export const controlRole = (el: Element): "link" | "button" => (el.tagName === "A" ? "link" : "button");

/**
 * A control's name: its accessible name (what the beat's getByRole locator matches), none when that says
 * nothing in words (a picture's placeholder alt "..."): a beat cannot be titled or narrated by it.
 */
export const controlName = (el: Element): string => {
  const name = accessibleName(el);
  return /[\p{L}\p{N}]/u.test(name) ? name : "";
};
