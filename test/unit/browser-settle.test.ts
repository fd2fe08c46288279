import { describe, expect, it } from "vitest";
import { type PageState, STABLE_FRAMES, sameCanvases, stillMoving } from "../../src/media/browser/settle.js";

// The decision behind every still's wait (media/browser/settle.ts); the waiting itself, in Chromium, is
// covered by test/integration/browser-settle.test.ts.

const calm: PageState = { fontsLoaded: true, runningAnimations: 0, canvases: [], scroll: "0,0" };

describe("what keeps a page from settling", () => {
  it("a quiet page with no canvas is settled at once", () => {
    expect(stillMoving(calm, 0, true)).toEqual([]);
  });

  it("names each thing still moving, in a fixed order", () => {
    const busy: PageState = { fontsLoaded: false, runningAnimations: 2, canvases: ["300x150:1"], scroll: "0,40" };
    expect(stillMoving(busy, 0, false, true)).toEqual(["scroll", "network", "fonts", "animations", "canvas"]);
  });

  it(`canvases must match across ${STABLE_FRAMES} frames in a row after the first look`, () => {
    const drawn: PageState = { ...calm, canvases: ["300x150:1", "200x200:2"] };
    for (let same = 0; same < STABLE_FRAMES; same++) expect(stillMoving(drawn, same, true)).toEqual(["canvas"]);
    expect(stillMoving(drawn, STABLE_FRAMES, true)).toEqual([]);
  });

  it("canvas fingerprints compare in order, and a canvas appearing or going counts as a change", () => {
    expect(sameCanvases(["a", "b"], ["a", "b"])).toBe(true);
    expect(sameCanvases(["a", "b"], ["b", "a"])).toBe(false);
    expect(sameCanvases(["a"], ["a", "b"])).toBe(false);
    expect(sameCanvases([], [])).toBe(true);
  });
});
