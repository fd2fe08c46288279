import type { PageContent } from "./page-content.js";

/**
 * The site map: what a walkthrough can show, read off page snapshots (site-map-collect.ts takes them in
 * the browser). Navigation is taken wherever it is (landmarks, sidebars, lists of links, tabs,
 * breadcrumbs, same-page #anchors), same-origin only, one entry per document, never a link that
 * signs out or deletes.
 */

/** Where on the page a link sits, most navigational first. */
export const LINK_REGIONS = ["nav", "sidebar", "header", "tabs", "breadcrumb", "list", "main", "footer"] as const;
export type LinkRegion = (typeof LINK_REGIONS)[number];

export interface SnapshotLink {
  name: string;
  /** Absolute URL as the page resolved it (hash kept: `#id` links are section targets). */
  href: string;
  region: LinkRegion;
  /** Controls that show the link when it is hidden (a collapsed group, a dropdown), outermost first. */
  via?: SnapshotControl[];
}

/** A control a beat can act on: its role and accessible name, and a CSS selector when it has an id. */
export interface SnapshotControl {
  role: string;
  name: string;
  css: string | null;
}

/** What the collector reads off one page. */
export interface PageSnapshot {
  url: string;
  title: string;
  h1: string | null;
  links: SnapshotLink[];
  /** Elements same-page #links point at: their id and the heading that opens them. */
  sections: { id: string; heading: string | null }[];
  /** Visible h2/h3 texts. */
  headings: string[];
  /** Of those, the ones below the first screen: what scrolling the page shows. */
  belowFold: string[];
  /** Labels of metric cards ("Earnings (monthly)"). */
  metrics: string[];
  /** Accessible names of canvas/svg charts. */
  charts: string[];
  /** Tables (caption, label or the heading of their card) and the search box that filters them. */
  tables: { name: string; search: SnapshotControl | null }[];
  /** Every visible search box. */
  searches: SnapshotControl[];
  forms: { name: string; fields: (SnapshotControl & { type: string })[] }[];
  tabs: SnapshotControl[];
  /** Primary buttons and button-styled links. */
  buttons: SnapshotControl[];
  /** Controls that open a dialog (a modal, a lightbox), named by the control or the dialog's title. */
  dialogs?: { name: string; control: SnapshotControl; section: string | null }[];
  /** Sections and articles with their first heading and the template's own words for them (id, class). */
  parts?: { heading: string; words: string; top: number }[];
  /** What the page says, for the narration (page-content.ts); absent in hand-written snapshots. */
  content?: PageContent;
}

/** Links a walkthrough never follows: they end the session or destroy something. */
export const DESTRUCTIVE_LINK = /\b(log ?out|logout|sign ?out|signout|delete|remove|unsubscribe)\b/i;

/** The document a URL names: origin, path (trailing slash ignored) and query, no hash. */
export const documentOf = (url: string): string => {
  const u = new URL(url);
  return `${u.origin}${u.pathname.replace(/(.)\/$/, "$1")}${u.search}`;
};

export interface NavTarget {
  kind: "page";
  name: string;
  url: string;
  region: LinkRegion;
}

export interface SectionTarget {
  kind: "section";
  /** The link text that points at it ("Features"), else its heading. */
  name: string;
  /** The document the section is on. */
  url: string;
  id: string;
  heading: string | null;
}

export interface TabTarget {
  kind: "tab";
  name: string;
  url: string;
  control: SnapshotControl;
}

const rank = (r: LinkRegion) => LINK_REGIONS.indexOf(r);

/**
 * The navigation of one page: other documents of the same origin (one per document, best region first,
 * then page order) and its same-page sections (anchors whose element exists). Destructive links and
 * links without a name are left out.
 */
