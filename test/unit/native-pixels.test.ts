import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPlanes, type Planes } from "../../src/media/compose/canvas.js";
import { blendYuvaJs, cutSheetJs, drawInWindowJs, mixPlanesJs } from "../../src/media/compose/layered/pixel-loops.js";
import {
  blendYuva,
  cutSheet,
  drawInWindow,
  mixPlanes,
  PIXEL_LOOPS,
  yuvaFromRgba,
} from "../../src/media/compose/layered/pixels.js";
import { yuvaFromRgbaJs } from "../../src/media/compose/layered/yuva.js";

// The native loops must give the TypeScript reference's bytes exactly: exports are byte-identical whichever
// a machine runs, and the reference stays the readable statement of the arithmetic.

/** A picture of noise from `seed` (deterministic). */
function noisy(width: number, height: number, seed: number): Planes {
  const p = createPlanes(width, height);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < p.data.length; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    p.data[i] = s & 0xff;
  }
  return p;
}

/** RGBA with soft edges, solid middles and holes: every branch of the blend (spans, opaque runs, zero alpha). */
function spriteRgba(width: number, height: number, seed: number): Uint8Array {
  const px = new Uint8Array(width * height * 4);
  let s = seed >>> 0 || 7;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
  for (let i = 0; i < width * height; i++) {
    const kind = next() % 4;
    px[i * 4] = next() & 0xff;
    px[i * 4 + 1] = next() & 0xff;
    px[i * 4 + 2] = next() & 0xff;
    px[i * 4 + 3] = kind === 0 ? 0 : kind === 1 ? next() & 0xff : 255;
  }
  // An opaque band and a transparent band, so rows have long runs of each.
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (x >= width / 4 && x < width / 2) px[(y * width + x) * 4 + 3] = 255;
      if (x >= (3 * width) / 4) px[(y * width + x) * 4 + 3] = 0;
    }
  return px;
}

const even = (v: number) => v - (v & 1);

describe.runIf(PIXEL_LOOPS === "native")("native pixel loops equal their TypeScript reference", () => {
  it("blendYuva, anywhere on or off the picture, at any opacity", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: -50, max: 60 }),
        fc.integer({ min: -50, max: 60 }),
        fc.oneof(fc.constant(256), fc.integer({ min: -10, max: 300 }), fc.double({ min: 0, max: 256, noNaN: true })),
        fc.integer(),
        (w, h, x, y, opacity, seed) => {
          const sprite = yuvaFromRgba(spriteRgba(w, h, seed), w, h);
          const a = noisy(48, 36, seed ^ 0x5a5a);
          const b = noisy(48, 36, seed ^ 0x5a5a);
          blendYuva(a, sprite, even(x), even(y), opacity);
          blendYuvaJs(b, sprite, even(x), even(y), opacity);
          expect(Buffer.compare(a.data, b.data)).toBe(0);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("drawInWindow, with the window partly off the picture and the picture scrolled", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: -30, max: 40 }),
        fc.integer({ min: -30, max: 40 }),
        fc.integer({ min: 0, max: 256 }),
        fc.integer({ min: -4, max: 30 }),
        fc.integer(),
        (half, x, y, opacity, fromRow, seed) => {
          const size = half * 2 + 8;
          const sprite = yuvaFromRgba(spriteRgba(size, size, seed), size, size);
          const win = { x: 4, y: 2, width: half * 2, height: half * 2 };
          const picture = noisy(win.width, win.height + 32, seed ^ 0x33);
          const at = { x: even(x), y: even(y), opacity };
          const a = noisy(40, 40, seed);
          const b = noisy(40, 40, seed);
          drawInWindow(a, sprite, at, win, picture, even(fromRow));
          drawInWindowJs(b, sprite, at, win, picture, even(fromRow));
          expect(Buffer.compare(a.data, b.data)).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("yuvaFromRgba, odd sizes included", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 33 }), fc.integer({ min: 1, max: 33 }), fc.integer(), (w, h, seed) => {
        const px = spriteRgba(w, h, seed);
        expect(yuvaFromRgba(px, w, h)).toEqual(yuvaFromRgbaJs(px, w, h));
      }),
      { numRuns: 300 },
    );
  });

  it("cutSheet: nearest box, ties to the first, the rest kept aside", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            x: fc.integer({ min: 0, max: 30 }),
            y: fc.integer({ min: 0, max: 30 }),
            width: fc.integer({ min: 1, max: 16 }),
            height: fc.integer({ min: 1, max: 16 }),
            margin: fc.integer({ min: 0, max: 6 }),
          }),
          { maxLength: 5 },
        ),
        fc.integer(),
        (list, seed) => {
          const W = 40;
          const H = 36;
          const sheet = spriteRgba(W, H, seed);
          const boxes = Int32Array.from(list.flatMap((b) => [b.x, b.y, b.width, b.height]));
          const regions = Int32Array.from(
            list.flatMap((b) => [
              Math.max(0, (b.x - b.margin) & ~1),
              Math.max(0, (b.y - b.margin) & ~1),
              Math.min(W, b.x + b.width + b.margin),
              Math.min(H, b.y + b.height + b.margin),
            ]),
          );
          const run = (cut: typeof cutSheetJs) => {
            const outs = list.map((_, i) => {
              const r = i * 4;
              const w = Math.max(0, (regions[r + 2] as number) - (regions[r] as number));
              const h = Math.max(0, (regions[r + 3] as number) - (regions[r + 1] as number));
              return new Uint8Array(w * h * 4);
            });
            const rest = new Uint8Array(W * H * 4);
            const restBox = Int32Array.of(W, H, 0, 0);
            cut(sheet, W, H, boxes, regions, outs, rest, restBox);
            return { outs, rest, restBox };
          };
          expect(run(cutSheet)).toEqual(run(cutSheetJs));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("mixPlanes at every step of a crossfade", () => {
    const from = noisy(34, 10, 1);
    const to = noisy(34, 10, 2);
    for (const t of [-3, 0, 1, 0.5, 77.5, 128, 255, 256, 400]) {
      const a = createPlanes(34, 10);
      const b = createPlanes(34, 10);
      mixPlanes(a, from, to, t);
      mixPlanesJs(b, from, to, t);
      expect(Buffer.compare(a.data, b.data)).toBe(0);
    }
  });
});

describe("the pixel loops in use", () => {
  it("are the native ones once npm ci has built the addon", () => {
    // setup.mjs builds it when missing; a machine without a compiler falls back, visibly, to TypeScript.
    expect(PIXEL_LOOPS).toBe("native");
  });
});
