import { createPlanes, fillRgb, type Planes, parseHex, type Rect, rgbToYuv } from "./canvas.js";
import type { Backdrop } from "./types.js";

/**
 * Framing: where the capture sits in the output (the "card") and the backdrop around it. With
 * background `none` the capture is fitted edge to edge on black; otherwise it is inset with a margin,
 * rounded corners and a soft drop shadow over a solid colour or a two-stop linear gradient.
 *
 * Captions go in the backdrop when it has room for them (a caption band under the card), so they never
 * cover the page: the band is the margin left by the fit (a landscape page in a portrait frame), or, when
 * the card is inset, made by shrinking the card a little (at most by MAX_BAND_SHRINK). Otherwise there
 * is no band and the captions are placed over the card, clear of the scene's target.
 */

export interface Layout {
  output: { width: number; height: number };
  /** Where the capture is drawn; even coordinates and sizes (4:2:0 chroma alignment). */
  card: Rect;
  radius: number;
  inset: boolean;
  /** The strip of backdrop under the card that holds the captions, or null when they go over the card. */
  captionBand: Rect | null;
}

const even = (n: number): number => 2 * Math.round(n / 2);
/** How much smaller the card may become to make room for a caption band (a fraction of its scale). */
const MAX_BAND_SHRINK = 0.15;

function fitCard(
  output: { width: number; height: number },
  image: { width: number; height: number },
  area: Rect,
): Rect {
  const scale = Math.min(area.width / image.width, area.height / image.height);
  const width = Math.min(area.width - (area.width % 2), even(image.width * scale));
  const height = Math.min(area.height - (area.height % 2), even(image.height * scale));
  // Rounded down, so the card never reaches into the space left below it for captions.
  const x = 2 * Math.floor((area.x + (area.width - width) / 2) / 2);
  const y = 2 * Math.floor((area.y + (area.height - height) / 2) / 2);
  return { x: Math.min(x, output.width - width), y: Math.min(y, output.height - height), width, height };
}

/**
 * Fits an image of `image` aspect into the output, keeping the aspect ratio, centred; `bandHeight` is the
 * height a caption band needs (0: no captions).
 */
export function layoutFor(
  output: { width: number; height: number },
  image: { width: number; height: number },
  bg: Backdrop,
  bandHeight = 0,
): Layout {
  const inset = bg.kind !== "none";
  const short = Math.min(output.width, output.height);
  const margin = inset ? Math.round(short * 0.06) : 0;
  const radius = inset ? Math.max(4, Math.round(short * 0.014)) : 0;
  const area = { x: margin, y: margin, width: output.width - 2 * margin, height: output.height - 2 * margin };
  const card = fitCard(output, image, area);
  const below = (c: Rect): Rect => ({
    x: 0,
    y: c.y + c.height,
    width: output.width,
    height: output.height - c.y - c.height,
  });
  if (bandHeight <= 0) return { output, card, radius, inset, captionBand: null };
  if (output.height - card.y - card.height >= bandHeight)
    return { output, card, radius, inset, captionBand: below(card) };
  if (inset) {
    const raised = fitCard(output, image, { ...area, height: output.height - margin - bandHeight });
    if (raised.height >= card.height * (1 - MAX_BAND_SHRINK))
      return { output, card: raised, radius, inset, captionBand: below(raised) };
  }
  return { output, card, radius, inset, captionBand: null };
}

function gradientT(x: number, y: number, w: number, h: number, angle: number): number {
  // CSS convention: 0° points up (bottom → top), clockwise; the gradient line spans the box's corners.
  const rad = (angle * Math.PI) / 180;
  const dx = Math.sin(rad);
  const dy = -Math.cos(rad);
  const len = Math.abs(w * dx) + Math.abs(h * dy);
  return Math.min(1, Math.max(0, ((x - w / 2) * dx + (y - h / 2) * dy) / len + 0.5));
}

/** Distance from (x, y) to a rounded rectangle (negative inside). */
export function roundedRectDistance(x: number, y: number, r: Rect, radius: number): number {
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const qx = Math.abs(x - cx) - (r.width / 2 - radius);
  const qy = Math.abs(y - cy) - (r.height / 2 - radius);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - radius;
}

