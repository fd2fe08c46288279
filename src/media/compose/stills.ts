import { rgbaToPlanes } from "./canvas.js";
import { decodePng, type RgbaImage } from "./png.js";
import { type MipSource, mipSource } from "./resample.js";
import type { Box, Viewport } from "./types.js";

/**
 * Stills ready to sample: decoded once, converted to YUV once, with their scale to CSS px. A typing step
 * may be a whole viewport or just the field: a smaller image is pasted over `before` at the field's box.
 */

export interface Still {
  id: number;
  src: MipSource;
  /** Image pixels per CSS px. */
  scale: number;
  /** Size in CSS px. */
  cssWidth: number;
  cssHeight: number;
}

let nextId = 1;

export function stillFromRgba(img: RgbaImage, viewport: Viewport): Still {
  const scale = img.width / viewport.width;
  return {
    id: nextId++,
    src: mipSource(rgbaToPlanes(img)),
    scale,
    cssWidth: viewport.width,
    cssHeight: img.height / scale,
  };
}

export function loadStill(png: Buffer, viewport: Viewport): Still {
  return stillFromRgba(decodePng(png), viewport);
}

/** A typing step: full viewport images as they are, field crops pasted over `before` at `target`. */
export function loadStep(png: Buffer, before: RgbaImage, target: Box, viewport: Viewport): Still {
  const step = decodePng(png);
  if (step.width === before.width && step.height === before.height) return stillFromRgba(step, viewport);
  const out = new Uint8Array(before.data);
  const k = before.width / viewport.width;
  const x0 = Math.round(target.x * k);
  const y0 = Math.round(target.y * k);
  for (let y = 0; y < step.height; y++) {
    const dy = y0 + y;
    if (dy < 0 || dy >= before.height) continue;
    for (let x = 0; x < step.width; x++) {
      const dx = x0 + x;
      if (dx < 0 || dx >= before.width) continue;
      const s = (y * step.width + x) * 4;
      const d = (dy * before.width + dx) * 4;
      const a = (step.data[s + 3] as number) / 255;
      for (let c = 0; c < 3; c++)
        out[d + c] = (step.data[s + c] as number) * a + (out[d + c] as number) * (1 - a) + 0.5;
    }
  }
  return stillFromRgba({ width: before.width, height: before.height, data: out }, viewport);
}
