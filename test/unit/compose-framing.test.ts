import { describe, expect, it } from "vitest";
import { BACKGROUNDS, CAPTION_STYLES, CAPTURES } from "../../src/domains/catalog/render-options.js";
import { frameStyleOf } from "../../src/domains/renders/render-options.js";
import type { CaptionLook } from "../../src/media/captions/look.js";
import { layoutFor } from "../../src/media/compose/background.js";
import type { Rect } from "../../src/media/compose/canvas.js";
import {
  captionBandHeight,
  captionRoom,
  placeCue,
  type SceneFraming,
} from "../../src/media/compose/caption-placement.js";
import { assFor } from "../../src/media/compose/captions.js";
import {
  cameraLinks,
  frameSpec,
  MAX_ZOOM,
  NO_ROOM,
  PAN_ON_MAX_WHOLE_SECONDS,
  sceneView,
  zoomView,
} from "../../src/media/compose/motion.js";
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
  const framing: SceneFraming = {
    motion,
    phases,
    viewport: desktop,
    room: layoutRoom,
    panFrom: null,
    panOnward: false,
  };
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
    // Mid-page but small: at 2× zoom with room for the caption it stays above the band.
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
    // Tall enough that the 2× zoom, centred, would push its bottom under the caption.
    const target = { x: 600, y: 250, width: 200, height: 360 };
    const free = desktop.height * (1 - room.bottom);
    expect(onScreenY(target)).toBeGreaterThan(free); // centred, it would be under the caption
    expect(onScreenY(target, room)).toBeLessThan(free);
  });
});

