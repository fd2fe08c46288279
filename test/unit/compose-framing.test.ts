import { describe, expect, it } from "vitest";
import { BACKGROUNDS, CAPTION_STYLES, CAPTURES } from "../../src/domains/catalog/render-options.js";
import { frameStyleOf } from "../../src/domains/renders/render-options.js";
import type { CaptionLook } from "../../src/media/captions/look.js";
import { layoutFor } from "../../src/media/compose/background.js";
import {
  captionBandHeight,
  captionRoom,
  placeCue,
  type SceneFraming,
} from "../../src/media/compose/caption-placement.js";
import { assFor } from "../../src/media/compose/captions.js";
import { NO_ROOM, zoomView } from "../../src/media/compose/motion.js";
import { touchSprite } from "../../src/media/compose/sprites.js";
import { computeTimeline, motionPhases } from "../../src/media/compose/timeline.js";
import type { Backdrop, Box, ComposeScene, SceneMotion } from "../../src/media/compose/types.js";

// Framing that respects the content: captions go in the backdrop's margin when there is one, else clear
// of the scene's target; zooms keep their target clear of the captions.

const pick = <T extends { id: string }>(list: readonly T[], id: string): T => {
  const v = list.find((x) => x.id === id);
  if (!v) throw new Error(id);
  return v;
};
const lookOf = (id: string): CaptionLook => {
  const look = frameStyleOf({
    background: pick(BACKGROUNDS, "none"),
    captionStyle: pick(CAPTION_STYLES, id),
    capture: pick(CAPTURES, "desktop"),
  }).captions;
  if (!look) throw new Error(id);
  return look;
};
const classic = lookOf("classic");
const none: Backdrop = { kind: "none" };
const desktop = { width: 1440, height: 900, deviceScaleFactor: 1 };
const landscape = { width: 1920, height: 1080 };
const portrait = { width: 1080, height: 1920 };

/** One scene of `motion` narrated for 2 s, with its timing and framing. */
function oneScene(motion: SceneMotion, layoutRoom = NO_ROOM) {
  const phases = motionPhases(motion, desktop);
  const timeline = computeTimeline([{ beatId: "b", motionSeconds: phases.minimum, narrationSeconds: 2 }], 30, null);
  const framing: SceneFraming = { motion, phases, viewport: desktop, room: layoutRoom };
  const scene: ComposeScene = {
    beatId: "b",
    before: Buffer.alloc(0),
    after: Buffer.alloc(0),
    motion,
    narration: { text: "Open the reports page to see this month's figures.", wavPath: null, durationSeconds: 2 },
  };
  const timing = timeline.scenes[0] as (typeof timeline.scenes)[number];
  const cue = { startSeconds: timing.narrationStartSeconds, endSeconds: timing.narrationStartSeconds + 2, text: "x" };
  return { framing, scene, timeline, timing, cue: { ...cue, text: scene.narration.text } };
}

const dialogues = (ass: string) => ass.split("\n").filter((l) => l.startsWith("Dialogue: 0,"));

