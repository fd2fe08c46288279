/**
 * What draw.ts passes the scene page script (page/scene-fit.page.ts) and what it answers. Types only:
 * both sides import this file, so it must stay free of Node and of the DOM.
 */

export interface SceneFitArg {
  /** Names the fonts `fontsCss` holds; the page keeps them while the key stays the same. */
  fontsKey: string;
  /** The @font-face rules, sent only when the page asked for them (`needFonts`). */
  fontsCss: string | null;
  /** The families and weights the page must have loaded before it measures ("700 cw-heading"). */
  faces: string[];
  css: string;
  /** The frame's markup (escaped by the templates; the layers drawn are a class on it). */
  html: string;
  /** Wait for the images to be decoded (a still); a measure draws none. */
  images: boolean;
  /** Font-size step, px. */
  step: number;
}

export interface FittedText {
  /** The element's `data-field` (headline, body, cta, quote, coverText). */
  field: string;
  size: number;
  min: number;
  lines: number;
  maxLines: number;
  /** Past its room at its final size: lines beyond maxLines (in px), a word past the width, or past the safe area. */
  overflowPx: number;
}

export interface SceneSprite {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export type SceneFitResult =
  | { state: "needShell" }
  | { state: "needFonts" }
  | { state: "fontsFailed"; faces: string[] }
  | { state: "drawn"; texts: FittedText[]; sprites: SceneSprite[] };
