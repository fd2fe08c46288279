import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";

// README's "Configuration" table is what an operator reads; src/config.ts is where every setting is
// read. The table lists exactly the environment variables config.ts reads: a new setting without a row,
// or a row for a setting that is gone, fails here.

const ROOT = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), "utf8");

/** Every `env.NAME` / `env["NAME"]` in config.ts's source (reads made only on some branch included). */
function namesInSource(): Set<string> {
  const source = read("src/config.ts");
  const names = [...source.matchAll(/\benv\s*(?:\.\s*([A-Z][A-Z0-9_]*)|\[\s*["']([A-Z][A-Z0-9_]*)["']\s*\])/g)];
  return new Set(names.map(([, dotted, quoted]) => (dotted ?? quoted) as string));
}

/** Every variable loadConfig asks the environment for when nothing is set (however it reads them). */
function namesRead(): Set<string> {
  const asked = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, name) {
      if (typeof name === "string") asked.add(name);
      return undefined;
    },
  });
  loadConfig(env);
  return asked;
}

/** The backquoted names in the first column of the table under "## Configuration". */
function namesInReadme(): string[] {
  const readme = read("README.md");
  const section = readme.split(/^## /m).find((s) => s.startsWith("Configuration\n"));
  expect(section, "README has a Configuration section").toBeDefined();
  const rows = (section as string).split("\n").filter((line) => line.startsWith("| `"));
  return rows.flatMap((row) =>
    [...(row.split("|")[1] as string).matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] as string),
  );
}

describe("README's configuration table", () => {
  it("lists every environment variable src/config.ts reads, and nothing else", () => {
    const inCode = [...new Set([...namesInSource(), ...namesRead()])].sort();
    const inReadme = namesInReadme();
    expect(inCode.length).toBeGreaterThan(20);
    expect(new Set(inReadme).size, "each variable has one row").toBe(inReadme.length);
    expect([...inReadme].sort()).toEqual(inCode);
  });
});
