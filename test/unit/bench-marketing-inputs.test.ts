import { describe, expect, it } from "vitest";
import { latency, percentile } from "../../bench/lib/latency.js";
import { headline, NO_COPY_EDITS } from "../../bench/lib/marketing-edits.js";
import { interpretEdit } from "../../src/domains/marketing/edits/interpret.js";
import { unsupportedClaim } from "../../src/pipelines/marketing/campaign/claims.js";
import { TEXT_CAPS } from "../../src/pipelines/marketing/campaign/limits.js";
import { inputFor } from "./marketing-edits/fixtures.js";

// The marketing benchmark's inputs must be what it says it sends: copy edits that only change the hook's
// headline with claim-free words within the cap, edits that change no copy, and nearest-rank percentiles.
describe("the marketing benchmark's inputs", () => {
  const headlines = Array.from({ length: 120 }, (_, i) => headline(i));

  it("writes headlines within the cap, without quotes or claims, of many lengths", () => {
    for (const text of headlines) {
      expect(text.length).toBeGreaterThan(0);
      expect(text.length).toBeLessThanOrEqual(TEXT_CAPS.headline);
      expect(text).not.toMatch(/['"‘’“”]/);
      expect(unsupportedClaim(text, [])).toBeNull();
    }
    expect(new Set(headlines).size).toBeGreaterThanOrEqual(60);
    expect(Math.min(...headlines.map((t) => t.length))).toBeLessThan(25);
    expect(Math.max(...headlines.map((t) => t.length))).toBeGreaterThan(65);
  });

  it("turns each copy instruction into the hook's headline, word for word", () => {
    for (const text of headlines.slice(0, 20)) {
      const outcome = interpretEdit(inputFor("launch", `change the headline of the hook to '${text}'`));
      expect(outcome.understood && outcome.operations).toEqual([
        { op: "set_copy", sceneId: "sc-1", field: "headline", text },
      ]);
    }
  });

  it("turns each no-copy instruction into operations that write no words", () => {
    for (const instruction of NO_COPY_EDITS) {
      const outcome = interpretEdit(inputFor("launch", instruction));
      expect(outcome.understood, instruction).toBe(true);
      if (!outcome.understood) continue;
      expect(outcome.operations.length).toBeGreaterThan(0);
      for (const op of outcome.operations)
        expect(["set_speed", "set_orientation", "hide_scene", "show_scene"]).toContain(op.op);
    }
  });

  it("takes the nearest-rank percentile: a sample that happened", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
    expect(percentile([7], 95)).toBe(7);
    expect(latency([3, 1, 2])).toEqual({ n: 3, p50: 2, p95: 3, max: 3, mean: 2 });
  });
});
