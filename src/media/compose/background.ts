import { createPlanes, fillRgb, type Planes, parseHex, type Rect, rgbToYuv } from "./canvas.js";
import type { Backdrop } from "./types.js";

/**
 * Framing: where the capture sits in the output (the "card") and the backdrop around it. With
 * background `none` the capture is fitted edge to edge on black; otherwise it is inset with a margin,
 * rounded corners and a soft drop shadow over a solid colour or a two-stop linear gradient.
 */

export interface Layout {
  output: { width: number; height: number };
  /** Where the capture is drawn; even coordinates and sizes (4:2:0 chroma alignment). */
  card: Rect;
  radius: number;
  inset: boolean;
}

const even = (n: number): number => 2 * Math.round(n / 2);

/** Fits an image of `image` aspect into the output, keeping the aspect ratio, centred. */
export function layoutFor(
  output: { width: number; height: number },
  image: { width: number; height: number },
  bg: Backdrop,
): Layout {
  const inset = bg.kind !== "none";
  const short = Math.min(output.width, output.height);
  const margin = inset ? Math.round(short * 0.06) : 0;
  const availW = output.width - 2 * margin;
  const availH = output.height - 2 * margin;
  const scale = Math.min(availW / image.width, availH / image.height);
  const width = Math.min(availW - (availW % 2), even(image.width * scale));
  const height = Math.min(availH - (availH % 2), even(image.height * scale));
  const card = { x: even((output.width - width) / 2), y: even((output.height - height) / 2), width, height };
  return { output, card, radius: inset ? Math.max(4, Math.round(short * 0.014)) : 0, inset };
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
