import { describe, expect, it } from "vitest";
import { createPlanes, type Planes } from "../../src/media/compose/canvas.js";
import { LayeredPainter } from "../../src/media/compose/layered/painter.js";
import { blendYuva, mixPlanes, yuvaFromRgba } from "../../src/media/compose/layered/pixels.js";
import type { LayeredScene } from "../../src/media/compose/layered/types.js";
import { capSpans, narrationStarts, sceneSpans } from "../../src/pipelines/marketing/export/timeline.js";

/** A picture of one flat grey. */
const flat = (w: number, h: number, y: number): Planes => {
  const p = createPlanes(w, h);
  p.y.fill(y);
  p.u.fill(128);
  p.v.fill(128);
  return p;
};

/** RGBA pixels of one colour and alpha. */
const rgba = (w: number, h: number, rgb: [number, number, number], alpha: number) => {
  const px = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) px.set([...rgb, alpha], i * 4);
  return px;
};

describe("layered compositor: pixels", () => {
  it("blends a sprite by its alpha, copies it where opaque, and leaves transparency alone", () => {
    const dst = flat(8, 8, 16);
    const white = yuvaFromRgba(rgba(4, 4, [255, 255, 255], 255), 4, 4);
    blendYuva(dst, white, 2, 2, 256);
    expect(dst.y[2 * 8 + 2]).toBe(235); // BT.709 limited-range white
    expect(dst.y[0]).toBe(16);
    const half = flat(8, 8, 16);
    blendYuva(half, white, 2, 2, 128);
    // Half way from 16 to 235, by the integer rule dst + ((src − dst) · a >> 8).
    expect(half.y[2 * 8 + 2]).toBe(16 + (((235 - 16) * 128) >> 8));
    const clear = flat(8, 8, 16);
    blendYuva(clear, yuvaFromRgba(rgba(4, 4, [255, 255, 255], 0), 4, 4), 2, 2, 256);
    expect([...clear.y]).toEqual([...flat(8, 8, 16).y]);
  });

  it("clips a sprite placed partly outside the picture", () => {
    const dst = flat(8, 8, 16);
    blendYuva(dst, yuvaFromRgba(rgba(4, 4, [255, 255, 255], 255), 4, 4), -2, 6, 256);
    expect(dst.y[7 * 8 + 0]).toBe(235);
    expect(dst.y[7 * 8 + 2]).toBe(16);
  });

  it("mixes two pictures byte by byte, the packed words giving the same bytes as the plain rule", () => {
    const a = flat(16, 4, 20);
    const b = flat(16, 4, 200);
    a.u.fill(90);
    b.u.fill(170);
    const out = createPlanes(16, 4);
    mixPlanes(out, a, b, 77);
    expect(out.y[5]).toBe(20 + (((200 - 20) * 77) >> 8));
    expect(out.u[3]).toBe(90 + (((170 - 90) * 77) >> 8));
    mixPlanes(out, a, b, 256);
    expect([...out.data]).toEqual([...b.data]);
  });
});

describe("layered compositor: frames", () => {
  const scene = (frames: number, plateY: number, crossfadeFrames = 0): LayeredScene => ({
    frames,
    plate: flat(16, 16, plateY),
    sprites: [
      {
        name: "headline",
        sprite: yuvaFromRgba(rgba(4, 4, [255, 255, 255], 255), 4, 4),
        x: 4,
        y: 8,
        entrance: { atFrame: 2, frames: 4, dx: 0, dy: 6, fade: true },
      },
    ],
    crossfadeFrames,
  });

  it("draws while a sprite moves and hands back the same picture once it rests", () => {
    const painter = new LayeredPainter(16, 16);
    const s = scene(12, 16);
    const pictures = Array.from({ length: 12 }, (_, f) => painter.render(s, f).data.toString("hex"));
    // Before its entrance the sprite is not there; after it, the frames are all alike.
    expect(pictures[0]).toBe(pictures[1]);
    expect(new Set(pictures.slice(6)).size).toBe(1);
    expect(new Set(pictures.slice(2, 7)).size).toBeGreaterThan(2);
    expect(painter.reused).toBeGreaterThanOrEqual(6);
  });

  it("crossfades from the last picture of the scene before", () => {
    const painter = new LayeredPainter(16, 16);
    const first = scene(3, 16);
    for (let f = 0; f < 3; f++) painter.render(first, f);
    painter.endScene();
    const next = { ...scene(6, 200, 3), sprites: [] };
    const ys = Array.from({ length: 6 }, (_, f) => painter.render(next, f).y[0] as number);
    expect(ys[0]).toBeGreaterThan(16);
    expect(ys[0]).toBeLessThan(ys[1] as number);
    expect(ys[3]).toBe(200);
  });
});

describe("export clock", () => {
  it("cuts frames from the running sum, so spans add up to the length exactly", () => {
    const spans = sceneSpans([4.2, 7.8, 3.1, 14.9], 30, 30);
    expect(spans.reduce((n, s) => n + s.frames, 0)).toBe(900);
    expect(spans[0]).toMatchObject({ startFrame: 0, frames: 126 });
    expect(spans.at(-1)?.endSeconds).toBe(30);
  });

  it("caps a longer story at the free tier's length, dropping what comes after", () => {
    const spans = capSpans(sceneSpans([30, 30, 30], 90, 30), 60, 30);
    expect(spans).toHaveLength(2);
    expect(spans.reduce((n, s) => n + s.frames, 0)).toBe(1800);
  });

  it("starts each line after its scene's lead-in, later when the line before still speaks", () => {
    const spans = sceneSpans([3, 3], 6, 30);
    const starts = narrationStarts(spans, [3.5, 1]);
    expect(starts[0]).toBeCloseTo(0.25);
    expect(starts[1]).toBeCloseTo(0.25 + 3.5 + 0.12);
  });
});

describe("decoded layers, packed", () => {
  it("come back exactly as they were", async () => {
    const { packLayers, unpackLayers } = await import("../../src/media/compose/layered/pack.js");
    const plate = flat(16, 8, 99);
    plate.u[3] = 7;
    const sprite = yuvaFromRgba(rgba(6, 4, [10, 200, 30], 180), 6, 4);
    const back = await unpackLayers(await packLayers({ plate, sprites: [{ name: "headline", x: 2, y: 4, sprite }] }));
    expect([...back.plate.data]).toEqual([...plate.data]);
    expect(back.sprites).toHaveLength(1);
    const s = back.sprites[0];
    expect({ name: s?.name, x: s?.x, y: s?.y }).toEqual({ name: "headline", x: 2, y: 4 });
    for (const key of ["y", "a", "u", "v", "ca", "spans", "solid", "csolid"] as const)
      expect([...(s?.sprite[key] ?? [])]).toEqual([...sprite[key]]);
  });
});
