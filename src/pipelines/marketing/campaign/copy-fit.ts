import type { CampaignDocument } from "./document.js";

/** A copy field that does not fit its scene's layout at the layout's minimum font size. */
export interface CopyOverflow {
  sceneId: string;
  field: "headline" | "body" | "cta" | "quote" | "coverText";
  /** Lines the field takes at the minimum size, and the most its layout holds. */
  lines: number;
  maxLines: number;
  /** How far the text runs past its room, px of the 1080p frame. */
  overflowPx: number;
}

/**
 * Measures a document's copy in the scene layouts (Chromium, the document's fonts): what a revision and
 * an edit check before they are stored. The composition root builds it on the process's browser pool.
 */
export interface CopyFit {
  /** Every field that overflows; `assets` are the source version's, whose shapes the layouts follow. */
  overflow(
    document: CampaignDocument,
    source: { assets: readonly { id: string; aspectRatio: number | null }[] },
  ): Promise<CopyOverflow[]>;
}
