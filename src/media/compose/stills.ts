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

/**
 * Loads the stills of one composition and numbers them: the frame renderer caches resampled regions by
 * a still's id, so ids must be unique among the stills it sees. Each composition makes its own loader.
 */
export class StillLoader {
  private nextId = 1;

  constructor(private readonly viewport: Viewport) {}

  fromRgba(img: RgbaImage): Still {
    const scale = img.width / this.viewport.width;
    return {
      id: this.nextId++,
      src: mipSource(rgbaToPlanes(img)),
      scale,
      cssWidth: this.viewport.width,
      cssHeight: img.height / scale,
    };
  }

  load(png: Buffer): Still {
    return this.fromRgba(decodePng(png));
  }

  /** A typing step: full viewport images as they are, field crops pasted over `before` at `target`. */
  loadStep(png: Buffer, before: RgbaImage, target: Box): Still {
    const step = decodePng(png);
    if (step.width === before.width && step.height === before.height) return this.fromRgba(step);
    const out = new Uint8Array(before.data);
    const k = before.width / this.viewport.width;
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
    return this.fromRgba({ width: before.width, height: before.height, data: out });
  }
}
