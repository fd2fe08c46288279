import { readFileSync } from "node:fs";
import type { CampaignOrientation } from "../campaign/document.js";
import type { SceneContent } from "./content.js";
import type { LayoutContext } from "./parts.js";
import type { TypeScale } from "./type-scale.js";
import type { OverflowField } from "./types.js";

/** One scene kind's layout: its markup, its stylesheet (after the shared one) and where its type differs. */
export interface SceneLayout {
  /**
   * The copy it draws (the cover text: on whichever scene carries it). A field the document gives a kind
   * that does not draw it (a body on a quote) is not shown, so it cannot overflow either.
   */
  fields: readonly OverflowField[];
  css: string;
  /** Per orientation, the roles whose fit differs from the shared type scale. */
  scale?: Partial<Record<CampaignOrientation, Partial<TypeScale>>>;
  /** The layout sets the logo large itself, so the top bar leaves it out. */
  ownsLogo?: (content: SceneContent) => boolean;
  /** The stage's content: the copy and the visual's slot. */
  html(ctx: LayoutContext): string;
}

/** The layout.css beside a layout module, read once when it loads. */
export function layoutCss(moduleUrl: string): string {
  return readFileSync(new URL("./layout.css", moduleUrl), "utf8");
}