describe("zoom norms (the best screen-recording tools')", () => {
  const MS = 0.001;
  const same = (a: Rect, b: Rect) =>
    Math.abs(a.x - b.x) + Math.abs(a.y - b.y) + Math.abs(a.width - b.width) + Math.abs(a.height - b.height) < 1e-6;
  const full: Rect = { x: 0, y: 0, width: desktop.width, height: desktop.height };
  const small = { x: 700, y: 400, width: 40, height: 20 };
  const motions: SceneMotion[] = [
    { kind: "click", target: small },
    { kind: "hover", target: small },
    { kind: "type", target: small, steps: [Buffer.alloc(0), Buffer.alloc(0), Buffer.alloc(0)] },
    { kind: "type", target: small, steps: Array.from({ length: 6 }, () => Buffer.alloc(0)) },
  ];
  /** The camera of a lone scene sampled every millisecond over `total` seconds. */
  const camera = (motion: SceneMotion, total: number, links = { panFrom: null, panOnward: false }) => {
    const framing = { motion, phases: motionPhases(motion, desktop), viewport: desktop, room: NO_ROOM, ...links };
    const views: { t: number; view: Rect }[] = [];
    for (let t = 0; t < total; t += MS) views.push({ t, view: sceneView(framing, t, total) });
    return { views, phases: framing.phases, zoomed: zoomView((motion as { target: Box }).target, desktop) };
  };

  it("zooms in at most 2×, on a target however small", () => {
    expect(MAX_ZOOM).toBeLessThanOrEqual(2);
    const tiny = zoomView({ x: 700, y: 400, width: 4, height: 4 }, desktop);
    expect(desktop.width / tiny.width).toBeCloseTo(2, 6);
    expect(desktop.height / tiny.height).toBeCloseTo(2, 6);
    for (const motion of motions) {
      for (const { view } of camera(motion, motionPhases(motion, desktop).minimum).views)
        expect(desktop.width / view.width).toBeLessThanOrEqual(2 + 1e-9);
    }
  });

  it("eases in over 0.5–0.8 s, starting at least 0.3 s before the action", () => {
    for (const motion of motions) {
      const { views, phases, zoomed } = camera(motion, motionPhases(motion, desktop).minimum);
      const start = views.find((v) => !same(v.view, full))?.t ?? Number.NaN;
      const reached = views.find((v) => same(v.view, zoomed))?.t ?? Number.NaN;
      expect(reached - start).toBeGreaterThanOrEqual(0.5 - 2 * MS);
      expect(reached - start).toBeLessThanOrEqual(0.8 + 2 * MS);
      const action = phases.clickAt ?? phases.afterAt; // a hover acts on arrival
      expect(action - start).toBeGreaterThanOrEqual(0.3);
      // Eased: the first tenth of the time covers well under a tenth of the way.
      const early = views.find((v) => v.t >= start + 0.1 * (reached - start))?.view ?? full;
      expect((full.width - early.width) / (full.width - zoomed.width)).toBeLessThan(0.05);
    }
  });

  it("holds the zoom at least 1.5 s, through the result, then eases out over 0.5–0.8 s", () => {
    for (const motion of motions) {
      const minimum = motionPhases(motion, desktop).minimum;
      for (const total of [minimum, minimum + 3]) {
        const { views, phases, zoomed } = camera(motion, total);
        const held = views.filter((v) => same(v.view, zoomed));
        const first = held[0]?.t ?? Number.NaN;
        const last = held[held.length - 1]?.t ?? Number.NaN;
        expect(held.length * MS).toBeCloseTo(last - first + MS, 6); // one unbroken hold
        expect(last - first).toBeGreaterThanOrEqual(1.5 - 2 * MS);
        expect(last).toBeGreaterThanOrEqual(phases.afterAt);
        // A click's result is mostly elsewhere: the camera is out once the hold is over, and stays out.
        // A hover's or a typed field's is where the zoom is: held until the scene's end.
        const whole = views.find((v) => v.t > last && same(v.view, full))?.t ?? total;
        if (motion.kind === "click")
          expect(views.filter((v) => v.t >= whole).every((v) => same(v.view, full))).toBe(true);
        else expect(whole).toBeGreaterThan(total - 2 * MS);
        const out = whole - last;
        expect(out).toBeGreaterThanOrEqual(0.5);
        expect(out).toBeLessThanOrEqual(0.8 + 2 * MS);
        expect(sceneView({ ...phasesOf(motion), panFrom: null, panOnward: false }, total, total).width).toBeCloseTo(
          desktop.width,
          6,
        );
      }
    }
  });

  const phasesOf = (motion: SceneMotion) => ({
    motion,
    phases: motionPhases(motion, desktop),
    viewport: desktop,
    room: NO_ROOM,
  });
  const picture = Buffer.from("the same page");
  /** A click scene `extra` seconds longer than its motion needs (its narration's length decides). */
  const sceneOf = (target: Box, before: Buffer | null = picture, extra = 1) => {
    const motion = { kind: "click" as const, target };
    const phases = motionPhases(motion, desktop);
    return { motion, before, after: picture, phases, seconds: phases.minimum + extra };
  };

  it("pans from one target to a close next one instead of zooming out and in again", () => {
    const a = sceneOf({ x: 300, y: 300, width: 80, height: 30 });
    const b = sceneOf({ x: 700, y: 420, width: 80, height: 30 });
    const links = cameraLinks([a, b], desktop, NO_ROOM);
    expect(links[0]).toEqual({ panFrom: null, panOnward: true });
    expect(links[1]?.panFrom).toEqual(zoomView(a.motion.target, desktop));
    const total = motionPhases(a.motion, desktop).minimum + 1;
    const first = camera(a.motion, total, links[0] as { panFrom: null; panOnward: boolean });
    const second = camera(b.motion, total, links[1] as { panFrom: null; panOnward: boolean });
    // Never back to the whole page between them: the widest view stays the zoomed one's width.
    const between = [
      ...first.views.filter((v) => v.t >= 0.8),
      ...second.views.filter((v) => v.t < second.phases.holdUntil),
    ];
    expect(Math.max(...between.map((v) => v.view.width))).toBeCloseTo(desktop.width / 2, 6);
    // The second scene starts exactly where the first ends, then moves to its own target.
    expect(same(second.views[0]?.view as Rect, first.zoomed)).toBe(true);
    expect(same(second.zoomed, first.zoomed)).toBe(false);
    expect(second.views.some((v) => same(v.view, second.zoomed))).toBe(true);
  });

  it("zooms out between targets far apart, and between different pictures", () => {
    const a = sceneOf({ x: 40, y: 40, width: 80, height: 30 });
    const far = sceneOf({ x: 1300, y: 820, width: 80, height: 30 });
    expect(cameraLinks([a, far], desktop, NO_ROOM).map((l) => l.panOnward)).toEqual([false, false]);
    const near = { x: 200, y: 60, width: 80, height: 30 };
    const otherPage = sceneOf(near, Buffer.from("another page"));
    expect(cameraLinks([a, otherPage], desktop, NO_ROOM)[0]?.panOnward).toBe(false);
    expect(cameraLinks([a, sceneOf(near)], desktop, NO_ROOM)[0]?.panOnward).toBe(true);
    const scroll: SceneMotion = { kind: "scroll", strip: picture, fixedLayer: null, fromY: 0, toY: 900, target: null };
    const scrolled = {
      motion: scroll,
      before: picture,
      after: picture,
      phases: motionPhases(scroll, desktop),
      seconds: 3,
    };
    expect(cameraLinks([a, scrolled], desktop, NO_ROOM)[0]?.panOnward).toBe(false);
  });

  it("zooms out after a click whose narration goes on, to show what it opened, even with the next target close", () => {
    const near = { x: 200, y: 60, width: 80, height: 30 };
    const a = { x: 40, y: 40, width: 80, height: 30 };
    const long = sceneOf(a, picture, PAN_ON_MAX_WHOLE_SECONDS + 1.5);
    expect(cameraLinks([long, sceneOf(near)], desktop, NO_ROOM)[0]?.panOnward).toBe(false);
    // The camera is out for the rest of the scene once the hold is over.
    const { views } = camera(long.motion, long.seconds);
    const end = views.filter((v) => v.t >= long.phases.holdUntil + 0.8);
    expect(end.length).toBeGreaterThan(0);
    expect(end.every((v) => same(v.view, full))).toBe(true);
    // A hover shows its result where the zoom is: it pans on however long its scene.
    const hover = { ...long, motion: { kind: "hover" as const, target: a } };
    expect(cameraLinks([hover, sceneOf(near)], desktop, NO_ROOM)[0]?.panOnward).toBe(true);
  });
});

