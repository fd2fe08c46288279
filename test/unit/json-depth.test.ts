import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, textNestsDeeperThan, valueNestsDeeperThan } from "../../src/http/json-depth.js";

const nested = (depth: number): string => `${'{"a":'.repeat(depth - 1)}[]${"}".repeat(depth - 1)}`;

describe("JSON nesting depth", () => {
  it("counts objects and arrays, not brackets inside strings", () => {
    expect(textNestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(textNestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(textNestsDeeperThan(JSON.stringify({ s: "[[[[[[{{{{" }), 2)).toBe(false);
    // An escaped quote does not end the string: the brackets after it are still text.
    expect(textNestsDeeperThan(JSON.stringify({ s: 'a\\"[[[[\\\\' }), 1)).toBe(false);
    expect(textNestsDeeperThan("[[[1]]]", 2)).toBe(true);
    expect(textNestsDeeperThan("1", 0)).toBe(false);
  });

  it("takes a million levels without recursion", () => {
    const text = "[".repeat(1_000_000);
    expect(textNestsDeeperThan(text, MAX_JSON_DEPTH)).toBe(true);
    let value: unknown = [];
    for (let i = 0; i < 1_000_000; i++) value = [value];
    expect(valueNestsDeeperThan(value, MAX_JSON_DEPTH)).toBe(true);
  });

  it("agrees with the depth of the parsed value, for any JSON value", () => {
    const depthOf = (v: unknown): number =>
      v !== null && typeof v === "object" ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, limit) => {
        const deeper = depthOf(value) > limit;
        expect(textNestsDeeperThan(JSON.stringify(value), limit)).toBe(deeper);
        expect(valueNestsDeeperThan(value, limit)).toBe(deeper);
      }),
      { seed: 20260524, numRuns: 300 },
    );
  });
});
