import { applyCornerMask, type CornerMask, type Layout } from "./background.js";
import { blendSprite, copyPlanes, createPlanes, type Planes, pastePlanes } from "./canvas.js";
import { drawFixedLayer } from "./fixed-layer.js";
import type { FrameSpec, Layer } from "./motion.js";
import { drawRegion, drawRows } from "./resample.js";
import { type CursorSprites, cursorSprites, placeCursor, rippleSprite, touchSprite } from "./sprites.js";
import type { FrameStyle } from "./types.js";

/**
 * Frame specs → YUV pictures. The card content for a (still, camera) pair is cached, so a held shot is
 * resampled once, and a frame whose spec equals the previous one returns the very same buffer (the
 * writer does not send it again; nothing is drawn). A whole-viewport view copies the still's fitted
 * picture (made natively when it was loaded); only zoom and scroll frames resample, always from the
 * full-resolution still.
 * The pointer is an arrow with a click ripple, or for touch captures only a touch indicator at each tap.
 */

const CONTENT_CACHE = 4;
/**
 * Pictures drawn into in turn: while the encoder still reads one (a write resolves only once its bytes
 * are in the pipe), the next frames are drawn into the others, so drawing and encoding overlap.
 */
export const FRAME_RING = 4;

export class FrameRenderer {
  private readonly content = new Map<string, Planes>();
  private readonly spare: Planes[] = [];
  private readonly ring: Planes[];
  private current = 0;
  private readonly cursor: CursorSprites;
  private readonly rippleRadius: number;
  private readonly touchRadius: number;
  private lastKey = "";
  /** Frames drawn vs re-sent, for the report and tests. */
  drawn = 0;
  reused = 0;
  resampled = 0;

  constructor(
    private readonly layout: Layout,
    private readonly background: Planes,
    private readonly mask: CornerMask,
    private readonly pointer: FrameStyle["pointer"] = "arrow",
  ) {
    const { width, height } = layout.output;
    const short = Math.min(width, height);
    this.ring = Array.from({ length: FRAME_RING }, () => createPlanes(width, height));
    this.cursor = cursorSprites(Math.max(14, Math.round(short * 0.03)));
    this.rippleRadius = Math.max(10, Math.round(short * 0.035));
    this.touchRadius = Math.max(10, Math.round(short * 0.04));
  }

  private layerKey(l: Layer): string {
    const c = l.cam;
    return `${l.still.id}@${c.x.toFixed(2)},${c.y.toFixed(2)},${c.width.toFixed(2)},${c.height.toFixed(2)}`;
  }

  private contentFor(layer: Layer): Planes {
    const key = this.layerKey(layer);
    const hit = this.content.get(key);
    if (hit) {
      this.content.delete(key); // re-insert: most recently used last
      this.content.set(key, hit);
      return hit;
    }
    if (this.content.size >= CONTENT_CACHE) {
      const [oldest, planes] = this.content.entries().next().value as [string, Planes];
      this.content.delete(oldest);
      this.spare.push(planes);
    }
    this.resampled++;
    const out = this.spare.pop() ?? createPlanes(this.layout.output.width, this.layout.output.height);
    copyPlanes(out, this.background);
    const s = layer.still;
    const from = {
      x: layer.cam.x * s.scale,
      y: layer.cam.y * s.scale,
      width: layer.cam.width * s.scale,
      height: layer.cam.height * s.scale,
    };
    const card = this.layout.card;
    const c = layer.cam;
    const whole =
      c.x === 0 && c.y === 0 && Math.abs(c.width - s.cssWidth) < 1e-6 && Math.abs(c.height - s.cssHeight) < 1e-6;
    // A scroll frame: the whole width, scaled as the card-wide strip was, so whole rows of it.
    const wide = s.cardWide;
    const rowsPerCss = wide ? wide.height / s.cssHeight : 0;
    const rows =
      wide?.width === card.width &&
      c.x === 0 &&
      Math.abs(c.width - s.cssWidth) < 1e-6 &&
      Math.abs(c.height * rowsPerCss - card.height) < 1;
    if (whole && s.fitted?.width === card.width && s.fitted.height === card.height)
      pastePlanes(out, s.fitted, card.x, card.y);
    else if (rows && wide) drawRows(out, card, wide, c.y * rowsPerCss);
    else drawRegion(out, card, s.src, from);
    applyCornerMask(out, this.background, this.mask);
    this.content.set(key, out);
    return out;
  }

  /** Output pixels of a point in viewport CSS px, given the part of the viewport shown. */
  private toOutput(p: { x: number; y: number }, view: FrameSpec["view"]): { x: number; y: number } {
    const card = this.layout.card;
    return {
      x: card.x + ((p.x - view.x) * card.width) / view.width,
      y: card.y + ((p.y - view.y) * card.height) / view.height,
    };
  }

  /** The buffer the next drawn frame goes into: the caller waits until the encoder is done with it. */
  nextBuffer(): Buffer {
    return (this.ring[(this.current + 1) % FRAME_RING] as Planes).data;
  }

  /** The picture for `spec`. */
  render(spec: FrameSpec): Planes {
    const cursor = this.toOutput(spec.cursor, spec.view);
    const ripple = spec.ripple ? { ...this.toOutput(spec.ripple.at, spec.view), t: spec.ripple.t } : null;
    const touch = this.pointer === "touch";
    const key = [
      this.layerKey(spec.base),
      spec.fixed ? `fixed${spec.fixed.id}` : "",
      touch ? "" : `${Math.round(cursor.x * 2)},${Math.round(cursor.y * 2)}`,
      ripple ? `${ripple.t.toFixed(3)}` : "",
    ].join("|");
    if (key === this.lastKey) {
      this.reused++;
      return this.ring[this.current] as Planes;
    }
    this.drawn++;
    this.current = (this.current + 1) % FRAME_RING;
    const out = this.ring[this.current] as Planes;
    copyPlanes(out, this.contentFor(spec.base));
    if (spec.fixed) {
      drawFixedLayer(out, spec.fixed, this.layout.card.x, this.layout.card.y);
      applyCornerMask(out, this.background, this.mask); // the layer is square; the card's corners are not
    }
    if (touch) {
      if (ripple) {
        const r = touchSprite(this.touchRadius, ripple.t, ripple.x, ripple.y);
        blendSprite(out, r.sprite, r.x, r.y);
      }
    } else {
      if (ripple) {
        const r = rippleSprite(this.rippleRadius, ripple.t, ripple.x, ripple.y);
        blendSprite(out, r.sprite, r.x, r.y);
      }
      const c = placeCursor(this.cursor, cursor.x, cursor.y);
      blendSprite(out, c.sprite, c.x, c.y);
    }
    this.lastKey = key;
    return out;
  }
}
