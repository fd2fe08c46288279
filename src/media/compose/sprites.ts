import type { Sprite } from "./canvas.js";

/**
 * Overlays drawn in code: the arrow cursor (white with a dark outline and a soft shadow, anti-aliased
 * by 4×4 supersampling, pre-rendered at half-pixel phases so slow moves do not step) and the click
 * ripple (a ring that grows and fades).
 */

// The classic arrow, tip at (0, 0), in units of 1/20 of its height.
const ARROW: readonly [number, number][] = [
  [0, 0],
  [0, 16.5],
  [4, 12.8],
  [6.8, 19.2],
  [9.6, 18],
  [6.9, 11.8],
  [12, 11.8],
];

function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** Signed distance to the arrow (negative inside), in arrow units. */
function arrowDistance(x: number, y: number): number {
  let inside = false;
  let d = Number.POSITIVE_INFINITY;
  for (let i = 0, j = ARROW.length - 1; i < ARROW.length; j = i++) {
    const [xi, yi] = ARROW[i] as [number, number];
    const [xj, yj] = ARROW[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    d = Math.min(d, segmentDistance(x, y, xi, yi, xj, yj));
  }
  return inside ? -d : d;
}

export interface CursorSprites {
  /** The tip's offset inside each sprite (integer part; the phase adds the fraction). */
  pad: number;
  /** [phaseY × 2 + phaseX], phases in halves of a pixel. */
  variants: Sprite[];
}

function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const n = 2 * r + 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += src[y * w + Math.min(w - 1, Math.max(0, x + k))] as number;
      tmp[y * w + x] = s / n;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += tmp[Math.min(h - 1, Math.max(0, y + k)) * w + x] as number;
      out[y * w + x] = s / n;
    }
  }
  return out;
}

const cache = new Map<number, CursorSprites>();

/** Cursor sprites for an arrow `height` output pixels tall (built once per size and process). */
export function cursorSprites(height: number): CursorSprites {
  const hit = cache.get(height);
  if (hit) return hit;
  const built = buildCursor(height);
  cache.set(height, built);
  return built;
}

function buildCursor(height: number): CursorSprites {
  const unit = height / 20;
  const pad = Math.ceil(unit * 4) + 2;
  const size = Math.ceil(height) + 2 * pad;
  const outline = 1.3; // arrow units
  const variants: Sprite[] = [];
  for (let phase = 0; phase < 4; phase++) {
    const fx = (phase % 2) / 2;
    const fy = Math.floor(phase / 2) / 2;
    const outer = new Float32Array(size * size);
    const fill = new Float32Array(size * size);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        let o = 0;
        let f = 0;
        for (let s = 0; s < 16; s++) {
          const ax = (x + ((s % 4) + 0.5) / 4 - pad - fx) / unit;
          const ay = (y + (Math.floor(s / 4) + 0.5) / 4 - pad - fy) / unit;
          const d = arrowDistance(ax, ay);
          if (d < outline / 2) o++;
          if (d < -outline / 2) f++;
        }
        outer[y * size + x] = o / 16;
        fill[y * size + x] = f / 16;
      }
    }
    // The shadow: the outline shape, blurred, shifted down-right, at 35 % opacity.
    const shift = Math.max(1, Math.round(unit * 1.2));
    const blurred = boxBlur(
      boxBlur(outer, size, size, Math.max(1, Math.round(unit))),
      size,
      size,
      Math.max(1, Math.round(unit)),
    );
    const data = new Float32Array(size * size * 4);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const i = y * size + x;
        const sx = x - shift;
        const sy = y - shift;
        const shadow = sx >= 0 && sy >= 0 ? 0.35 * (blurred[sy * size + sx] as number) : 0;
        const a = outer[i] as number;
        const white = fill[i] as number;
        // Dark outline (a) over the shadow, white fill over that; premultiplied.
        const alpha = a + shadow * (1 - a);
        const c = 255 * white + 20 * (a - white);
        data[i * 4] = c;
        data[i * 4 + 1] = c;
        data[i * 4 + 2] = c;
        data[i * 4 + 3] = 255 * alpha;
      }
    }
    variants.push({ width: size, height: size, data });
  }
  return { pad, variants };
}

