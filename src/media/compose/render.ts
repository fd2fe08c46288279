import { applyCornerMask, type CornerMask, type Layout } from "./background.js";
import { blendSprite, copyPlanes, createPlanes, mixPlanes, type Planes } from "./canvas.js";
import type { FrameSpec, Layer } from "./motion.js";
import { drawRegion } from "./resample.js";
import { type CursorSprites, cursorSprites, placeCursor, rippleSprite } from "./sprites.js";

/**
 * Frame specs → YUV pictures. The card content for a (still, camera) pair is cached, so a held shot is
 * resampled once, and a frame whose spec equals the previous one returns the very same buffer (the
 * writer re-sends it; nothing is drawn). Only zoom and scroll frames resample, always from the still.
 */

const CONTENT_CACHE = 4;

export class FrameRenderer {
  private readonly content = new Map<string, Planes>();
  private readonly spare: Planes[] = [];
  private readonly scratch: Planes;
  private readonly cursor: CursorSprites;
  private readonly rippleRadius: number;
  private lastKey = "";
  /** Frames drawn vs re-sent, for the report and tests. */
  drawn = 0;
  reused = 0;
  resampled = 0;

  constructor(
    private readonly layout: Layout,
    private readonly background: Planes,
    private readonly mask: CornerMask,
  ) {
    const { width, height } = layout.output;
    const short = Math.min(width, height);
    this.scratch = createPlanes(width, height);
    this.cursor = cursorSprites(Math.max(14, Math.round(short * 0.03)));
    this.rippleRadius = Math.max(10, Math.round(short * 0.035));
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
    drawRegion(out, this.layout.card, s.src, from);
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

  /** The picture for `spec`; `previous` is the last frame of the scene before (for a cut's crossfade). */
  render(spec: FrameSpec, previous: Planes | null): Planes {
    const cursor = this.toOutput(spec.cursor, spec.view);
    const ripple = spec.ripple ? { ...this.toOutput(spec.ripple.at, spec.view), t: spec.ripple.t } : null;
    const fade = previous ? spec.fromPrevious : 0;
    const key = [
      this.layerKey(spec.base),
      spec.over ? `${this.layerKey(spec.over)}~${spec.overAlpha.toFixed(3)}` : "",
      fade.toFixed(3),
      `${Math.round(cursor.x * 4)},${Math.round(cursor.y * 4)}`,
      ripple ? `${ripple.t.toFixed(3)}` : "",
    ].join("|");
    if (key === this.lastKey) {
      this.reused++;
      return this.scratch;
    }
    this.drawn++;
    const base = this.contentFor(spec.base);
    if (spec.over && spec.overAlpha > 0) {
      // `base` is now the most recently used entry, so producing `over` cannot evict it.
      mixPlanes(this.scratch, base, this.contentFor(spec.over), spec.overAlpha);
    } else copyPlanes(this.scratch, base);
    if (fade > 0 && previous) mixPlanes(this.scratch, this.scratch, previous, fade);
    if (ripple) {
      const r = rippleSprite(this.rippleRadius, ripple.t, ripple.x, ripple.y);
      blendSprite(this.scratch, r.sprite, r.x, r.y);
    }
    const c = placeCursor(this.cursor, cursor.x, cursor.y);
    blendSprite(this.scratch, c.sprite, c.x, c.y);
    this.lastKey = key;
    return this.scratch;
  }
}
