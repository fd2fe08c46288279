/** What the screenshot layout page script (page/shot-layout.page.ts) is asked and answers. */

/** A section's kind, by what it is named and what it holds; `other` for any other visible section. */
export const SECTION_KINDS = [
  "features",
  "testimonials",
  "pricing",
  "faq",
  "steps",
  "about",
  "team",
  "portfolio",
  "contact",
  "other",
] as const;
export type SectionKind = (typeof SECTION_KINDS)[number];

export type ShotLayoutArg =
  | { do: "layout"; minSectionCss: number; maxSections: number }
  /** Waits (≤ `maxMs`) for the first screen's images, background images and fonts to be drawn. */
  | { do: "settle"; maxMs: number }
  /** Fixed and sticky bars out of sight (`attribute` marks them), or back. */
  | { do: "hide-bars"; attribute: string }
  | { do: "show-bars"; attribute: string };

export interface ShotLayoutRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ShotLayout {
  width: number;
  height: number;
  docWidth: number;
  docHeight: number;
  /** Visible sections below the first screen, in document order. */
  sections: { kind: SectionKind; rect: ShotLayoutRect }[];
  /** Bars hidden or shown (hide-bars / show-bars). */
  bars: number;
}
