import type { PageContent } from "./page-content-types.js";

/**
 * What the site-map collector (site-map-collect.ts, in the page: page/site-map-collect.page.ts) reads off
 * a page, for the site map (site-map.ts). Types (and the order of link regions) only: both sides import
 * this file, so it must stay free of Node and of the DOM.
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

/** What the collector reads (page/site-map-collect.page.ts): all of a snapshot but the content. */
export type CollectedSnapshot = Omit<PageSnapshot, "content">;

/** The collector's argument: links of a page looked at, and kept, at most. */
export interface CollectLimits {
  considered: number;
  kept: number;
}
