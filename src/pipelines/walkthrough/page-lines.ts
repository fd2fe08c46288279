import { AUTH_LINK } from "../browsing/auth-link.js";
import { chartTitle, tableSubject } from "./content-lines.js";
import { littleToShow } from "./explore-order.js";
import { count, inline, listOf, quote } from "./line-text.js";
import type { PageContent } from "./page-content.js";
import { DESTRUCTIVE_LINK, documentOf, type PageSnapshot } from "./site-map.js";
import type { SnapshotLink } from "./site-map-types.js";
import { sayable, shortQuote } from "./spoken-names.js";
import type { Variety } from "./variety.js";

/**
 * What a presenter says of a whole page (beat-lines.ts puts it in a start or arrival beat): its headline
 * and tagline, what it holds (charts, tables, forms, tabs), its titled cards, where its menu leads or, on
 * a one-page site, the headings further down.
 */

/** A headline worth saying: words, not a reading such as "28°C". */
export const headlineOf = (page: PageSnapshot | null | undefined): string | null => {
  const h1 = sayable(page?.h1);
  return h1 && /\p{L}{3}/u.test(h1) ? h1 : null;
};

/** "The dashboard": the page by its headline, else by its title's first part ("Dashboard - Analytics | Sneat"). */
export function pageWord(page: PageSnapshot | null, fallback: string, site = ""): string {
  const h1 = headlineOf(page);
  if (h1 && h1.split(" ").length <= 3) return `The ${inline(h1)}`;
  const part = sayable((page?.content?.title ?? page?.title ?? "").split(/\s[-|–—·:]\s/)[0]);
  const named = part && part.split(" ").length <= 2 && !site.toLowerCase().includes(part.toLowerCase());
  return named ? `The ${inline(part)}` : fallback;
}

/** Titled cards that no section names as its items (a section's beat names those). */
export const loosePanels = (c: PageContent | undefined): { title: string; entries: number }[] => {
  const items = new Set((c?.blocks ?? []).flatMap((b) => b.items.map((i) => i.title)));
  return (c?.panels ?? []).filter((p) => !items.has(p.title));
};

/** Where a one-page site goes on to, by its h2 headings (short ones), when no menu names its sections. */
export function aheadSentence(c: PageContent | undefined, v: Variety): string | null {
  const headings = (c?.blocks ?? [])
    .map((b) => sayable(b.heading))
    .filter((h): h is string => !!h && h.split(" ").length <= 6)
    .slice(0, 4);
  if (headings.length < 2) return null;
  return v.pick("ahead", [
    `Further down, it goes on to ${listOf(headings.map(quote))}.`,
    `Below, it covers ${listOf(headings.map(quote))}.`,
  ]);
}

/** "two charts, a table and a form": what the page holds besides its figures. */
export function pageSummary(c: PageContent | undefined): string | null {
  if (!c) return null;
  const parts: string[] = [];
  const charts = c.charts.length;
  if (charts > 0) {
    const named = c.charts.map(chartTitle).filter((t): t is string => !!t);
    // Untitled charts by their kinds ("area, bar and pie"), when every one's kind is known.
    const kinds = [...new Set(c.charts.map((x) => x.kind ?? ""))];
    const byKind = !kinds.includes("") && kinds.length >= 2 && kinds.length === charts ? listOf(kinds) : null;
    parts.push(
      charts === 1
        ? `a chart${named[0] ? ` of ${named[0]}` : ""}`
        : named.length >= 2 && named.length <= 4
          ? `${count(charts)} charts (${listOf([...new Set(named)])})`
          : byKind
            ? `${count(charts)} charts (${byKind})`
            : `${count(charts)} charts`,
    );
  }
  const tables = c.tables.length;
  if (tables === 1 && c.tables[0]) {
    const s = tableSubject(c.tables[0]);
    parts.push(s ? `a table of ${s}` : "a table");
  } else if (tables > 1) parts.push(`${count(tables)} tables`);
  const forms = c.forms?.length ?? 0;
  if (forms === 1) parts.push("a form");
  else if (forms > 1) parts.push(`${count(forms)} forms`);
  if (c.tabs.length >= 2) parts.push(`${count(c.tabs.length)} tabs`);
  // A feed or a list of untitled entries ("September 2018" over eight activities).
  const list = c.blocks.find((b) => (b.entries ?? 0) >= 3);
  if (list && parts.length < 3) {
    const under = sayable(list.heading);
    parts.push(`a list of ${count(list.entries ?? 0)} entries${under ? ` under ${quote(under)}` : ""}`);
  }
  return parts.length > 0 ? listOf(parts) : null;
}

/** Where the page's navigation leads ("Dashboard, Charts and Tables"), its first five places. */
export function navSentence(page: PageSnapshot | null, site: string, v: Variety): string | null {
  // The brand link names the site, not a place in it.
  const brand = `${page?.title ?? ""} ${site}`.toLowerCase();
  const here = page ? documentOf(page.url) : "";
  const docOf = (href: string) => {
    try {
      return documentOf(href);
    } catch {
      return "";
    }
  };
  // Places, not furniture: no link back to this page (the brand), none behind an account menu, no signing
  // in or out; what the app does first, its collapsed groups after, pages with little to show last.
  const rank = (l: SnapshotLink) => (l.via ? 1 : 0) + (littleToShow(l.name, l.href) ? 2 : 0);
  const names = (page?.links ?? [])
    .filter((l) => l.region === "sidebar" || (l.region === "nav" && !l.via))
    .filter((l) => !AUTH_LINK.test(l.name) && !DESTRUCTIVE_LINK.test(l.name) && docOf(l.href) !== here)
    .map((l, i) => ({ l, i }))
    .sort((a, b) => rank(a.l) - rank(b.l) || a.i - b.i)
    .map(({ l }) => sayable(l.name))
    .filter((n): n is string => !!n && n.split(" ").length <= 4 && !brand.includes(n.toLowerCase()));
  const unique = [...new Set(names)].slice(0, 5);
  if (unique.length < 3) return null;
  return v.pick("nav", [`The menu leads to ${listOf(unique)}.`, `From the menu you can reach ${listOf(unique)}.`]);
}

export function taglineSentence(c: PageContent | undefined, v: Variety): string | null {
  const t = shortQuote(c?.tagline);
  return t ? v.pick("tagline", [`Its tagline reads ${quote(t)}.`, `Under the headline: ${quote(t)}.`]) : null;
}
