import type { Planes } from "../canvas.js";
import type { YuvaSprite } from "./yuva.js";

/**
 * A composition of layered scenes: each scene is a plate (the picture under everything) and sprites
 * that move over it with a closed set of motions — slide and fade in, a tall picture scrolled inside a
 * window, a clip played inside one — and scenes meet with a crossfade. Positions are output pixels;
 * times are frames from the scene's start.
 */

/** How a sprite arrives: it slides by (dx, dy) into place and/or fades in, eased out (fast, then settling). */
export interface Entrance {
  atFrame: number;
  frames: number;
  dx: number;
  dy: number;
  fade: boolean;
}

/** A region of the sprite (sprite pixels) in which another picture shows: a tall page scrolled, a clip played. */
export interface SpriteWindow {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A tall picture (the window's width) scrolled from `fromY` to `toY` (its rows), eased in and out. */
export interface WindowScroll {
  kind: "scroll";
  window: SpriteWindow;
  picture: Planes;
  fromY: number;
  toY: number;
  atFrame: number;
  frames: number;
}

/** A clip's pictures at the window's size, one per frame of the scene (held on its last past its end). */
export interface WindowClip {
  kind: "clip";
  window: SpriteWindow;
  /** The picture shown at scene frame `f` (called in increasing order). */
  pictureAt(frame: number): Planes;
  /** Changes of picture: frame → clip picture index; equal indexes are the same picture. */
  indexAt(frame: number): number;
}

export interface LayerSprite {
  /** What the layer is (a name for reports and tests: "headline", "visual"…). */
  name: string;
  sprite: YuvaSprite;
  /** Resting top-left corner, output pixels. */
  x: number;
  y: number;
  /** null: in place from the scene's first frame. */
  entrance: Entrance | null;
  inside?: WindowScroll | WindowClip;
}

export interface LayeredScene {
  frames: number;
  /** The scene's background, the output's size. */
  plate: Planes;
  /** Drawn in order: later ones on top. */
  sprites: LayerSprite[];
  /** Frames over which this scene's first picture fades in over the previous scene's last (0: a cut). */
  crossfadeFrames: number;
}
