import { describe, expect, it } from "vitest";
import { createPlanes } from "../../src/media/compose/canvas.js";
import { drawRegion, drawRows, mipSource } from "../../src/media/compose/resample.js";

/** A strip whose rows are a smooth ramp, so a blend of two rows has a known value. */
function strip(width: number, height: number) {
  const p = createPlanes(width, height);
  for (let y = 0; y < height; y++) p.y.fill((y * 3) % 256, y * width, (y + 1) * width);
  for (let y = 0; y < height / 2; y++) {
    p.u.fill((y * 5) % 256, (y * width) / 2, ((y + 1) * width) / 2);
    p.v.fill(255 - ((y * 5) % 256), (y * width) / 2, ((y + 1) * width) / 2);
  }
  return p;
}

describe("drawRows (scroll frames from a card-wide strip)", () => {
  const src = strip(64, 200);
  const to = { x: 4, y: 2, width: 64, height: 40 };

  it("copies whole rows at a whole offset and blends two rows at a fractional one", () => {
    const dst = createPlanes(72, 44);
    drawRows(dst, to, src, 10);
    for (let j = 0; j < 40; j++) expect(dst.y[(to.y + j) * 72 + to.x + 7]).toBe(((10 + j) * 3) % 256);
    drawRows(dst, to, src, 10.5);
    // Rows 10 and 11 (30, 33) blend to 31.5, rounded up.
    expect(dst.y[to.y * 72 + to.x]).toBe(32);
    // Chroma at row 5.25: rows 5 and 6 (25, 30) blend to 26.25.
    expect(dst.u[(to.y / 2) * 36 + to.x / 2]).toBe(26);
  });

  it("draws what the bilinear resampler draws for the same shift, within a level", () => {
    const viaRows = createPlanes(72, 44);
    const viaRegion = createPlanes(72, 44);
    viaRows.data.fill(0);
    viaRegion.data.fill(0);
    drawRows(viaRows, to, src, 37.25);
    drawRegion(viaRegion, to, mipSource(src), { x: 0, y: 37.25, width: 64, height: 40 });
    let worst = 0;
    for (let i = 0; i < viaRows.data.length; i++)
      worst = Math.max(worst, Math.abs((viaRows.data[i] as number) - (viaRegion.data[i] as number)));
    expect(worst).toBeLessThanOrEqual(1);
  });

  it("refuses a source of another width", () => {
    expect(() => drawRows(createPlanes(72, 44), to, strip(62, 200), 0)).toThrow(RangeError);
  });
});