describe("scroll frames", () => {
  it("show `before` until the pan moves, the strip under the fixed layer while it moves, then `after`", () => {
    const still = (id: number, cssHeight = 900) => ({ id, src: { levels: [] }, scale: 1, cssWidth: 1440, cssHeight });
    const fixedLayer = { id: 7, bands: [] };
    const motion: SceneMotion = {
      kind: "scroll",
      strip: Buffer.alloc(0),
      fixedLayer: null,
      fromY: 0,
      toY: 1800,
      target: null,
    };
    const phases = motionPhases(motion, desktop);
    const plan = {
      motion,
      phases,
      stills: { before: still(1), after: still(2), steps: [], strip: still(3, 2700), fixedLayer },
      viewport: desktop,
      fps: 30,
      frames: Math.ceil(phases.minimum * 30),
      cursorFrom: { x: 10, y: 10 },
      room: NO_ROOM,
      panFrom: null,
      panOnward: false,
    };
    const shown = Array.from({ length: plan.frames }, (_, f) => frameSpec(plan, f));
    const start = Math.ceil(phases.scrollStart * 30 - 1e-9);
    const end = Math.ceil(phases.scrollEnd * 30 - 1e-9);
    for (const [f, spec] of shown.entries()) {
      const expected = f < start ? 1 : f < end ? 3 : 2;
      expect(spec.base.still.id, `frame ${f}`).toBe(expected);
      expect(spec.fixed).toBe(expected === 3 ? fixedLayer : null);
    }
    const ys = shown.slice(start, end).map((s) => s.base.cam.y);
    expect(ys[0]).toBe(0);
    expect(ys.every((y, i) => i === 0 || y >= (ys[i - 1] as number))).toBe(true);
    expect(ys[ys.length - 1]).toBeGreaterThan(1700);
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
