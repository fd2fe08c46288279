import { linkMatches } from "./intent-match.js";
import type { Intent } from "./intents.js";
import { navigationOf, type PageSnapshot } from "./site-map.js";

/** Pages explored besides the start page when the hint names more (each costs a page load). */
export const MAX_EXPLORED_PAGES = 6;

/**
 * Pages a tour shows only when nothing else is left (or when the hint names them): an error page (a
 * template's "401 Page", "404"), registering or recovering an account, a lock screen, a blank starter
 * page, a layout variant of the same app, a "coming soon" page.
 */
const LITTLE_TO_SHOW =
  /\b(40\d|50\d|errors?|not found|register|registration|sign ?up|forgot|reset|recover|lock ?screen|blank|layouts?|sidenav|coming soon|maintenance)\b/i;

/** A page a tour shows last (LITTLE_TO_SHOW), by its link's text and its URL's path. */
export const littleToShow = (name: string, url: string): boolean => LITTLE_TO_SHOW.test(`${name} ${pathWords(url)}`);

const pathWords = (url: string): string => {
  try {
    return new URL(url).pathname.replace(/[-_/.]+/g, " ");
  } catch {
    return "";
  }
};

/**
 * Which of the start page's links to explore, in order: those an intent names first (in the asked
 * order), then the navigation (landmarks, sidebars, lists, tabs, breadcrumbs) up to `navLimit` pages.
 * Content and footer links are explored only when an intent names them; pages with little to show go
 * after the others (LITTLE_TO_SHOW). `skip` leaves out links the
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
  // A stable sort: what the app does first, its error, account-recovery and layout demo pages after.
  const navigation = pages
    .filter((p) => !named.includes(p) && p.region !== "main" && p.region !== "footer")
    .map((p, i) => ({ p, i, last: littleToShow(p.name, p.url) }))
    .sort((a, b) => Number(a.last) - Number(b.last) || a.i - b.i)
    .map((x) => x.p);
  return [...named, ...navigation.slice(0, Math.max(0, navLimit - named.length))]
    .slice(0, Math.max(navLimit, Math.min(named.length, MAX_EXPLORED_PAGES)))
    .map((p) => ({ name: p.name, href: p.url }));
}
