import { describe, expect, it } from "vitest";
import { captureBoundMs } from "../../src/pipelines/marketing/scan/brand/capture.js";

describe("a screenshot's bound", () => {
  it("grows with the shot's output pixels, between 10 s and 30 s", () => {
    expect(captureBoundMs({ width: 1440, height: 900 }, 1.5)).toBe(10_000); // the hero, 2.9 Mpx
    expect(captureBoundMs({ width: 1440, height: 8_000 }, 1)).toBe(28_800); // the tall page, 11.5 Mpx
    expect(captureBoundMs({ width: 160, height: 40 }, 2)).toBe(10_000); // a logo
    expect(captureBoundMs({ width: 10_000, height: 8_000 }, 1)).toBe(30_000);
  });
});
