import type { Page } from "playwright-core";
import { pageScript, runPageScript } from "../../media/browser/page-script.js";
import { DeadlineError } from "../../media/browser/within.js";
import type { ContentBlock, PageContent } from "./page-content-types.js";

export type {
  ContentBlock,
  ContentChart,
  ContentDialog,
  ContentForm,
  ContentItem,
  ContentTable,
  PageContent,
} from "./page-content-types.js";

/**
 * The heading a block with no h2 of its own is shown by (a scroll to it, a hover on it): its first titled
 * card's, such as a footer's "Location"; null for a block with a heading.
 */
export const headlessAnchor = (b: ContentBlock): string | null =>
  b.heading ? null : (b.items.find((i) => i.heading)?.title ?? null);

/** Reads what a page shows (page-content-types.ts), in an isolated world of the page. */
const READ_CONTENT = pageScript<null, PageContent>(new URL("./page/read-content.page.ts", import.meta.url));

/** Reading a page's content never holds the plan longer than this. */
const CONTENT_MS = 10_000;

const EMPTY: PageContent = { lead: [], figures: [], figuresRegion: null, charts: [], tables: [], blocks: [], tabs: [] };

/** The page's content; a page whose scripts stall the read gives none (its beats keep their plain lines). */
export async function collectContent(page: Page): Promise<PageContent> {
  try {
    return await runPageScript(page, READ_CONTENT, null, { timeoutMs: CONTENT_MS });
  } catch (err) {
    if (err instanceof DeadlineError) return EMPTY;
    throw err;
  }
}
