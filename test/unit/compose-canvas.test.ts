import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cornerMask, layoutFor, renderBackground } from "../../src/media/compose/background.js";
import { blendSprite, createPlanes, fillRgb, type Planes, parseHex } from "../../src/media/compose/canvas.js";
import { drawRegion, mipSource } from "../../src/media/compose/resample.js";
import { cursorSprites, placeCursor } from "../../src/media/compose/sprites.js";
import { StillLoader } from "../../src/media/compose/stills.js";
import type { Backdrop } from "../../src/media/compose/types.js";

// The compositor's own terms (the catalogue's backgrounds map to these in domains/renders/render-options.ts).
const BACKDROPS: Record<string, Backdrop> = {
  none: { kind: "none" },
  white: { kind: "solid", color: "#FFFFFF" },
  ocean: { kind: "gradient", from: "#0EA5E9", to: "#6366F1", angleDegrees: 135 },
  sunset: { kind: "gradient", from: "#F97316", to: "#DB2777", angleDegrees: 135 },
};
const bg = (id: string): Backdrop => {
  const b = BACKDROPS[id];
  if (!b) throw new Error(id);
  return b;
};

function solid(width: number, height: number, rgba: [number, number, number, number]) {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set(rgba, i * 4);
  return { width, height, data };
}

const raw = (img: ReturnType<typeof solid>) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } });
const png = (img: ReturnType<typeof solid>) => raw(img).png().toBuffer();
/** An RGBA image as the compositor's YUV planes: a still as the StillLoader decodes and converts it. */
async function toPlanes(img: ReturnType<typeof solid>) {
  const viewport = { width: img.width, height: img.height, deviceScaleFactor: 1 };
  const still = await new StillLoader(viewport).load(await png(img));
  return still.src.levels[0] as Planes;
}

describe("YUV canvas", () => {
  it("converts colours to BT.709 limited range", async () => {
    const white = await toPlanes(solid(4, 4, [255, 255, 255, 255]));
    expect([white.y[0], white.u[0], white.v[0]]).toEqual([235, 128, 128]);
    const black = await toPlanes(solid(4, 4, [0, 0, 0, 255]));
    expect([black.y[0], black.u[0], black.v[0]]).toEqual([16, 128, 128]);
    // Transparent pixels show the white a page paints behind them.
    expect((await toPlanes(solid(2, 2, [0, 0, 0, 0]))).y[0]).toBe(235);
    const red = await toPlanes(solid(2, 2, [255, 0, 0, 255]));
    expect(red.y[0]).toBe(63);
    expect(red.v[0]).toBe(240);
  });

  it("pads odd sizes to even, and averages chroma over each 2×2 block", async () => {
    const p = await toPlanes(solid(5, 3, [10, 20, 30, 255]));
    expect([p.width, p.height, p.data.length]).toEqual([6, 4, 36]);
    expect([...p.y]).toEqual(new Array(24).fill(p.y[0]));
    const half = solid(2, 2, [255, 0, 0, 255]);
    half.data.set([0, 0, 255, 255, 0, 0, 255, 255], 8); // bottom row blue
    const mixed = await toPlanes(half);
    const red = await toPlanes(solid(2, 2, [255, 0, 0, 255]));
    const blue = await toPlanes(solid(2, 2, [0, 0, 255, 255]));
    const mean = (a: Uint8Array, b: Uint8Array) => ((a[0] as number) + (b[0] as number)) / 2;
    expect(Math.abs((mixed.u[0] as number) - mean(red.u, blue.u))).toBeLessThanOrEqual(1);
    expect(Math.abs((mixed.v[0] as number) - mean(red.v, blue.v))).toBeLessThanOrEqual(1);
  });

  it("blends a premultiplied sprite and clips at the edges", () => {
    const p = createPlanes(4, 4);
    fillRgb(p, 0, 0, 0);
    const white = { width: 2, height: 2, data: new Float32Array([...Array(4)].flatMap(() => [255, 255, 255, 255])) };
    blendSprite(p, white, 3, 3); // only the bottom-right pixel is inside
    expect(p.y[15]).toBe(235);
    expect(p.y[14]).toBe(16);
    blendSprite(p, white, -10, -10); // fully outside: no-op, no throw
    expect(p.y[0]).toBe(16);
  });

  it("copies a region 1:1 exactly and reads the full-resolution still when zoomed", async () => {
    const img = solid(8, 8, [0, 0, 0, 255]);
    for (let x = 0; x < 8; x++) img.data.set([x * 30, x * 30, x * 30, 255], (3 * 8 + x) * 4);
    const src = mipSource(await toPlanes(img));
    const dst = createPlanes(8, 8);
    drawRegion(dst, { x: 0, y: 0, width: 8, height: 8 }, src, { x: 0, y: 0, width: 8, height: 8 });
    expect([...dst.y]).toEqual([...(src.levels[0]?.y ?? [])]);
    // 2× zoom on the left half: row 3's ramp is interpolated, not stepped.
    const zoomed = createPlanes(8, 8);
    drawRegion(zoomed, { x: 0, y: 0, width: 8, height: 8 }, src, { x: 0, y: 0, width: 4, height: 8 });
    const row = [...zoomed.y.subarray(24, 32)];
    expect(new Set(row).size).toBeGreaterThan(4);
  });
});

