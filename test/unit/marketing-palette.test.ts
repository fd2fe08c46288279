import { wcagContrast } from "culori";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  type ColourSample,
  MIN_TEXT_CONTRAST,
  mergePalette,
  withContrast,
} from "../../src/pipelines/marketing/source/palette-merge.js";
import { quantiseShot } from "../../src/pipelines/marketing/source/palette-pixels.js";

// A SaaS page as palette.ts reads it: white page, slate text, indigo buttons and links, an amber badge,
// a light hero surface, and the hero shot's quantised pixels (with JPEG-ish near-duplicates).
const saas: ColourSample[] = [
  { colour: "rgb(255, 255, 255)", kind: "page-background", weight: 1440 * 4000 },
  { colour: "rgb(248, 250, 252)", kind: "surface", weight: 1440 * 600 },
  { colour: "rgb(15, 23, 42)", kind: "text", weight: 400_000 },
  { colour: "rgb(71, 85, 105)", kind: "text", weight: 120_000 },
  { colour: "rgb(79, 70, 229)", kind: "button", weight: 3 * 200 * 56 },
  { colour: "rgb(79, 70, 229)", kind: "link", weight: 20_000 },
  { colour: "rgb(245, 158, 11)", kind: "surface", weight: 30_000 },
  { colour: "rgba(0, 0, 0, 0)", kind: "surface", weight: 900_000 },
  { colour: "#4f46e5", kind: "theme-color", weight: 0 },
  { colour: "#fefefe", kind: "pixels", weight: 0.55 },
  { colour: "#f7f9fb", kind: "pixels", weight: 0.2 },
  { colour: "#5047e4", kind: "pixels", weight: 0.1 },
  { colour: "#10182b", kind: "pixels", weight: 0.1 },
  { colour: "#f49d0c", kind: "pixels", weight: 0.05 },
];

describe("merging a page's colours into a palette", () => {
  it("merges near-duplicates and gives the four roles from how colours were used", () => {
    const { colours } = mergePalette(saas);
    const role = (r: string) => colours.find((c) => c.role === r);
    expect(role("background")?.hex).toBe("#ffffff");
    expect(role("text")?.hex).toBe("#0f172a");
    expect(role("primary")?.hex).toBe("#4f46e5");
    expect(role("accent")?.hex).toBe("#f59e0b");
    // #5047e4 from the pixels is the same indigo as the buttons: one colour, found both ways.
    expect(role("primary")?.from).toEqual(["css", "pixels", "theme-color"]);
    expect(colours.filter((c) => c.hex === "#5047e4")).toHaveLength(0);
    expect(colours.filter((c) => c.role !== null)).toHaveLength(4);
    expect(role("primary")?.oklch).toEqual({ l: 0.511, c: 0.23, h: 277 });
    expect(role("background")?.oklch.h).toBeNull();
    expect(role("primary")?.contrastWithBackground).toBeCloseTo(6.29, 1);
    expect(role("background")?.contrastWithBackground).toBeNull();
    const total = colours.reduce((s, c) => s + c.weight, 0);
    expect(total).toBeGreaterThan(0.99);
    expect(total).toBeLessThan(1.01);
    expect(colours.map((c) => c.weight)).toEqual([...colours.map((c) => c.weight)].sort((a, b) => b - a));
    expect(colours.some((c) => c.hex === "#000000")).toBe(false); // the transparent surface is not black
  });

  it("suggests kit colours that already read well without adjusting them", () => {
    const { suggestedColors } = mergePalette(saas);
    expect(suggestedColors).toEqual({
      background: "#ffffff",
      text: "#0f172a",
      primary: "#4f46e5",
      primaryText: "#ffffff",
      adjusted: [],
    });
  });

  it("moves lightness in OKLCH when the page's text or the primary's label is too faint, and says which", () => {
    const { suggestedColors } = mergePalette([
      { colour: "#ffffff", kind: "page-background", weight: 100 },
      { colour: "#9ca3af", kind: "text", weight: 10 }, // grey on white: 2.5:1
      { colour: "#fbbf24", kind: "button", weight: 5 }, // amber: neither white nor grey reads on it
    ]);
    expect(suggestedColors.adjusted).toEqual(["text", "primaryText"]);
    expect(wcagContrast(suggestedColors.text, suggestedColors.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(wcagContrast(suggestedColors.primaryText, suggestedColors.primary)).toBeGreaterThanOrEqual(
      MIN_TEXT_CONTRAST,
    );
    // Only as far as needed: still a mid grey, not black.
    expect(wcagContrast(suggestedColors.text, suggestedColors.background)).toBeLessThan(5);
  });

  it("lightens text on a dark page", () => {
    const light = withContrast("#334155", "#0b1020");
    expect(wcagContrast(light, "#0b1020")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(light).not.toBe("#ffffff");
    expect(withContrast("#ffffff", "#0b1020")).toBe("#ffffff");
  });

  it("survives hostile or empty input: unparseable colours dropped, neutral suggestions", () => {
    expect(mergePalette([])).toEqual({
      colours: [],
      suggestedColors: {
        background: "#ffffff",
        text: "#000000",
        primary: "#000000",
        primaryText: "#ffffff",
        adjusted: [],
      },
    });
    const { colours } = mergePalette([
      { colour: "url(javascript:alert(1))", kind: "text", weight: 1 },
      { colour: "x".repeat(100_000), kind: "button", weight: Number.NaN },
      { colour: "#123456", kind: "surface", weight: -5 },
      { colour: "#00ff00", kind: "pixels", weight: Number.POSITIVE_INFINITY },
    ]);
    expect(colours.map((c) => c.hex).sort()).toEqual(["#00ff00", "#123456"]);
    for (const c of colours) expect(Number.isFinite(c.weight)).toBe(true);
  });

  it("keeps at most 16 colours", () => {
    const many: ColourSample[] = Array.from({ length: 60 }, (_, i) => ({
      colour: `hsl(${i * 6} 80% 50%)`,
      kind: "pixels" as const,
      weight: 1 + i,
    }));
    expect(mergePalette(many).colours.length).toBeLessThanOrEqual(16);
  });
});

describe("quantising a screenshot", () => {
  it("finds its main colours with their shares of the pixels", async () => {
    // Three quarters white, one quarter indigo.
    const shot = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#ffffff" } })
      .composite([
        {
          input: await sharp({ create: { width: 100, height: 200, channels: 3, background: "#4f46e5" } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
    const samples = await quantiseShot(shot);
    expect(samples.every((s) => s.kind === "pixels")).toBe(true);
    expect(samples.reduce((sum, s) => sum + s.weight, 0)).toBeCloseTo(1, 5);
    const { colours } = mergePalette(samples);
    expect(colours[0]).toMatchObject({ hex: "#ffffff", from: ["pixels"] });
    expect(colours[0]?.weight).toBeCloseTo(0.75, 1);
    expect(colours.find((c) => c.role === "primary")?.weight).toBeCloseTo(0.25, 1);
  });

  it("refuses bytes that are not an image (the caller ignores the shot)", async () => {
    await expect(quantiseShot(Buffer.from("not an image"))).rejects.toThrow();
  });
});
