import { MAX_BLOCKS } from "../../source/copy-types.js";
import type { ManifestClaim, ManifestCopyBlock, ManifestWarning } from "../../source/manifest.js";
import type { ScanDocument } from "../read/html-document.js";
import type { JsonLdFaq } from "../read/json-ld.js";
import { extractClaims } from "./claims.js";
import { type CopyBlock, extractCopyBlocks, mergeCopyBlocks } from "./copy-blocks.js";

/**
 * The copy blocks of every page (copy-blocks.ts) numbered into one list for the manifest (`copy-<n>`,
 * ≤ 300 per version, a block repeated on several pages — a footer call to action — kept once), and the
 * claims index over the merged list (claims.ts), so each claim points at a final id.
 */

export interface PageText {
  index: number;
  doc: ScanDocument;
  /** FAQ entries of the page's JSON-LD, already read with its metadata. */
  jsonLdFaqs: readonly JsonLdFaq[];
}

export interface CopyResult {
  blocks: ManifestCopyBlock[];
  claims: ManifestClaim[];
  warnings: ManifestWarning[];
  /** The start page's hero subhead. */
  tagline: string | null;
}

export function mapCopy(pages: readonly PageText[]): CopyResult {
  const perPage: CopyBlock[][] = [];
  const warnings: ManifestWarning[] = [];
  let tagline: string | null = null;
  for (const page of pages) {
    const found = extractCopyBlocks(page.doc, { page: page.index, jsonLdFaqs: page.jsonLdFaqs });
    if (found.truncated)
      warnings.push({
        code: "copy_truncated",
        page: page.index,
        message: "a block's text was cut at 1,000 characters",
      });
    if (found.placeholders > 0)
      warnings.push({
        code: "placeholder_copy",
        page: page.index,
        count: found.placeholders,
        message: `${found.placeholders} block(s) of template filler (lorem ipsum, stock labels) were left out`,
      });
    if (page.index === 0) tagline = found.tagline;
    perPage.push(found.blocks);
  }
  const { blocks, dropped } = mergeCopyBlocks(perPage);
  if (dropped > 0)
    warnings.push({ code: "copy_truncated", message: `${dropped} block(s) beyond the ${MAX_BLOCKS} a version keeps` });
  return { blocks, claims: extractClaims(blocks), warnings, tagline };
}