describe("framing", () => {
  const desktop = { width: 1440, height: 900 };
  const phone = { width: 1170, height: 2532 };

  it("fits edge to edge without a background, keeping the aspect ratio", () => {
    const l = layoutFor({ width: 1920, height: 1080 }, desktop, bg("none"));
    expect(l.card.height).toBe(1080);
    expect(l.card.width / l.card.height).toBeCloseTo(1.6, 2);
    expect(l.card.x).toBe((1920 - l.card.width) / 2);
    expect(l.radius).toBe(0);
  });

  it("insets with a margin over a background, in every orientation", () => {
    for (const output of [
      { width: 1920, height: 1080 },
      { width: 1080, height: 1920 },
      { width: 1080, height: 1080 },
    ]) {
      const l = layoutFor(output, desktop, bg("ocean"));
      expect(l.card.x).toBeGreaterThan(0);
      expect(l.card.y).toBeGreaterThan(0);
      expect(l.card.x + l.card.width).toBeLessThan(output.width);
      expect(l.card.y + l.card.height).toBeLessThan(output.height);
      for (const v of [l.card.x, l.card.y, l.card.width, l.card.height]) expect(v % 2).toBe(0);
    }
  });

  it("shows a phone capture as a tall card in portrait and square", () => {
    for (const output of [
      { width: 1080, height: 1920 },
      { width: 1080, height: 1080 },
    ]) {
      const l = layoutFor(output, phone, bg("white"));
      expect(l.card.height).toBeGreaterThan(l.card.width * 2);
      expect(l.card.width / l.card.height).toBeCloseTo(1170 / 2532, 2);
    }
  });

  it("paints solid colours and gradients, and rounds the card's corners", () => {
    const l = layoutFor({ width: 320, height: 180 }, desktop, bg("sunset"));
    const p = renderBackground(l, bg("sunset"));
    const [r0, g0, b0] = parseHex("#F97316");
    // Top-left is the gradient's start colour (135°: top-left → bottom-right), bottom-right its end.
    const yStart = 16 + 0.1826 * r0 + 0.6142 * g0 + 0.062 * b0;
    expect(Math.abs((p.y[0] ?? 0) - yStart)).toBeLessThan(3);
    expect(p.y[0]).not.toBe(p.y[320 * 180 - 1]);
    const mask = cornerMask(l);
    expect(mask.luma.length).toBeGreaterThan(0);
    expect(mask.luma.every((m) => m.coverage >= 0 && m.coverage < 1)).toBe(true);
  });
});

describe("cursor sprite", () => {
  it("is opaque at the arrow's body, transparent far from it, with sub-pixel variants", () => {
    const c = cursorSprites(32);
    expect(c.variants).toHaveLength(4);
    const s = c.variants[0];
    if (!s) throw new Error("no sprite");
    const at = (x: number, y: number) => s.data[(y * s.width + x) * 4 + 3] ?? 0;
    expect(at(c.pad + 3, c.pad + 12)).toBeGreaterThan(250); // inside the arrow
    expect(at(s.width - 1, 0)).toBe(0); // far corner
    const placed = placeCursor(c, 100.5, 50.5);
    expect(placed.x).toBe(100 - c.pad);
    expect(placed.sprite).toBe(c.variants[3]);
  });
});

describe("stills", () => {
  it("are numbered by the composition's own loader in the order loads start, not a process-wide counter", async () => {
    const viewport = { width: 4, height: 4, deviceScaleFactor: 2 };
    const image = await png(solid(8, 8, [10, 20, 30, 255]));
    const first = new StillLoader(viewport);
    const second = new StillLoader(viewport);
    const [a, b] = await Promise.all([first.load(image), first.load(image)]);
    expect([a.id, b.id]).toEqual([1, 2]);
    expect((await second.load(image)).id).toBe(1);
    expect(await first.load(image)).toMatchObject({ id: 3, scale: 2, cssWidth: 4, cssHeight: 4 });
  });

  it("pastes a typing step's field crop over `before`, keeping the rest of the page", async () => {
    const loader = new StillLoader({ width: 8, height: 8, deviceScaleFactor: 1 });
    const before = await png(solid(8, 8, [0, 0, 0, 255]));
    const field = await png(solid(4, 2, [255, 255, 255, 255]));
    const step = await loader.loadStep(field, before, { x: 2, y: 4, width: 4, height: 2 });
    const y = step.src.levels[0]?.y as Uint8Array;
    expect([y[4 * 8 + 2], y[5 * 8 + 5]]).toEqual([235, 235]);
    expect([y[4 * 8 + 1], y[3 * 8 + 2], y[0]]).toEqual([16, 16, 16]);
    const whole = await png(solid(8, 8, [255, 255, 255, 255]));
    const full = await loader.loadStep(whole, before, { x: 0, y: 0, width: 1, height: 1 });
    expect(full.src.levels[0]?.y[0]).toBe(235);
  });
});
