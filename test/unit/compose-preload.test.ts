import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PRELOAD_SCENES, StillPreload } from "../../src/media/compose/scene-stills.js";
import type { CapturedScene, FrameStyle } from "../../src/media/compose/types.js";

// Scenes handed over during the capture are decoded at once, the first few only, each taken once.

const style: FrameStyle = { backdrop: { kind: "none" }, captions: null, pointer: "arrow" };
const viewport = { width: 64, height: 36, deviceScaleFactor: 1 };
const output = { width: 128, height: 72 };

const png = (r: number) =>
  sharp({ create: { width: 64, height: 36, channels: 3, background: { r, g: 10, b: 10 } } })
    .png()
    .toBuffer();
const cut = async (r: number): Promise<CapturedScene> => ({
  beatId: `b${r}`,
  before: null,
  after: await png(r),
  motion: { kind: "cut" },
});

describe("StillPreload", () => {
  it("decodes the first scenes handed to it, and gives each once", async () => {
    const preload = new StillPreload(viewport, output, style);
    const scenes = await Promise.all([10, 90, 170, 250].map(cut));
    for (const s of scenes) preload.add(s);
    const first = preload.take(scenes[0] as CapturedScene);
    expect(first).not.toBeNull();
    const stills = await first;
    // Decoded at the card's size for whole-viewport frames, in colour.
    expect(stills?.after.fitted?.width).toBe(preload.layout.card.width);
    expect(stills?.before).toBe(stills?.after);
    expect(preload.take(scenes[0] as CapturedScene)).toBeNull(); // taken once
    expect(preload.take(scenes[PRELOAD_SCENES - 1] as CapturedScene)).not.toBeNull();
    // Beyond the first scenes nothing is decoded ahead: the compositor's own prefetch does those.
    expect(preload.take(scenes[PRELOAD_SCENES] as CapturedScene)).toBeNull();
  });

  it("lets go of scenes a render cut, and of everything once the composition is done", async () => {
    const preload = new StillPreload(viewport, output, style);
    const [a, b] = (await Promise.all([10, 90].map(cut))) as [CapturedScene, CapturedScene];
    preload.add(a);
    preload.add(b);
    preload.keepOnly([a]); // the render kept only the first scene
    expect(preload.take(b)).toBeNull();
    preload.clear();
    expect(preload.take(a)).toBeNull();
  });

  it("fits only a composition with the same viewport and card", () => {
    const preload = new StillPreload(viewport, output, style);
    expect(preload.fits(viewport, preload.layout)).toBe(true);
    expect(preload.fits({ ...viewport, deviceScaleFactor: 2 }, preload.layout)).toBe(false);
    const other = new StillPreload(viewport, { width: 256, height: 144 }, style);
    expect(preload.fits(viewport, other.layout)).toBe(false);
  });
});
