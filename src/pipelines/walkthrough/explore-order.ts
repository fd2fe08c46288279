import { linkMatches } from "./intent-match.js";
import type { Intent } from "./intents.js";
import { navigationOf, type PageSnapshot } from "./site-map.js";

/** Pages explored besides the start page when the hint names more (each costs a page load). */
export const MAX_EXPLORED_PAGES = 6;

/**
 * Which of the start page's links to explore, in order: those an intent names first (in the asked
 * order), then the navigation (landmarks, sidebars, lists, tabs, breadcrumbs) up to `navLimit` pages.
 * Content and footer links are explored only when an intent names them. `skip` leaves out links the
 * planner never follows (signing in, the call to action explored on its own).
 */
export function pagesToExplore(
  start: PageSnapshot,
  intents: Intent[],
  navLimit: number,
  skip: (link: { name: string; url: string }) => boolean,
): { name: string; href: string }[] {
  const pages = navigationOf(start).pages.filter((p) => !skip(p));
  const named: typeof pages = [];
  for (const intent of intents) for (const p of pages) if (!named.includes(p) && linkMatches(intent, p)) named.push(p);
  const navigation = pages.filter((p) => !named.includes(p) && p.region !== "main" && p.region !== "footer");
  return [...named, ...navigation.slice(0, Math.max(0, navLimit - named.length))]
    .slice(0, Math.max(navLimit, Math.min(named.length, MAX_EXPLORED_PAGES)))
    .map((p) => ({ name: p.name, href: p.url }));
}
