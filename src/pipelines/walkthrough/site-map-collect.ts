import type { Page } from "playwright-core";
import { pageScript, runPageScript } from "../../media/browser/page-script.js";
import { collectContent } from "./page-content.js";
import type { CollectedSnapshot, CollectLimits, PageSnapshot } from "./site-map-types.js";

/**
 * Reads a PageSnapshot (site-map-types.ts) in an isolated world of the page: visible links with the
 * region they sit in, the elements same-page #links point at, and what the page shows (headings, metric
 * cards, charts, tables and their search boxes, forms, tabs, primary buttons), controls named by their
 * accessible name (page/site-map-collect.page.ts), then what the page says (page-content.ts).
 */
const COLLECT = pageScript<CollectLimits, CollectedSnapshot>(
  new URL("./page/site-map-collect.page.ts", import.meta.url),
);

/** Links of a page looked at, and kept, at most: a catalogue page can hold tens of thousands. */
const LINK_LIMITS: CollectLimits = { considered: 3_000, kept: 600 };

export async function collectSnapshot(page: Page): Promise<PageSnapshot> {
  const snapshot = await runPageScript(page, COLLECT, LINK_LIMITS);
  return { ...snapshot, content: await collectContent(page) };
}
