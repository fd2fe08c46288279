import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

const exportCache = (env: Record<string, string>) => loadConfig(env).exportCache;

describe("CLIPWRIGHT_EXPORT_CACHE_DAYS and CLIPWRIGHT_EXPORT_CACHE_MAX_GB", () => {
  it("keep an entry 14 days, with no size budget, unless told", () => {
    expect(exportCache({})).toEqual({ maxAgeDays: 14, maxBytes: null });
    expect(exportCache({ CLIPWRIGHT_EXPORT_CACHE_DAYS: "", CLIPWRIGHT_EXPORT_CACHE_MAX_GB: " " })).toEqual({
      maxAgeDays: 14,
      maxBytes: null,
    });
  });

  it("read whole days, and a budget in GiB that may have decimals", () => {
    expect(exportCache({ CLIPWRIGHT_EXPORT_CACHE_DAYS: "3", CLIPWRIGHT_EXPORT_CACHE_MAX_GB: "20" })).toEqual({
      maxAgeDays: 3,
      maxBytes: 20 * 1024 ** 3,
    });
    expect(exportCache({ CLIPWRIGHT_EXPORT_CACHE_MAX_GB: "0.5" }).maxBytes).toBe(512 * 1024 ** 2);
  });

  it("refuse at start what is not a day count or a size", () => {
    for (const days of ["0", "-1", "1.5", "two weeks"]) {
      expect(() => exportCache({ CLIPWRIGHT_EXPORT_CACHE_DAYS: days }), days).toThrow(ConfigError);
    }
    for (const gb of ["0", "-5", "10GB", "Infinity", "NaN"]) {
      expect(() => exportCache({ CLIPWRIGHT_EXPORT_CACHE_MAX_GB: gb }), gb).toThrow(ConfigError);
    }
  });
});
