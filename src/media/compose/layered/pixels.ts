import { createRequire } from "node:module";
import type { Planes } from "../canvas.js";
import { blendYuvaJs, cutSheetJs, drawInWindowJs, mixPlanesJs } from "./pixel-loops.js";
import type { SpriteWindow } from "./types.js";
import { emptyYuva, type YuvaSprite, yuvaFromRgbaJs } from "./yuva.js";

/**
 * The compositor's pixel loops: native (native/pixels.c, built by `npm ci` through node-gyp) when the
 * addon is there, else their TypeScript reference (pixel-loops.ts), which gives the same bytes 3–6× slower
 * (decision 0041). Chosen once, when the module loads.
 */
interface PixelLoops {
  blendYuva(dst: Planes, s: YuvaSprite, x0: number, y0: number, opacity: number): void;
  drawInWindow(
    dst: Planes,
    sprite: YuvaSprite,
    at: { x: number; y: number; opacity: number },
    win: SpriteWindow,
    src: Planes,
    fromRow: number,
  ): void;
  mixPlanes(dst: Planes, from: Planes, to: Planes, t: number): void;
  yuvaFromRgba(rgba: Uint8Array, width: number, height: number): YuvaSprite;
  cutSheet: typeof cutSheetJs;
}

interface Addon {
  blendYuva(dst: Planes, s: YuvaSprite, x0: number, y0: number, opacity: number): void;
  drawInWindow(
    dst: Planes,
    s: YuvaSprite,
    x: number,
    y: number,
    opacity: number,
    winX: number,
    winY: number,
    winWidth: number,
    winHeight: number,
    src: Planes,
    fromRow: number,
  ): void;
  mixPlanes(dst: Planes, from: Planes, to: Planes, t: number): void;
  fillYuva(rgba: Uint8Array, width: number, height: number, into: YuvaSprite): void;
  cutSheet: typeof cutSheetJs;
}

/** Where node-gyp puts the addon, from the repository's root. */
const ADDON = "../../../../build/Release/clipwright_pixels.node";

function loadAddon(): Addon | null {
  try {
    return createRequire(import.meta.url)(ADDON) as Addon;
  } catch {
    return null;
  }
}

const addon = loadAddon();

/** Which loops this process runs: "native", or "typescript" when the addon was not built. */
export const PIXEL_LOOPS: "native" | "typescript" = addon ? "native" : "typescript";

const loops: PixelLoops = addon
  ? {
      blendYuva: addon.blendYuva,
      drawInWindow: (dst, sprite, at, win, src, fromRow) =>
        addon.drawInWindow(dst, sprite, at.x, at.y, at.opacity, win.x, win.y, win.width, win.height, src, fromRow),
      mixPlanes: addon.mixPlanes,
      yuvaFromRgba: (rgba, width, height) => {
        const sprite = emptyYuva(width, height);
        addon.fillYuva(rgba, width, height, sprite);
        return sprite;
      },
      cutSheet: addon.cutSheet,
    }
  : {
      blendYuva: blendYuvaJs,
      drawInWindow: drawInWindowJs,
      mixPlanes: mixPlanesJs,
      yuvaFromRgba: yuvaFromRgbaJs,
      cutSheet: cutSheetJs,
    };

/**
 * Blends `s` into `dst` with its top-left corner at (x0, y0), both even (chroma stays aligned), at
 * `opacity` 0–256; clipped to the picture. Integer arithmetic only: the same inputs give the same bytes.
 */
export const blendYuva = loops.blendYuva;
/** Copies a window-wide picture's rows into the frame where the sprite's window sits, weighted by its alpha. */
export const drawInWindow = loops.drawInWindow;
/** `dst` = `from` mixed towards `to` by t (0–256), every plane: a crossfade's frame. */
export const mixPlanes = loops.mixPlanes;
/** Straight RGBA (as a PNG decodes) → a sprite in the encoder's colour space (yuva.ts says how). */
export const yuvaFromRgba = loops.yuvaFromRgba;
/** A sprite sheet's visible pixels shared out to the nearest box's region (pixel-loops.ts says how). */
export const cutSheet = loops.cutSheet;