describe("caption placement", () => {
  it("moves a cue to the top when the target sits in the bottom caption band, and back down otherwise", () => {
    const layout = layoutFor(landscape, desktop, none, captionBandHeight(classic, landscape));
    expect(layout.captionBand).toBeNull(); // the page fills the frame's height: no margin to use
    const low = oneScene({ kind: "click", target: { x: 620, y: 840, width: 200, height: 50 } });
    expect(placeCue(low.cue, classic, layout, low.framing, low.timing, 30)).toEqual({ align: "top" });
    const high = oneScene({ kind: "click", target: { x: 620, y: 60, width: 200, height: 50 } });
    expect(placeCue(high.cue, classic, layout, high.framing, high.timing, 30)).toEqual({ align: "bottom" });
    // The script carries the position per cue.
    const ass = assFor([low.scene], low.timeline, classic, layout, [low.framing], false) ?? "";
    expect(dialogues(ass)[0]).toContain("{\\an8}");
    const assHigh = assFor([high.scene], high.timeline, classic, layout, [high.framing], false) ?? "";
    expect(dialogues(assHigh)[0]).toContain("{\\an2}");
  });

  it("judges the target where the zoom puts it on screen, not where it is on the page", () => {
    const layout = layoutFor(landscape, desktop, none, captionBandHeight(classic, landscape));
    // Mid-page but small: at 1.5× zoom with room for the caption it stays above the band.
    const mid = oneScene(
      { kind: "click", target: { x: 700, y: 600, width: 40, height: 20 } },
      captionRoom(classic, layout),
    );
    expect(placeCue(mid.cue, classic, layout, mid.framing, mid.timing, 30)).toEqual({ align: "bottom" });
  });

  it("puts captions in the margin of a portrait frame, outside the page card", () => {
    const solid: Backdrop = { kind: "solid", color: "#102030" };
    for (const bg of [none, solid]) {
      const layout = layoutFor(portrait, desktop, bg, captionBandHeight(classic, portrait));
      const band = layout.captionBand;
      if (!band) throw new Error("no caption band in portrait");
      const s = oneScene({ kind: "click", target: { x: 620, y: 840, width: 200, height: 50 } });
      const placement = placeCue(s.cue, classic, layout, s.framing, s.timing, 30);
      if (!("centre" in placement)) throw new Error("not placed in the band");
      const { card } = layout;
      expect(placement.centre.y).toBeGreaterThan(card.y + card.height + 40);
      expect(placement.centre.y).toBeLessThan(portrait.height - 40);
      const ass = assFor([s.scene], s.timeline, classic, layout, [s.framing], false) ?? "";
      expect(dialogues(ass)[0]).toMatch(/\{\\an5\\pos\(540,\d+(\.\d)?\)\}/);
    }
  });

  it("makes a caption band under an inset card by shrinking it a little, when the margin is too thin", () => {
    const backdrop: Backdrop = { kind: "gradient", from: "#0F172A", to: "#312E81", angleDegrees: 135 };
    const without = layoutFor(landscape, desktop, backdrop, 0);
    const withBand = layoutFor(landscape, desktop, backdrop, captionBandHeight(classic, landscape));
    expect(without.captionBand).toBeNull();
    const band = withBand.captionBand;
    if (!band) throw new Error("no band");
    expect(band.y).toBe(withBand.card.y + withBand.card.height);
    expect(band.height).toBeGreaterThanOrEqual(captionBandHeight(classic, landscape));
    expect(withBand.card.height).toBeGreaterThanOrEqual(without.card.height * 0.85);
    // A phone in a portrait frame gets one too.
    const phone = { width: 1170, height: 2532 };
    expect(layoutFor(portrait, phone, backdrop, captionBandHeight(classic, portrait)).captionBand).not.toBeNull();
    // Big bold captions would cost the page too much: they stay over the card, placed per cue.
    const bold = lookOf("bold");
    expect(layoutFor(landscape, desktop, backdrop, captionBandHeight(bold, landscape)).captionBand).toBeNull();
  });
});

describe("zoom framing", () => {
  const onScreenY = (target: Box, room = NO_ROOM) => {
    const view = zoomView(target, desktop, room);
    return ((target.y + target.height - view.y) / view.height) * desktop.height; // target's bottom, viewport px
  };

  it("keeps the zoomed target above the caption it leaves room for", () => {
    const layout = layoutFor(landscape, desktop, none, captionBandHeight(classic, landscape));
    const room = captionRoom(classic, layout);
    expect(room.bottom).toBeGreaterThan(0.1);
    // Tall enough that the 1.5× zoom, centred, would push its bottom under the caption.
    const target = { x: 600, y: 250, width: 200, height: 360 };
    const free = desktop.height * (1 - room.bottom);
    expect(onScreenY(target)).toBeGreaterThan(free); // centred, it would be under the caption
    expect(onScreenY(target, room)).toBeLessThan(free);
  });
});

describe("touch indicator", () => {
  it("is a soft translucent disc at the tap that fades out", () => {
    const alphaAt = (t: number) => {
      const s = touchSprite(20, t, 100, 100);
      const i = ((100 - s.y) * s.sprite.width + (100 - s.x)) * 4 + 3;
      return (s.sprite.data[i] as number) / 255;
    };
    expect(alphaAt(0)).toBeGreaterThan(0.3);
    expect(alphaAt(0)).toBeLessThan(0.7); // translucent: the page shows through
    expect(alphaAt(0.5)).toBeLessThan(alphaAt(0));
    expect(alphaAt(1)).toBe(0);
  });
});