/** The backdrop with the card's shadow baked in (the card itself is drawn over it every frame). */
export function renderBackground(layout: Layout, bg: Backdrop): Planes {
  const { width: w, height: h } = layout.output;
  const p = createPlanes(w, h);
  if (bg.kind === "none") {
    fillRgb(p, 0, 0, 0);
    return p;
  }
  const c0 = parseHex(bg.kind === "solid" ? bg.color : bg.from);
  const c1 = bg.kind === "gradient" ? parseHex(bg.to) : c0;
  const angle = bg.kind === "gradient" ? bg.angleDegrees : 180;
  const short = Math.min(w, h);
  const blur = short * 0.03;
  const offsetY = short * 0.012;
  const card = layout.card;
  const shadowRect = { ...card, y: card.y + offsetY };
  // RGB per pixel (gradient, then shadow), converted to YUV; chroma from the top-left sample of each block.
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = c0 === c1 ? 0 : gradientT(x + 0.5, y + 0.5, w, h, angle);
      let r = c0[0] + (c1[0] - c0[0]) * t;
      let g = c0[1] + (c1[1] - c0[1]) * t;
      let b = c0[2] + (c1[2] - c0[2]) * t;
      const d = roundedRectDistance(x + 0.5, y + 0.5, shadowRect, layout.radius);
      if (d < blur * 2) {
        const k = 0.35 * Math.exp(-((Math.max(0, d + blur * 0.4) / blur) ** 2) * 1.6);
        r *= 1 - k;
        g *= 1 - k;
        b *= 1 - k;
      }
      // A little ordered dither keeps 8-bit gradients from banding after encoding.
      const dither = (((x * 7 + y * 13) & 7) - 3.5) / 8;
      const [yy, u, v] = rgbToYuv(r, g, b);
      p.y[y * w + x] = Math.min(235, Math.max(16, Math.round(yy + dither)));
      if ((x & 1) === 0 && (y & 1) === 0) {
        const ci = (y >> 1) * (w >> 1) + (x >> 1);
        p.u[ci] = Math.round(u);
        p.v[ci] = Math.round(v);
      }
    }
  }
  return p;
}

/** Pixels at the card's rounded corners with their coverage: the frame mixes card and backdrop there. */
export interface CornerMask {
  luma: { index: number; coverage: number }[];
  chroma: { index: number; coverage: number }[];
}

export function cornerMask(layout: Layout): CornerMask {
  const mask: CornerMask = { luma: [], chroma: [] };
  const { card, radius } = layout;
  if (radius <= 0) return mask;
  const w = layout.output.width;
  const collect = (scale: number, stride: number, into: { index: number; coverage: number }[]) => {
    const r = radius / scale;
    const c = { x: card.x / scale, y: card.y / scale, width: card.width / scale, height: card.height / scale };
    const span = Math.ceil(r) + 1;
    const xs = [...range(c.x, c.x + span), ...range(c.x + c.width - span, c.x + c.width)];
    const ys = [...range(c.y, c.y + span), ...range(c.y + c.height - span, c.y + c.height)];
    for (const y of ys) {
      for (const x of xs) {
        const d = roundedRectDistance(x + 0.5, y + 0.5, c, r);
        const coverage = Math.min(1, Math.max(0, 0.5 - d));
        if (coverage < 1) into.push({ index: y * stride + x, coverage });
      }
    }
  };
  collect(1, w, mask.luma);
  collect(2, w / 2, mask.chroma);
  return mask;
}

function* range(from: number, to: number): Generator<number> {
  for (let i = Math.floor(from); i < Math.ceil(to); i++) yield i;
}

/** Restores the backdrop outside the rounded corners (with anti-aliased edges). */
export function applyCornerMask(frame: Planes, background: Planes, mask: CornerMask): void {
  for (const { index, coverage } of mask.luma) {
    frame.y[index] = (frame.y[index] as number) * coverage + (background.y[index] as number) * (1 - coverage) + 0.5;
  }
  for (const { index, coverage } of mask.chroma) {
    frame.u[index] = (frame.u[index] as number) * coverage + (background.u[index] as number) * (1 - coverage) + 0.5;
    frame.v[index] = (frame.v[index] as number) * coverage + (background.v[index] as number) * (1 - coverage) + 0.5;
  }
}
