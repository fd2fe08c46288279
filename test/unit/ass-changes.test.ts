import { describe, expect, it } from "vitest";
import { toAss } from "../../src/media/captions/ass.js";
import { assChangeTimesMs } from "../../src/media/captions/ass-changes.js";
import { firstFrameAtOrAfter, frameTimestampMs } from "../../src/media/ffmpeg/raw-matroska.js";
import { catalogueLook } from "../support/caption-looks.js";

const look = catalogueLook;

const cues = [
  { startSeconds: 0.3, endSeconds: 1.8, text: "Open {\\k50} the menu" },
  { startSeconds: 2.1, endSeconds: 4, text: "Second line" },
];

describe("assChangeTimesMs", () => {
  it("lists each cue's start and end, and the mark's span", () => {
    const ass = toAss({ width: 1920, height: 1080, look: look("classic"), cues, watermark: true, durationSeconds: 5 });
    expect(assChangeTimesMs(ass)).toEqual([0, 300, 1800, 2100, 4000, 6000]);
  });

  it("adds each karaoke word's start, and nothing for tags typed in the text", () => {
    const ass = toAss({ width: 1920, height: 1080, look: look("karaoke"), cues, watermark: false, durationSeconds: 5 });
    const times = assChangeTimesMs(ass);
    // Cue one has four words ("{\k50}" is text): its start, three word boundaries inside, its end.
    const first = times.filter((t) => t >= 300 && t <= 1800);
    expect(first[0]).toBe(300);
    expect(first.at(-1)).toBe(1800);
    expect(first).toHaveLength(5);
    expect(times.filter((t) => t >= 2100 && t <= 4000)).toHaveLength(3);
  });
});

describe("firstFrameAtOrAfter", () => {
  it("is the first frame whose sent timestamp reaches the moment", () => {
    for (const fps of [24, 25, 30, 60]) {
      for (let ms = 0; ms <= 5000; ms += 10) {
        const f = firstFrameAtOrAfter(ms, fps);
        expect(frameTimestampMs(f, fps)).toBeGreaterThanOrEqual(ms);
        if (f > 0) expect(frameTimestampMs(f - 1, fps)).toBeLessThan(ms);
      }
    }
    expect(firstFrameAtOrAfter(4960, 30)).toBe(149);
    expect(firstFrameAtOrAfter(5000, 30)).toBe(150);
  });
});
