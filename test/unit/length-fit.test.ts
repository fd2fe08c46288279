import { describe, expect, it } from "vitest";
import { fitBeats } from "../../src/domains/renders/length-fit.js";

const beat = (id: string, estimatedSeconds: number, taught = false) => ({ id, estimatedSeconds, taught });

describe("lengthFit", () => {
  it("keeps every beat that fits and reports all 11 fields", () => {
    const { kept, fit } = fitBeats([beat("b1", 8), beat("b2", 10), beat("b3", 7)], {
      targetSeconds: 30,
      maxSeconds: null,
      seconds: 30,
    });
    expect(kept.map((b) => b.id)).toEqual(["b1", "b2", "b3"]);
    expect(fit).toEqual({
      adjusted: false,
      beatBudget: 3,
      beatsDropped: 0,
      beatsKept: 3,
      beatsPlanned: 3,
      cappedFromSeconds: null,
      maxSeconds: null,
      note: null,
      plannedSeconds: 25,
      seconds: 30,
      targetSeconds: 30,
    });
  });

  it("cuts the walkthrough from its end when the length is short", () => {
    const { kept, fit } = fitBeats([beat("b1", 12), beat("b2", 12), beat("b3", 12), beat("b4", 12)], {
      targetSeconds: null,
      maxSeconds: 30,
      seconds: 30,
    });
    expect(kept.map((b) => b.id)).toEqual(["b1", "b2"]);
    expect(fit).toMatchObject({ adjusted: true, beatBudget: 2, beatsDropped: 2, beatsKept: 2, beatsPlanned: 4 });
    expect(fit).toMatchObject({ maxSeconds: 30, targetSeconds: null, plannedSeconds: 24, seconds: 30 });
    expect(fit.note).toMatch(/2 steps were left out to fit 30 seconds/);
  });

  it("drops taught extras first, then cuts from the end", () => {
    const beats = [beat("b1", 10), beat("t1", 10, true), beat("b2", 10), beat("t2", 10, true), beat("b3", 10)];
    const { kept } = fitBeats(beats, { targetSeconds: 30, maxSeconds: null, seconds: 30 });
    expect(kept.map((b) => b.id)).toEqual(["b1", "b2", "b3"]);
    const shorter = fitBeats(beats, { targetSeconds: 20, maxSeconds: null, seconds: 20 });
    expect(shorter.kept.map((b) => b.id)).toEqual(["b1", "b2"]);
    expect(shorter.fit.beatsDropped).toBe(3);
  });

  it("always keeps the first beat", () => {
    const { kept, fit } = fitBeats([beat("b1", 50), beat("b2", 5)], {
      targetSeconds: 30,
      maxSeconds: null,
      seconds: 30,
    });
    expect(kept.map((b) => b.id)).toEqual(["b1"]);
    expect(fit).toMatchObject({ beatBudget: 0, beatsKept: 1, beatsDropped: 1, adjusted: true });
  });

  it("tells the user the video will be shorter when the kept steps cannot fill a fixed length, and that only its real length is charged", () => {
    // 15 s of narration + the first lead-in (0.3 s) + two quiet stretches at the cap (3 s) + the closing hold (1.8 s) ≈ 20 s.
    const { kept, fit } = fitBeats([beat("b1", 6), beat("b2", 5), beat("b3", 4)], {
      targetSeconds: 60,
      maxSeconds: null,
      seconds: 60,
    });
    expect(kept.map((b) => b.id)).toEqual(["b1", "b2", "b3"]);
    expect(fit).toMatchObject({ adjusted: true, beatsDropped: 0, beatsKept: 3, plannedSeconds: 15, targetSeconds: 60 });
    expect(fit.note).toBe(
      "The site offered about 20 seconds of content, so the video will be about 20 seconds long instead of 60; only its real length is charged.",
    );
  });

  it("counts the lead-ins and quiet holds towards the length: steps that fill it that way are not short", () => {
    // 25 s planned + 0.3 + 3 + 1.8 = 30.1 s: the holds make up the rest of 30 seconds without dead air.
    const { fit } = fitBeats([beat("b1", 8), beat("b2", 8), beat("b3", 9)], {
      targetSeconds: 30,
      maxSeconds: null,
      seconds: 30,
    });
    expect(fit).toMatchObject({ adjusted: false, note: null });
    const under = fitBeats([beat("b1", 8), beat("b2", 8), beat("b3", 8)], {
      targetSeconds: 30,
      maxSeconds: null,
      seconds: 30,
    });
    expect(under.fit.adjusted).toBe(true);
    expect(under.fit.note).toMatch(/about 29 seconds long instead of 30/);
  });

  it("never calls an Auto length short: the video is as long as its content", () => {
    const { fit } = fitBeats([beat("b1", 4), beat("b2", 4)], { targetSeconds: null, maxSeconds: 120, seconds: 120 });
    expect(fit).toMatchObject({ adjusted: false, note: null, maxSeconds: 120, targetSeconds: null });
  });

  it("says both when a step is left out and what remains cannot fill the length", () => {
    const { kept, fit } = fitBeats([beat("b1", 20), beat("b2", 20)], {
      targetSeconds: 30,
      maxSeconds: null,
      seconds: 30,
    });
    expect(kept.map((b) => b.id)).toEqual(["b1"]);
    expect(fit).toMatchObject({ adjusted: true, beatsDropped: 1, beatsKept: 1 });
    expect(fit.note).toBe(
      "1 step was left out to fit 30 seconds; 1 of 2 are shown. The 1 step shown holds about 22 seconds, so the video will be about 22 seconds long instead of 30; only its real length is charged.",
    );
  });
});
