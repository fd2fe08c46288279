import { LINK_REGIONS, type LinkRegion, type PageSnapshot, type SnapshotControl } from "./site-map-types.js";

export type { PageSnapshot, SnapshotControl } from "./site-map-types.js";

/**
 * The site map: what a walkthrough can show, read off page snapshots (site-map-collect.ts takes them in
 * the browser). Navigation is taken wherever it is (landmarks, sidebars, lists of links, tabs,
 * breadcrumbs, same-page #anchors), same-origin only, one entry per document, never a link that
 * signs out or deletes.
 */

/** Links a walkthrough never follows: they end the session or destroy something. */
export const DESTRUCTIVE_LINK = /\b(log ?out|logout|sign ?out|signout|delete|remove|unsubscribe)\b/i;

/**
 * A link to a file rather than a page (a portfolio's full-size picture, a PDF, a download): never a place
 * to show. Opened without the lightbox script that should catch it, it would put a bare image on screen.
 */
const FILE_PATH =
  /\.(jpe?g|png|gif|webp|avif|svg|bmp|ico|tiff?|mp4|webm|mov|m4v|mp3|wav|ogg|m4a|pdf|zip|gz|tgz|rar|7z|dmg|exe|msi|apk|docx?|xlsx?|pptx?|csv|json|xml|txt)$/i;
export const isFileLink = (u: URL): boolean => FILE_PATH.test(u.pathname);

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
      isFileLink(u) ||
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
      if (u.origin !== origin || isFileLink(u) || DESTRUCTIVE_LINK.test(u.pathname.replace(/[-_/]/g, " "))) continue;
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
