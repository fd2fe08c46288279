import { describe, expect, it } from "vitest";
import { contrastOf, normaliseHex } from "../src/pages/marketing/contrast";

describe("the brand kit's contrast check", () => {
  it("gives WCAG's ratios: black on white is 21:1, a colour on itself 1:1", () => {
    expect(contrastOf("#000", "#ffffff")?.ratio).toBeCloseTo(21, 5);
    expect(contrastOf("#4f46e5", "#4f46e5")?.ratio).toBeCloseTo(1, 5);
    expect(contrastOf("#ffffff", "#000000")?.shown).toBe("21.00:1");
  });

  it("says pass at 4.5:1 and fail below, rounding a failing ratio down", () => {
    // #767676 on white is the classic 4.54:1 grey; #777777 is 4.48:1.
    expect(contrastOf("#767676", "#ffffff")).toMatchObject({ passes: true, shown: "4.54:1" });
    expect(contrastOf("#777777", "#ffffff")).toMatchObject({ passes: false, shown: "4.47:1" });
    expect(contrastOf("#0f172a", "#ffffff")?.passes).toBe(true);
  });

  it("reads colours as the service does and refuses what is not one", () => {
    expect(normaliseHex(" #ABC ")).toBe("#aabbcc");
    expect(normaliseHex("#4F46E5")).toBe("#4f46e5");
    expect(normaliseHex("red")).toBeNull();
    expect(contrastOf("#12", "#ffffff")).toBeNull();
  });
});
