import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bundleBudget, FIRST_LOAD_BUDGET_BYTES, firstLoadJavaScript } from "../../web/build/bundle-budget.js";

// The dashboard's build fails when the JavaScript of its first load is over 200 kB gzipped
// (web/build/bundle-budget.ts). What counts: the entry chunks and what they import statically;
// pages loaded later (dynamic imports), styles and pictures do not.

const chunk = (fileName: string, code: string, more: { isEntry?: boolean; imports?: string[] } = {}) => ({
  type: "chunk" as const,
  fileName,
  code,
  isEntry: more.isEntry ?? false,
  imports: more.imports ?? [],
});
const gz = (text: string) => gzipSync(text, { level: 9 }).length;

describe("the first load's JavaScript", () => {
  const entry = "import './vendor.js';".repeat(50);
  const vendor = "function react(){}".repeat(400);
  const page = "function keysPage(){}".repeat(400);
  const bundle = {
    "index.js": chunk("index.js", entry, { isEntry: true, imports: ["vendor.js"] }),
    "vendor.js": chunk("vendor.js", vendor, { imports: ["index.js"] }), // cycles are followed once
    "keys.js": chunk("keys.js", page, { imports: ["vendor.js"] }),
    "index.css": { type: "asset" as const, fileName: "index.css" },
  };

  it("is the entry and its static imports, gzipped", () => {
    const measured = firstLoadJavaScript(bundle);
    expect(measured.files).toEqual(["index.js", "vendor.js"]);
    expect(measured.gzipBytes).toBe(gz(entry) + gz(vendor));
  });

  it("fails the build when over budget, and writes the measure beside the build otherwise", () => {
    const plugin = bundleBudget(gz(entry) + gz(vendor) - 1);
    const errors: string[] = [];
    const emitted: { fileName: string; source: string }[] = [];
    const context = {
      error: (message: string) => {
        errors.push(message);
        throw new Error(message);
      },
      info: () => {},
      emitFile: (file: { fileName: string; source: string }) => void emitted.push(file),
    };
    const run = (p: ReturnType<typeof bundleBudget>) =>
      (p.generateBundle as unknown as (this: typeof context, o: unknown, b: unknown) => void).call(context, {}, bundle);
    expect(() => run(plugin)).toThrow(/over the bundle budget/);
    expect(errors[0]).toMatch(/^over the bundle budget: first-load JavaScript [\d.]+ kB gzipped/);

    run(bundleBudget());
    expect(emitted).toHaveLength(1);
    expect(JSON.parse(emitted[0]?.source ?? "{}")).toEqual({
      files: ["index.js", "vendor.js"],
      gzipBytes: gz(entry) + gz(vendor),
      budgetBytes: FIRST_LOAD_BUDGET_BYTES,
    });
  });
});
