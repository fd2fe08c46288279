import { describe, expect, it } from "vitest";
import { cursorAt, frameSpec, zoomView } from "../../src/media/compose/motion.js";
import {
  CLOSING_HOLD_SECONDS,
  computeTimeline,
  LEAD_IN_SECONDS,
  MAX_QUIET_HOLD_SECONDS,
  motionPhases,
  TAIL_SECONDS,
  type Timeline,
  type TimelineScene,
} from "../../src/media/compose/timeline.js";

const scenes: TimelineScene[] = [
  { beatId: "a", motionSeconds: 1, narrationSeconds: 2.2 },
  { beatId: "b", motionSeconds: 1.6, narrationSeconds: 0 },
  { beatId: "c", motionSeconds: 1.6, narrationSeconds: 3.01 },
];

/** How long a scene is busy: its motion, or its narration from the lead-in, whichever lasts longer. */
const busySeconds = (s: TimelineScene) =>
  Math.max(s.motionSeconds, s.narrationSeconds > 0 ? LEAD_IN_SECONDS + s.narrationSeconds : 0);

/**
 * No quiet stretch past the cap: from the end of a scene's speech (of its motion, for a silent scene)
 * to the next scene's voice is at most MAX_QUIET_HOLD_SECONDS, unless the motion alone lasts longer (then
 * the scene ends with its motion); the last scene holds at most the closing hold.
 */
function expectNoDeadAir(t: Timeline, list: readonly TimelineScene[]): void {
  t.scenes.forEach((timing, i) => {
    const s = list[i] as TimelineScene;
    const quietFrom = s.narrationSeconds > 0 ? LEAD_IN_SECONDS + s.narrationSeconds : busySeconds(s);
    const hold = timing.durationSeconds - quietFrom;
    const next = t.scenes[i + 1];
    const motionOnly = busySeconds(s) - quietFrom;
    if (next) {
      const lead = next.narrationStartSeconds - next.startSeconds;
      expect(hold + lead).toBeLessThanOrEqual(Math.max(MAX_QUIET_HOLD_SECONDS, motionOnly + 1 / 24 + lead) + 1e-9);
    } else expect(hold).toBeLessThanOrEqual(Math.max(CLOSING_HOLD_SECONDS, motionOnly + 1 / 24) + 1e-9);
  });
}

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

  it("stretches the holds evenly to exactly round(target × fps) frames when the content can fill it", () => {
    const natural = computeTimeline(scenes, 30, null);
    const t = computeTimeline(scenes, 30, 10.01);
    expect(t.frames).toBe(Math.round(10.01 * 30));
    const added = t.scenes.map((s, i) => s.frames - (natural.scenes[i]?.frames ?? 0));
    expect(Math.max(...added) - Math.min(...added)).toBeLessThanOrEqual(1);
    expectNoDeadAir(t, scenes);
  });

  it("never pads with silence: content too short for the target gives a shorter video, holds at their caps", () => {
    const t = computeTimeline(scenes, 30, 60);
    const busy = scenes.map(busySeconds);
    const longest =
      busy.reduce((a, b) => a + b, 0) + 2 * (MAX_QUIET_HOLD_SECONDS - LEAD_IN_SECONDS) + CLOSING_HOLD_SECONDS;
    expect(t.frames).toBeLessThan(60 * 30);
    expect(t.durationSeconds).toBeLessThanOrEqual(longest + 1e-9);
    expect(t.durationSeconds).toBeGreaterThan(longest - scenes.length / 30);
    expectNoDeadAir(t, scenes);
  });

  it("counts a scene's quiet from the end of its voice: a zoom held after a short line adds no more silence", () => {
    // A hover's zoom (2.8 s) outlasts its line (0.3 s lead-in + 2.2 s): the hold a target adds starts
    // where the voice stops, so the silence to the next voice stays within the cap.
    const list: TimelineScene[] = [
      { beatId: "hover", motionSeconds: 2.8, narrationSeconds: 2.2 },
      { beatId: "next", motionSeconds: 1, narrationSeconds: 4 },
      { beatId: "end", motionSeconds: 1, narrationSeconds: 4 },
    ];
    const t = computeTimeline(list, 30, 60);
    const hover = t.scenes[0] as Timeline["scenes"][number];
    const silence = hover.durationSeconds - (LEAD_IN_SECONDS + 2.2) + LEAD_IN_SECONDS;
    expect(silence).toBeLessThanOrEqual(MAX_QUIET_HOLD_SECONDS + 1e-9);
    expect(hover.durationSeconds).toBeGreaterThanOrEqual(2.8);
    expectNoDeadAir(t, list);
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

  it("for many targets and frame rates: at most round(target × fps) frames, exactly that when the content is long enough, no quiet stretch past the cap", () => {
    const longer: TimelineScene[] = [...scenes, { beatId: "d", motionSeconds: 2.2, narrationSeconds: 6.4 }];
    for (const [list, shortest] of [
      [scenes, 8],
      [longer, 15],
    ] as const) {
      for (const fps of [24, 25, 30, 60]) {
        const natural = computeTimeline(list, fps, null).frames;
        const full = computeTimeline(list, fps, 1000).frames; // every hold at its cap
        for (let target = shortest; target < 40; target += 1.37) {
          const t = computeTimeline(list, fps, target);
          const asked = Math.round(target * fps);
          expect(t.frames).toBeLessThanOrEqual(asked);
          expect(t.frames).toBe(Math.min(asked, full));
          if (asked <= natural) expect(t.frames).toBe(asked);
          expect(t.scenes.reduce((n, s) => n + s.frames, 0)).toBe(t.frames);
          expectNoDeadAir(t, list);
        }
      }
    }
  });

  it("leaves at most a second without speech between two narrated scenes", () => {
    const t = computeTimeline(scenes, 30, null);
    const [a, , c] = t.scenes;
    const aEnd = (a?.narrationStartSeconds ?? 0) + 2.2;
    const gap = (a?.startSeconds ?? 0) + (a?.durationSeconds ?? 0) - aEnd + LEAD_IN_SECONDS;
    expect(gap).toBeLessThanOrEqual(1 + 1 / 30);
    expect(TAIL_SECONDS + LEAD_IN_SECONDS).toBeLessThanOrEqual(1);
    expect(c?.narrationStartSeconds).toBeCloseTo((c?.startSeconds ?? 0) + LEAD_IN_SECONDS, 12);
  });

  it("refuses bad input", () => {
    expect(() => computeTimeline([], 30, null)).toThrow(RangeError);
    expect(() => computeTimeline(scenes, 0, null)).toThrow(RangeError);
    expect(() => computeTimeline([{ beatId: "x", motionSeconds: 1, narrationSeconds: -1 }], 30, null)).toThrow();
  });
});

