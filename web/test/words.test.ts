import { describe, expect, it } from "vitest";
import { formatDelta, formatSeconds } from "../src/format";
import { passwordProblem } from "../src/pages/password-rules";

describe("how the dashboard words things", () => {
  it("counts a password's characters as the service does (an emoji is one)", () => {
    expect(passwordProblem("")).toBe("Use at least 8 characters (8 more).");
    expect(passwordProblem("1234567")).toBe("Use at least 8 characters (1 more).");
    expect(passwordProblem("🎬🎬🎬🎬🎬🎬🎬")).toBe("Use at least 8 characters (1 more).");
    expect(passwordProblem("🎬🎬🎬🎬🎬🎬🎬🎬")).toBeNull();
    expect(passwordProblem("x".repeat(200))).toBeNull();
    expect(passwordProblem("x".repeat(203))).toBe("Use at most 200 characters (3 too many).");
  });

  it("writes video time for people", () => {
    expect(formatSeconds(0)).toBe("0 s");
    expect(formatSeconds(45)).toBe("45 s");
    expect(formatSeconds(750)).toBe("12 min 30 s");
    expect(formatSeconds(3600)).toBe("1 h");
    expect(formatSeconds(7500)).toBe("2 h 5 min");
    expect(formatDelta(600)).toBe("+10 min");
    expect(formatDelta(-45)).toBe("−45 s");
  });
});
