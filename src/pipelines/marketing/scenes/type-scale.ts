import type { CampaignOrientation } from "../campaign/document.js";
import type { OverflowField } from "./types.js";

/**
 * The text roles of a scene and, per orientation, how large each is set: its preferred size, the
 * minimum the fit may step down to, and the lines it may take (px of the 1080p frame). Layouts start
 * from these and change what their composition needs. Every field at its cap (campaign/limits.ts) in
 * ordinary words fits at the minimum in every layout: test/integration/marketing-scenes.test.ts holds
 * them to it.
 */

export type TextRole = "headline" | "figure" | "body" | "cta" | "quote" | "author" | "coverText";

export interface FitRange {
  max: number;
  min: number;
  lines: number;
  /** Lines it would rather take, smaller (a button on one line); absent: `lines`. */
  prefer?: number;
}

export type TypeScale = Record<TextRole, FitRange>;

/** The document field each role measures (a figure is part of the headline, an author of the quote). */
export const FIELD_OF: Record<TextRole, OverflowField> = {
  headline: "headline",
  figure: "headline",
  body: "body",
  cta: "cta",
  quote: "quote",
  author: "quote",
  coverText: "coverText",
};

export const TYPE_SCALE: Record<CampaignOrientation, TypeScale> = {
  portrait: {
    headline: { max: 96, min: 60, lines: 4 },
    figure: { max: 220, min: 96, lines: 1 },
    body: { max: 42, min: 32, lines: 6 },
    cta: { max: 44, min: 32, lines: 2, prefer: 1 },
    quote: { max: 62, min: 42, lines: 8 },
    author: { max: 34, min: 28, lines: 2, prefer: 1 },
    coverText: { max: 40, min: 30, lines: 2, prefer: 1 },
  },
  square: {
    headline: { max: 80, min: 50, lines: 3 },
    figure: { max: 180, min: 80, lines: 1 },
    body: { max: 36, min: 28, lines: 4 },
    cta: { max: 38, min: 30, lines: 2, prefer: 1 },
    quote: { max: 52, min: 36, lines: 7 },
    author: { max: 30, min: 26, lines: 2, prefer: 1 },
    coverText: { max: 34, min: 26, lines: 2, prefer: 1 },
  },
  landscape: {
    headline: { max: 88, min: 56, lines: 4 },
    figure: { max: 200, min: 88, lines: 1 },
    body: { max: 38, min: 30, lines: 5 },
    cta: { max: 40, min: 30, lines: 2, prefer: 1 },
    quote: { max: 56, min: 38, lines: 6 },
    author: { max: 32, min: 26, lines: 2, prefer: 1 },
    coverText: { max: 36, min: 28, lines: 2, prefer: 1 },
  },
};
