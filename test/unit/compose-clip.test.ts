import { describe, expect, it } from "vitest";
import { afterStillAt, withClip } from "../../src/media/compose/clip.js";
import type { Still } from "../../src/media/compose/stills.js";
import { motionPhases, SETTLE_SECONDS } from "../../src/media/compose/timeline.js";

// Which picture a scene with a real-motion clip shows when (decision 0023), and how long it must last.

const still = (id: number): Still =>
  ({ id, src: { levels: [] }, scale: 1, cssWidth: 100, cssHeight: 50 }) as unknown as Still;
const viewport = { width: 100, height: 50, deviceScaleFactor: 1 };

describe("clip playback", () => {
  const after = still(1);
  const clip = { frames: [still(10), still(11), still(12)], fps: 30 };

  it("shows clip frame k from k/fps s after `after` appears, then `after`; before that, `after` (no clip yet)", () => {
    expect(afterStillAt({ after, clip }, -0.01).id).toBe(1);
    expect(afterStillAt({ after, clip }, 0).id).toBe(10);
    expect(afterStillAt({ after, clip }, 1 / 30).id).toBe(11);
    expect(afterStillAt({ after, clip }, 2 / 30).id).toBe(12);
    expect(afterStillAt({ after, clip }, 2.99 / 30).id).toBe(12);
    expect(afterStillAt({ after, clip }, 3 / 30).id).toBe(1);
    expect(afterStillAt({ after, clip: null }, 0).id).toBe(1);
    expect(afterStillAt({ after }, 0.5).id).toBe(1);
  });

  it("makes the scene long enough to play the clip and look at its end", () => {
    const hover = { kind: "hover" as const, target: { x: 10, y: 10, width: 20, height: 10 } };
    const base = motionPhases(hover, viewport);
    const long = { frames: Array.from({ length: 90 }, () => Buffer.alloc(0)), fps: 30 };
    expect(withClip(base, long).minimum).toBeCloseTo(base.afterAt + 3 + SETTLE_SECONDS, 9);
    expect(withClip(base, { frames: [Buffer.alloc(0)], fps: 30 }).minimum).toBe(base.minimum);
    expect(withClip(base, null)).toBe(base);
    const cut = motionPhases({ kind: "cut" }, viewport);
    expect(withClip(cut, long).minimum).toBeCloseTo(3 + SETTLE_SECONDS, 9);
  });
});