export function navigationOf(snapshot: PageSnapshot): { pages: NavTarget[]; sections: SectionTarget[] } {
  const here = new URL(snapshot.url);
  const doc = documentOf(snapshot.url);
  const byDoc = new Map<string, NavTarget>();
  const sections = new Map<string, SectionTarget>();
  const ids = new Map(snapshot.sections.map((s) => [s.id, s]));
  const ordered = snapshot.links
    .map((l, i) => ({ l, i }))
    .sort((a, b) => rank(a.l.region) - rank(b.l.region) || a.i - b.i);
  for (const { l } of ordered) {
    if (!l.name || DESTRUCTIVE_LINK.test(l.name)) continue;
    let u: URL;
    try {
      u = new URL(l.href, here);
    } catch {
      continue;
    }
    if (
      u.origin !== here.origin ||
      !/^https?:$/.test(u.protocol) ||
      DESTRUCTIVE_LINK.test(u.pathname.replace(/[-_/]/g, " "))
    )
      continue;
    const target = documentOf(u.href);
    if (target === doc) {
      const id = decodeURIComponent(u.hash.slice(1));
      const section = ids.get(id);
      if (!id || !section || sections.has(id)) continue;
      sections.set(id, { kind: "section", name: l.name, url: doc, id, heading: section.heading });
      continue;
    }
    if (!byDoc.has(target)) byDoc.set(target, { kind: "page", name: l.name, url: target, region: l.region });
  }
  return { pages: [...byDoc.values()], sections: [...sections.values()] };
}

/** One document of the site map, with every name a link gives it and its snapshot once explored. */
export interface MappedPage {
  url: string;
  /** Names of navigation links (nav, sidebar, header, tabs, breadcrumbs, lists) that lead here. */
  navNames: string[];
  /** Names of other links (in the content, the footer) that lead here. */
  otherNames: string[];
  snapshot: PageSnapshot | null;
  /** True for the page the walkthrough starts on. */
  start: boolean;
}

export interface SiteMap {
  pages: MappedPage[];
  sections: SectionTarget[];
  tabs: TabTarget[];
}

const NAV_REGIONS = new Set<LinkRegion>(["nav", "sidebar", "header", "tabs", "breadcrumb", "list"]);

/** The site map of the explored snapshots (the start page first). */
export function buildSiteMap(snapshots: PageSnapshot[]): SiteMap {
  const pages = new Map<string, MappedPage>();
  const page = (url: string): MappedPage => {
    const doc = documentOf(url);
    let p = pages.get(doc);
    if (!p) {
      p = { url: doc, navNames: [], otherNames: [], snapshot: null, start: false };
      pages.set(doc, p);
    }
    return p;
  };
  snapshots.forEach((s, i) => {
    const p = page(s.url);
    p.snapshot ??= s;
    if (i === 0) p.start = true;
  });
  const sections = new Map<string, SectionTarget>();
  const tabs: TabTarget[] = [];
  for (const s of snapshots) {
    const origin = new URL(s.url).origin;
    for (const l of s.links) {
      if (!l.name || DESTRUCTIVE_LINK.test(l.name)) continue;
      let u: URL;
      try {
        u = new URL(l.href, s.url);
      } catch {
        continue;
      }
      if (u.origin !== origin || DESTRUCTIVE_LINK.test(u.pathname.replace(/[-_/]/g, " "))) continue;
      // A same-page #link names a section (below), not the page it is on.
      if (u.hash.length > 1 && documentOf(u.href) === documentOf(s.url)) continue;
      const p = page(u.href);
      const names = NAV_REGIONS.has(l.region) ? p.navNames : p.otherNames;
      if (!names.includes(l.name)) names.push(l.name);
    }
    for (const section of navigationOf(s).sections) {
      const key = `${section.url}#${section.id}`;
      if (!sections.has(key)) sections.set(key, section);
    }
    const doc = documentOf(s.url);
    for (const control of s.tabs)
      if (!tabs.some((t) => t.url === doc && t.name === control.name))
        tabs.push({ kind: "tab", name: control.name, url: doc, control });
  }
  return { pages: [...pages.values()], sections: [...sections.values()], tabs };
}
