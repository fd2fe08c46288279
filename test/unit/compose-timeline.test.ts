import { describe, expect, it } from "vitest";
import { cursorAt, frameSpec, zoomView } from "../../src/media/compose/motion.js";
import {
  CROSSFADE_SECONDS,
  computeTimeline,
  LEAD_IN_SECONDS,
  motionPhases,
  TAIL_SECONDS,
  type TimelineScene,
} from "../../src/media/compose/timeline.js";

const scenes: TimelineScene[] = [
  { beatId: "a", motionSeconds: 1, narrationSeconds: 2.2 },
  { beatId: "b", motionSeconds: 1.6, narrationSeconds: 0 },
  { beatId: "c", motionSeconds: 1.6, narrationSeconds: 3.01 },
];

describe("computeTimeline", () => {
  it("gives each scene max(motion, lead-in + narration + tail) in whole frames, back to back", () => {
    const t = computeTimeline(scenes, 30, null);
    const expected = [
      Math.ceil((LEAD_IN_SECONDS + 2.2 + TAIL_SECONDS) * 30),
      Math.ceil(1.6 * 30),
      Math.ceil((LEAD_IN_SECONDS + 3.01 + TAIL_SECONDS) * 30),
    ];
    expect(t.scenes.map((s) => s.frames)).toEqual(expected);
    expect(t.frames).toBe(expected.reduce((a, b) => a + b, 0));
    expect(t.durationSeconds).toBe(t.frames / 30);
    let at = 0;
    for (const s of t.scenes) {
      expect(s.startFrame).toBe(at);
      expect(s.startSeconds).toBeCloseTo(at / 30, 12);
      expect(s.durationSeconds).toBeCloseTo(s.frames / 30, 12);
      expect(s.narrationStartSeconds).toBeCloseTo(s.startSeconds + LEAD_IN_SECONDS, 12);
      at += s.frames;
    }
  });

  it("stretches the holds evenly to exactly round(target × fps) frames", () => {
    const natural = computeTimeline(scenes, 30, null);
    const t = computeTimeline(scenes, 30, 20.01);
    expect(t.frames).toBe(Math.round(20.01 * 30));
    const added = t.scenes.map((s, i) => s.frames - (natural.scenes[i]?.frames ?? 0));
    expect(Math.max(...added) - Math.min(...added)).toBeLessThanOrEqual(1);
  });

  it("shortens, never below narration + motion, and refuses a target that cannot fit", () => {
    const natural = computeTimeline(scenes, 25, null);
    const target = (natural.frames - 20) / 25;
    const t = computeTimeline(scenes, 25, target);
    expect(t.frames).toBe(natural.frames - 20);
    scenes.forEach((s, i) => {
      const frames = t.scenes[i]?.frames ?? 0;
      expect(frames / 25).toBeGreaterThanOrEqual(s.motionSeconds - 1e-9);
      if (s.narrationSeconds > 0)
        expect(frames / 25).toBeGreaterThanOrEqual(LEAD_IN_SECONDS + s.narrationSeconds - 1e-9);
    });
    expect(() => computeTimeline(scenes, 25, 3)).toThrow(RangeError);
  });

  it("holds exact totals for many targets and frame rates", () => {
    for (const fps of [24, 25, 30, 60]) {
      for (let target = 8; target < 40; target += 1.37) {
        const t = computeTimeline(scenes, fps, target);
        expect(t.frames).toBe(Math.round(target * fps));
        expect(t.scenes.reduce((n, s) => n + s.frames, 0)).toBe(t.frames);
      }
    }
  });

  it("refuses bad input", () => {
    expect(() => computeTimeline([], 30, null)).toThrow(RangeError);
    expect(() => computeTimeline(scenes, 0, null)).toThrow(RangeError);
    expect(() => computeTimeline([{ beatId: "x", motionSeconds: 1, narrationSeconds: -1 }], 30, null)).toThrow();
  });
});

describe("motion", () => {
  const viewport = { width: 1440, height: 900, deviceScaleFactor: 1 };

  it("zooms at most 1.5× and keeps the view inside the page", () => {
    const v = zoomView({ x: 1400, y: 880, width: 30, height: 15 }, viewport);
    expect(v.width).toBeCloseTo(1440 / 1.5);
    expect(v.x + v.width).toBeLessThanOrEqual(1440 + 1e-9);
    expect(v.y + v.height).toBeLessThanOrEqual(900 + 1e-9);
    expect(zoomView({ x: 0, y: 0, width: 1400, height: 800 }, viewport).width).toBe(1440);
  });

  it("moves the cursor along an eased path to the target centre", () => {
    const from = { x: 100, y: 100 };
    const to = { x: 900, y: 500 };
    expect(cursorAt(from, to, 0)).toEqual(from);
    expect(cursorAt(from, to, 1)).toEqual(to);
    const early = cursorAt(from, to, 0.1);
    const mid = cursorAt(from, to, 0.5);
    // Ease-in: the first tenth of the time covers much less than a tenth of the way.
    expect(Math.hypot(early.x - from.x, early.y - from.y)).toBeLessThan(0.05 * Math.hypot(800, 400));
    expect(mid.x).toBeGreaterThan(from.x);
  });

  it("shows `before`, the ripple, then `after` for a click, zoomed out again at the end", () => {
    const target = { x: 600, y: 300, width: 100, height: 40 };
    const motion = { kind: "click" as const, target };
    const phases = motionPhases(motion, viewport);
    const still = (id: number) => ({ id, src: { levels: [] }, scale: 1, cssWidth: 1440, cssHeight: 900 });
    const plan = {
      motion,
      phases,
      stills: { before: still(1), after: still(2), steps: [], strip: null },
      viewport,
      fps: 30,
      frames: 90,
      cursorFrom: { x: 10, y: 10 },
      fadeIn: false,
      room: { top: 0, bottom: 0 },
    };
    expect(frameSpec(plan, 0).base.still.id).toBe(1);
    expect(frameSpec(plan, 0).view.width).toBe(1440);
    const click = Math.round((phases.clickAt ?? 0) * 30) + 1;
    expect(frameSpec(plan, click).ripple).not.toBeNull();
    expect(frameSpec(plan, click).view.width).toBeLessThan(1440);
    const after = Math.ceil((phases.afterAt + CROSSFADE_SECONDS) * 30) + 1;
    expect(frameSpec(plan, after).base.still.id).toBe(2);
    expect(frameSpec(plan, 89).view.width).toBeGreaterThan(1430);
    expect(frameSpec(plan, 89).cursor).toEqual({ x: 650, y: 320 });
  });
});
