import { describe, expect, it } from "vitest";
import { BACKGROUNDS, CAPTION_STYLES, CAPTURES } from "../../src/domains/catalog/render-options.js";
import { frameStyleOf } from "../../src/domains/renders/render-options.js";

// The compositor has its own option types (media/compose/types.ts, media/captions/look.ts); a render's
// catalogue options reach it through this one mapping.

const noCaptions = CAPTION_STYLES.find((s) => !s.burnedIn);
const plain = BACKGROUNDS.find((b) => b.kind === "none");
const desktop = CAPTURES.find((c) => !c.mobile) as (typeof CAPTURES)[number];

describe("frameStyleOf", () => {
  it("maps every catalogue background to the compositor's backdrop", () => {
    if (!noCaptions) throw new Error("the catalogue has a style without burned-in captions");
    for (const background of BACKGROUNDS) {
      const { backdrop } = frameStyleOf({ background, captionStyle: noCaptions, capture: desktop });
      const [first, second] = background.colors;
      if (background.kind === "none") expect(backdrop).toEqual({ kind: "none" });
      else if (background.kind === "solid") expect(backdrop).toEqual({ kind: "solid", color: first });
      else
        expect(backdrop).toEqual({
          kind: "gradient",
          from: first,
          to: second,
          angleDegrees: background.angleDegrees,
        });
    }
  });

  it("gives the look of burned-in caption styles and none for the others", () => {
    if (!plain) throw new Error("the catalogue has a background of kind none");
    for (const captionStyle of CAPTION_STYLES) {
      const { captions } = frameStyleOf({ background: plain, captionStyle, capture: desktop });
      if (captionStyle.burnedIn) expect(captions).toEqual(captionStyle.look);
      else expect(captions).toBeNull();
    }
    expect(CAPTION_STYLES.some((s) => s.burnedIn && s.look)).toBe(true);
  });

  it("shows taps on touch captures and the arrow cursor on the others", () => {
    if (!plain || !noCaptions) throw new Error("catalogue entries missing");
    for (const capture of CAPTURES) {
      const { pointer } = frameStyleOf({ background: plain, captionStyle: noCaptions, capture });
      expect(pointer).toBe(capture.mobile ? "touch" : "arrow");
    }
    expect(CAPTURES.some((c) => c.mobile)).toBe(true);
  });

  it("defaults to a backdrop that fills the frame (no black bars around the capture)", () => {
    const byDefault = BACKGROUNDS.filter((b) => b.isDefault);
    expect(byDefault).toHaveLength(1);
    expect(byDefault[0]?.kind).not.toBe("none");
  });
});
