import { copyPlanes, createPlanes, type Planes } from "../canvas.js";
import { blendYuva, drawInWindow, mixPlanes } from "./pixels.js";
import type { Entrance, LayeredScene, LayerSprite } from "./types.js";

/**
 * Layered scenes → pictures, one per frame. A frame whose every layer sits where it sat in the frame before
 * returns the very same buffer, so the encoder holds it instead of coding it again: a scene costs drawing
 * only while something moves. Pictures are drawn into a ring of buffers (the encoder may still be reading
 * the last few), like the walkthrough's FrameRenderer.
 */

const RING = 4;
/** The share of an entrance over which a fading sprite becomes opaque. */
const FADE_SHARE = 0.4;
const easeOut = (t: number): number => 1 - (1 - t) ** 3;
const easeInOut = (t: number): number => (t < 0.5 ? 4 * t ** 3 : 1 - (-2 * t + 2) ** 3 / 2);
const clamp01 = (t: number): number => Math.min(1, Math.max(0, t));
const even = (v: number): number => Math.round(v / 2) * 2;

interface Placed {
  x: number;
  y: number;
  opacity: number;
  /** The window's picture state: a scroll's row, a clip's picture index; -1 when none. */
  inner: number;
}

export function placeAt(layer: LayerSprite, frame: number): Placed {
  const e: Entrance | null = layer.entrance;
  let x = layer.x;
  let y = layer.y;
  let opacity = 256;
  if (e) {
    const t = e.frames <= 0 ? (frame >= e.atFrame ? 1 : 0) : clamp01((frame - e.atFrame) / e.frames);
    const k = easeOut(t);
    x = layer.x + even(e.dx * (1 - k));
    y = layer.y + even(e.dy * (1 - k));
    // A fade is done in the motion's first part: the sprite then travels opaque (and is copied, not blended).
    opacity = e.fade ? Math.round(256 * Math.min(1, t / FADE_SHARE)) : t > 0 || frame >= e.atFrame ? 256 : 0;
  }
  let inner = -1;
  const w = layer.inside;
  if (w?.kind === "scroll") {
    const t = w.frames <= 0 ? 1 : clamp01((frame - w.atFrame) / w.frames);
    inner = even(w.fromY + (w.toY - w.fromY) * easeInOut(t));
  } else if (w?.kind === "clip") inner = w.indexAt(frame);
  return { x, y, opacity, inner };
}

export class LayeredPainter {
  private readonly ring: Planes[];
  private current = 0;
  /** The scene as drawn before a crossfade mixes it in. */
  private readonly base: Planes;
  /** The previous scene's last picture: what a crossfade starts from. */
  private readonly previous: Planes;
  private hasPrevious = false;
  private lastKey = "";
  private lastPicture: Planes | null = null;
  /** The plate with the sprites at rest drawn on it, for the scene and set of sprites it was made for. */
  private readonly rested: Planes;
  private restedScene: LayeredScene | null = null;
  private restedKey = "";
  /** Pictures drawn and frames that reused the one before (for the quality report and tests). */
  drawn = 0;
  reused = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.ring = Array.from({ length: RING }, () => createPlanes(width, height));
    this.base = createPlanes(width, height);
    this.previous = createPlanes(width, height);
    this.rested = createPlanes(width, height);
  }

  /**
   * The plate with every sprite that has come to rest drawn on it, made again only when another sprite
   * settles: a frame then blends just the sprites still moving. Null when a moving sprite lies under one
   * at rest (drawing it later would put it on top), so the frame is drawn whole.
   */
  private restedBase(scene: LayeredScene, placed: readonly Placed[]): { base: Planes; moving: number[] } | null {
    const atRest = scene.sprites.map((s, i) => {
      const p = placed[i] as Placed;
      return !s.inside && p.opacity === 256 && p.x === s.x && p.y === s.y;
    });
    const moving = scene.sprites.flatMap((_s, i) => (!atRest[i] && (placed[i] as Placed).opacity > 0 ? [i] : []));
    const overlaps = (i: number, j: number) => {
      const a = scene.sprites[i] as LayerSprite;
      const b = scene.sprites[j] as LayerSprite;
      const pa = placed[i] as Placed;
      return (
        pa.x < b.x + b.sprite.width &&
        b.x < pa.x + a.sprite.width &&
        pa.y < b.y + b.sprite.height &&
        b.y < pa.y + a.sprite.height
      );
    };
    for (const i of moving)
      for (let j = i + 1; j < scene.sprites.length; j++) if (atRest[j] && overlaps(i, j)) return null;
    const key = atRest.map((r) => (r ? 1 : 0)).join("");
    if (this.restedScene !== scene || this.restedKey !== key) {
      copyPlanes(this.rested, scene.plate);
      for (const [i, layer] of scene.sprites.entries())
        if (atRest[i]) blendYuva(this.rested, layer.sprite, layer.x, layer.y, 256);
      this.restedScene = scene;
      this.restedKey = key;
    }
    return { base: this.rested, moving };
  }

  /** The buffer the next drawn picture goes into: the caller waits until the encoder is done with it. */
  nextBuffer(): Buffer {
    return (this.ring[(this.current + 1) % RING] as Planes).data;
  }

  /** Call when a scene ends: its last picture is what the next scene's crossfade starts from. */
  endScene(): void {
    if (!this.lastPicture) return;
    copyPlanes(this.previous, this.lastPicture);
    this.hasPrevious = true;
    this.lastKey = "";
  }

  render(scene: LayeredScene, frame: number): Planes {
    const placed = scene.sprites.map((s) => placeAt(s, frame));
    const fading = this.hasPrevious && frame < scene.crossfadeFrames;
    const mix = fading ? Math.round((256 * (frame + 1)) / (scene.crossfadeFrames + 1)) : 256;
    const key = `${mix}|${placed.map((p) => `${p.x},${p.y},${p.opacity},${p.inner}`).join(";")}`;
    if (key === this.lastKey && this.lastPicture) {
      this.reused++;
      return this.lastPicture;
    }
    this.drawn++;
    this.current = (this.current + 1) % RING;
    const out = this.ring[this.current] as Planes;
    const target = fading ? this.base : out;
    const rested = this.restedBase(scene, placed);
    copyPlanes(target, rested?.base ?? scene.plate);
    const drawing = rested?.moving ?? scene.sprites.map((_, i) => i);
    for (const i of drawing) {
      const layer = scene.sprites[i] as LayerSprite;
      const at = placed[i] as Placed;
      if (at.opacity <= 0) continue;
      blendYuva(target, layer.sprite, at.x, at.y, at.opacity);
      const inside = layer.inside;
      if (inside?.kind === "scroll") drawInWindow(target, layer.sprite, at, inside.window, inside.picture, at.inner);
      else if (inside?.kind === "clip")
        drawInWindow(target, layer.sprite, at, inside.window, inside.pictureAt(frame), 0);
    }
    if (fading) mixPlanes(out, this.previous, this.base, mix);
    this.lastKey = key;
    this.lastPicture = out;
    return out;
  }
}