describe("motion", () => {
  const viewport = { width: 1440, height: 900, deviceScaleFactor: 1 };

  it("zooms at most 2× and keeps the view inside the page", () => {
    const v = zoomView({ x: 1400, y: 880, width: 30, height: 15 }, viewport);
    expect(v.width).toBeCloseTo(1440 / 2);
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
      stills: { before: still(1), after: still(2), steps: [], strip: null, fixedLayer: null },
      viewport,
      fps: 30,
      frames: 90,
      cursorFrom: { x: 10, y: 10 },
      room: { top: 0, bottom: 0 },
      panFrom: null,
      panOnward: false,
    };
    expect(frameSpec(plan, 0).base.still.id).toBe(1);
    expect(frameSpec(plan, 0).view.width).toBe(1440);
    const click = Math.round((phases.clickAt ?? 0) * 30) + 1;
    expect(frameSpec(plan, click).ripple).not.toBeNull();
    expect(frameSpec(plan, click).view.width).toBeLessThan(1440);
    // A cut at the ripple's midpoint: `before` up to it, `after` from it.
    const after = Math.ceil(phases.afterAt * 30 - 1e-9);
    expect(frameSpec(plan, after - 1).base.still.id).toBe(1);
    expect(frameSpec(plan, after).base.still.id).toBe(2);
    expect(frameSpec(plan, 89).view.width).toBeGreaterThan(1430);
    expect(frameSpec(plan, 89).cursor).toEqual({ x: 650, y: 320 });
  });
});
