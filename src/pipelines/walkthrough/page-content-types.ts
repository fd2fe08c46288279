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
  /** A short value under the title when the item has no sentence ("4923 Market Street, Orlando FL"). */
  detail?: string | null;
  /** It shows a picture of its own. */
  picture?: boolean;
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
  /** Its h2; empty for a section with none (its items and `section` still say what it holds). */
  heading: string;
  /** The id of the section it sits in, when that has one: a scroll to the section finds the block. */
  section?: string | null;
  /** A block with no heading: it starts below the first screen (a scroll shows it). */
  below?: boolean;
  /** The page's footer, read as a block of its titled columns. */
  landmark?: "footer";
  /** Its top on the page, CSS px: blocks whose tops are close share a row. */
  top: number;
  text: string[];
  items: ContentItem[];
  /** Names of the charts inside the block. */
  charts: string[];
  /** How many items the block holds (items keeps the first twelve). */
  count?: number;
  /** Look-alike entries with no title of their own (a feed's activities), when it has three or more. */
  entries?: number;
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
  /** The one key figure its card shows beside it ("Balance", "$187,13"). */
  figure?: { label: string; value: string };
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

/** A dialog (a modal, a lightbox) a visible control opens, read while it is still closed. */
export interface ContentDialog {
  /** The selector of its opener, as a click beat targets it. */
  opener: string;
  /** The dialog's own heading (template copy such as "Project Name" included: the writer judges it). */
  title: string | null;
  /** The caption of the card the opener sits in ("Threads"), else the opener's own text. */
  item: string | null;
  /** "Label: value" entries it lists ("Client: Threads"), four at most. */
  facts: { label: string; value: string }[];
  /** Pictures and videos inside it. */
  pictures: number;
  /** The id of the section its opener sits in (a block's `section`). */
  section: string | null;
  /** The form it holds (a feedback or sign-up dialog). */
  form?: ContentForm | null;
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
  /** Dialogs the page's controls open. */
  dialogs?: ContentDialog[];
}
