import { AUTH_LINK, SIGN_IN_LINK } from "../../pipelines/browsing/auth-link.js";
import { siteNameFrom } from "../../pipelines/browsing/site-name.js";
import { attr, elementsIn, type Placed, parseHtml, textOf } from "./html-tree.js";

/** What the hint suggestions read off a start page's HTML (no browser: one GET, rules over the markup). */
export interface SiteOutline {
  siteName: string;
  navLinks: string[];
  cta: string | null;
  signIn: boolean;
  headings: string[];
}

/** Regions of the page the outline tells apart. */
const REGIONS = ["nav", "header", "footer", "main"];
const MAX_NAV_LABEL = 40;
const MAX_HEADINGS = 6;
/** A control styled as the page's call to action. */
const CTA_CLASS = /button|btn|cta|primary/i;

const within = (p: Placed, region: string) => p.inside.includes(region);

/** The navigation's link labels: same-origin pages other than this one, each once, sign-in links left out. */
function navLinks(elements: readonly Placed[], url: URL): string[] {
  const seen = new Set<string>();
  const labels: string[] = [];
  for (const p of elements) {
    if (p.el.tagName !== "a" || !(within(p, "nav") || within(p, "header"))) continue;
    const href = attr(p.el, "href");
    const label = textOf(p.el);
    if (!href || !label || AUTH_LINK.test(label) || label.length > MAX_NAV_LABEL) continue;
    let target: URL;
    try {
      target = new URL(href, url);
    } catch {
      continue;
    }
    if (target.origin !== url.origin || target.pathname === url.pathname || seen.has(target.pathname)) continue;
    seen.add(target.pathname);
    labels.push(label);
  }
  return labels;
}

export function readPage(html: string, url: URL): SiteOutline {
  const elements = elementsIn(parseHtml(html), REGIONS);
  const tagged = (tag: string) => elements.filter((p) => p.el.tagName === tag);
  const titleEl = tagged("title")[0]?.el;
  const title = titleEl ? textOf(titleEl) : "";
  // The part of the title that names the site, as the planner reads it (site-name.ts).
  const siteName = siteNameFrom({ url: url.href, title, text: tagged("h1").map((p) => textOf(p.el)) });

  // The page's own content: its <main>, or, without one, everything outside the navigation and footer.
  const hasMain = elements.some((p) => p.el.tagName === "main");
  const inMain = (p: Placed) =>
    hasMain ? within(p, "main") : !within(p, "nav") && !within(p, "header") && !within(p, "footer");

  const ctaEl = elements.find(
    (p) =>
      (p.el.tagName === "a" || p.el.tagName === "button") && inMain(p) && CTA_CLASS.test(attr(p.el, "class") ?? ""),
  );
  const cta = ctaEl ? textOf(ctaEl.el) || null : null;

  const signIn =
    elements.some((p) => p.el.tagName === "input" && (attr(p.el, "type") ?? "").trim().toLowerCase() === "password") ||
    tagged("a").some((p) => SIGN_IN_LINK.test(textOf(p.el)));
  const headings = tagged("h2")
    .filter(inMain)
    .map((p) => textOf(p.el))
    .filter(Boolean)
    .slice(0, MAX_HEADINGS);
  return { siteName, navLinks: navLinks(elements, url), cta, signIn, headings };
}