/** The sprite and top-left corner that put the cursor's tip at (x, y) output pixels. */
export function placeCursor(c: CursorSprites, x: number, y: number): { sprite: Sprite; x: number; y: number } {
  const qx = Math.round(x * 2);
  const qy = Math.round(y * 2);
  const ix = Math.floor(qx / 2);
  const iy = Math.floor(qy / 2);
  const sprite = c.variants[(qy - iy * 2) * 2 + (qx - ix * 2)] as Sprite;
  return { sprite, x: ix - c.pad, y: iy - c.pad };
}

/**
 * The click ripple at progress `t` (0–1): a ring growing from 0.3 to 1 × `maxRadius` while fading, over a
 * faint disc. Returned with its top-left corner for a centre at (cx, cy).
 */
export function rippleSprite(
  maxRadius: number,
  t: number,
  cx: number,
  cy: number,
): { sprite: Sprite; x: number; y: number } {
  const e = 1 - (1 - t) ** 3;
  const r = maxRadius * (0.3 + 0.7 * e);
  const thickness = Math.max(2, maxRadius * 0.12);
  const opacity = 0.85 * (1 - t);
  const x0 = Math.floor(cx - maxRadius - thickness - 1);
  const y0 = Math.floor(cy - maxRadius - thickness - 1);
  const size = Math.ceil(2 * (maxRadius + thickness + 2));
  const data = new Float32Array(size * size * 4);
  const [cr, cg, cb] = [59, 130, 246]; // an accent blue that reads on light and dark pages
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x0 + x + 0.5 - cx, y0 + y + 0.5 - cy);
      const ring = Math.min(1, Math.max(0, thickness / 2 - Math.abs(d - r) + 0.5));
      const disc = 0.22 * Math.min(1, Math.max(0, r - d + 0.5));
      const a = opacity * Math.max(ring, disc);
      const i = (y * size + x) * 4;
      data[i] = cr * a;
      data[i + 1] = cg * a;
      data[i + 2] = cb * a;
      data[i + 3] = 255 * a;
    }
  }
  return { sprite: { width: size, height: size, data }, x: x0, y: y0 };
}

/**
 * The touch indicator at progress `t` (0–1) after a tap: a soft translucent fingertip-sized disc (grey,
 * so it shows on light pages, with a light rim for dark ones) that appears at the tap, shrinks slightly
 * as if pressed and fades. Phone captures show this instead of the arrow: a phone has no cursor.
 */
export function touchSprite(
  radius: number,
  t: number,
  cx: number,
  cy: number,
): { sprite: Sprite; x: number; y: number } {
  const p = Math.min(1, Math.max(0, t));
  const r = radius * (1 - 0.12 * p);
  const opacity = 1 - p * p;
  const rim = Math.max(1.5, radius * 0.08);
  const x0 = Math.floor(cx - radius - 2);
  const y0 = Math.floor(cy - radius - 2);
  const size = Math.ceil(2 * radius + 4);
  const data = new Float32Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x0 + x + 0.5 - cx, y0 + y + 0.5 - cy);
      const inside = Math.min(1, Math.max(0, r - d + 0.5));
      const ring = Math.min(1, Math.max(0, rim / 2 - Math.abs(d - r + rim / 2) + 0.5));
      // A grey disc at 45 % with a white rim at 75 %, premultiplied.
      const discA = 0.45 * inside * (1 - ring);
      const ringA = 0.75 * ring;
      const a = opacity * (discA + ringA);
      const i = (y * size + x) * 4;
      const c = opacity * (110 * discA + 255 * ringA);
      data[i] = c;
      data[i + 1] = c;
      data[i + 2] = c;
      data[i + 3] = 255 * a;
    }
  }
  return { sprite: { width: size, height: size, data }, x: x0, y: y0 };
}
