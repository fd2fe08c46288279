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
});
