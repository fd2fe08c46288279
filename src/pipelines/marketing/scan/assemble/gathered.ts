import type { ManifestWarning } from "../../source/manifest.js";
import type { LiveFindings } from "../brand/page-extract.js";
import type { PageRead } from "../visit/page-read.js";

/** What the browser phase of a scan hands to the Node-side extraction and the manifest (assemble.ts). */

/** One page as the browser left it: what was read, what the in-page extractors found. */
export interface GatheredPage {
  read: Omit<PageRead, "page" | "scriptErrors"> & { scriptErrors: number };
  live: LiveFindings;
}

export interface Gathered {
  pages: GatheredPage[];
  /** Pages skipped and the scan's deadline: warnings about the scan as a whole. */
  warnings: ManifestWarning[];
}
