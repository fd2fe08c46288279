/**
 * What a page shows, read off it for the narration (narration-writer.ts): its title, headline and
 * tagline, its key-figure cards (label and value), each chart's title and kind, each table's subject,
 * columns, rows and search box, each form's fields, each h2 block's items (cards, plans with prices,
 * questions, quotes, look-alike entries), titled cards, and the panel behind each tab. Texts are what a
 * viewer sees (page/read-content.page.ts leaves out screen-reader copies and icon ligatures), as the page
 * wrote them. Paragraphs are kept for the planner's choices; the narration describes, it does not read
 * them out. Types only: page-content.ts and the page scripts both import this file.
 */

export interface ContentItem {
  title: string;
  text: string | null;
  kind: "card" | "plan" | "question" | "quote";
  /** Plans: the amount ("$29") and the whole price line ("$29 per agent / month"). */
  price: { amount: string; line: string } | null;
  badge: string | null;
  /** List entries inside the item (a plan's features). */
  points: string[];
  /** The item's own heading is a hover target (an h3/h4). */
  heading: boolean;
}

export interface ContentBlock {
  heading: string;
  /** Its top on the page, CSS px: blocks whose tops are close share a row. */
  top: number;
  text: string[];
  items: ContentItem[];
  /** Names of the charts inside the block. */
  charts: string[];
  /** How many items the block holds (items keeps the first twelve). */
  count?: number;
  /** The forms inside the block. */
  forms?: ContentForm[];
  /** Pictures it shows outside its items (a gallery of images with no captions). */
  pictures?: number;
}

export interface ContentForm {
  /** Its label or the title of the box around it. */
  heading: string | null;
  /** Each field's label (else its placeholder), in order. */
  fields: string[];
  /** What its button says. */
  submit: string | null;
}

export interface ContentChart {
  /** Its accessible name (aria-label), when it has one. */
  label: string | null;
  heading: string | null;
  /** The caption or footer under it. */
  note: string | null;
  css: string | null;
  /** What kind of chart its names and series give away ("area", "bar", "donut"); null when none do. */
  kind?: string | null;
}

export interface ContentTable {
  heading: string | null;
  css: string | null;
  columns: string[];
  /** Body rows, each as its cells' texts. */
  rows: string[][];
  /** All the rows, when a paging table says how many ("Showing 1 to 10 of 57 entries"). */
  total?: number | null;
  /** A search box filters it. */
  search?: boolean;
}

export interface PageContent {
  /** The document's title. */
  title?: string;
  /** The first visible h1. */
  headline?: string | null;
  /** A short line under the headline (14 words at most), in its hero block. */
  tagline?: string | null;
  lead: string[];
  figures: { label: string; value: string }[];
  /** The landmark around the metric cards (`section aria-label="Key figures"`): a hover target. */
  figuresRegion: string | null;
  charts: ContentChart[];
  tables: ContentTable[];
  blocks: ContentBlock[];
  tabs: { name: string; heading: string | null; text: string[] }[];
  /** Cards with a price, wherever they sit (a pricing page need not head them with an h2). */
  plans?: ContentItem[];
  forms?: ContentForm[];
  /** Titled cards that are no figure, chart, table or form, with how many list entries each shows. */
  panels?: { title: string; entries: number }[];
}
