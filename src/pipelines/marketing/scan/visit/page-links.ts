import type { Page } from "playwright-core";
import { evaluateIsolated, isRecord, list, str } from "./in-page.js";
import type { LinkRegion, PageLink } from "./pages.js";

/**
 * The links a page shows in its header, nav, hero and footer, read in an isolated world (the page's
 * own scripts cannot change the answer's shape) and checked on the way out: pages.ts ranks them.
 */

const MAX_LINKS = 400;
const REGIONS = new Set<LinkRegion>(["header", "nav", "hero", "footer", "body"]);

interface LinkEl {
  getAttribute(name: string): string | null;
  textContent: string | null;
  closest(css: string): LinkEl | null;
  getBoundingClientRect(): { top: number; width: number; height: number };
}
interface LinkGlobals {
  innerHeight: number;
  scrollY: number;
  document: { querySelectorAll(css: string): ArrayLike<LinkEl> };
}

/** In the page (serialised into it): every link's href, text and region, in document order. */
function readLinks(arg: { max: number }): { href: string; text: string; region: string }[] {
  const g = globalThis as unknown as LinkGlobals;
  const out: { href: string; text: string; region: string }[] = [];
  // A catalogue page can hold tens of thousands of links: a few times the kept number is looked at.
  const anchors = g.document.querySelectorAll("a[href]");
  for (let i = 0; i < anchors.length && i < arg.max * 4; i++) {
    const a = anchors[i] as LinkEl;
    const href = (a.getAttribute("href") ?? "").slice(0, 2048);
    const text = (a.textContent || a.getAttribute("aria-label") || a.getAttribute("title") || "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 200);
    const r = a.getBoundingClientRect();
    let region = "body";
    if (a.closest("nav,[role=navigation]")) region = "nav";
    else if (a.closest("header,[role=banner]")) region = "header";
    else if (a.closest("footer,[role=contentinfo]")) region = "footer";
    // The hero: what shows on the first screen of the page.
    else if (r.width > 0 && r.height > 0 && r.top + g.scrollY < g.innerHeight) region = "hero";
    out.push({ href, text, region });
    if (out.length >= arg.max) break;
  }
  return out;
}

export async function pageLinks(page: Page, timeoutMs: number): Promise<PageLink[]> {
  const answer = await evaluateIsolated(page, readLinks.toString(), { max: MAX_LINKS }, timeoutMs);
  return list(answer, MAX_LINKS, (item) => {
    if (!isRecord(item)) return null;
    const href = str(item.href, 2048);
    const region = str(item.region, 10) as LinkRegion | null;
    if (!href || !region || !REGIONS.has(region)) return null;
    return { href, text: str(item.text, 200) ?? "", region };
  });
}
