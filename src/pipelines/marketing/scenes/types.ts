import type { CampaignDocument, CampaignOrientation, CampaignScene } from "../campaign/document.js";
import type { SceneFonts } from "./fonts.js";

/**
 * What a scene is drawn from and what drawing it gives back. A scene is one page: a background plate
 * (the palette, nothing readable) under sprites (each text block, the logo, the visual, the progress
 * marks), every sprite with its box, so the export can draw the plate once and move the sprites.
 */

/** Which layers a draw shows: everything (a preview still), the plate alone, or the sprites on transparency. */
export type SceneLayers = "all" | "plate" | "sprites";

/** The copy fields a scene is measured on (the document's `cta` and `quote` are their `text`). */
export type OverflowField = "headline" | "body" | "cta" | "quote" | "coverText";

/** A field that does not fit its layout at the layout's minimum font size. */
export interface Overflow {
  sceneId: string;
  field: OverflowField;
  /** Lines the field takes at the minimum size. */
  lines: number;
  maxLines: number;
  /** How far the text runs past its room, px of the 1080p frame (past the last line, or a word past the width). */
  overflowPx: number;
}

/** An image the scene shows, already read from storage. */
export interface SceneImage {
  /** The file's bytes, or its path on this machine. */
  file: Buffer | string;
  contentType: string;
  /** Pixels of the image (a vector logo: its drawn size); only the ratio is used. */
  width: number;
  height: number;
}

export interface SceneSpec {
  scene: CampaignScene;
  /** The document's style; captions are drawn by the export, not here. */
  style: Pick<CampaignDocument["style"], "palette" | "fonts" | "logo">;
  orientation: CampaignOrientation;
  /** The story's cover text, on the scene that carries it (the first), else absent. */
  coverText?: string | null;
  /** Where the scene sits among the visible ones: progress marks, and a step's number. */
  position?: { index: number; total: number; ofKind: number };
  assets: {
    /** A screenshot or image visual's file; for footage its poster or a still (else the plate is drawn). */
    visual?: SceneImage | null;
    /** The style's logo (drawn unless hidden; the visual too when `visual.type` is "logo"). */
    logo?: SceneImage | null;
  };
  fonts: SceneFonts;
  /** Default "all". */
  layers?: SceneLayers;
}

/** A sprite's box in CSS px of the frame (1080p). */
export interface SpriteBox {
  /** `logo`, `visual`, `headline`, `body`, `cta`, `quote`, `author`, `coverText`, `figure`, `progress`. */
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ScenePreview {
  png: Buffer;
  overflow: Overflow[];
  sprites: SpriteBox[];
}
