import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** The budget: at most 200 kB (200 000 bytes) of gzipped JavaScript before the app can start. */
export const FIRST_LOAD_BUDGET_BYTES = 200_000;

/** What the budget reads of an output file (Rollup's and Rolldown's OutputChunk / OutputAsset). */
interface OutputFile {
  type: "chunk" | "asset";
  fileName: string;
  isEntry?: boolean;
  imports?: string[];
  code?: string;
}

export interface FirstLoad {
  /** The entry chunks and every chunk they import statically, transitively: what the page's first load fetches. */
  files: string[];
  /** Their gzipped size (zlib level 9), summed. */
  gzipBytes: number;
}

/** The JavaScript a browser must fetch before the app starts; pages loaded later (dynamic imports) do not count. */
export function firstLoadJavaScript(bundle: Record<string, OutputFile>): FirstLoad {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const file = bundle[fileName];
    if (file?.type !== "chunk" || seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of file.imports ?? []) visit(imported);
  };
  for (const file of Object.values(bundle)) if (file.type === "chunk" && file.isEntry) visit(file.fileName);
  const files = [...seen].sort();
  const gzipBytes = files.reduce((sum, f) => sum + gzipSync(bundle[f]?.code ?? "", { level: 9 }).length, 0);
  return { files, gzipBytes };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Fails the build when the first load's JavaScript is over budget, and writes the measure beside the
 * build (`.first-load.json`, not served) so the figure can be quoted.
 */
export function bundleBudget(limitBytes = FIRST_LOAD_BUDGET_BYTES): Plugin {
  return {
    name: "clipwright:bundle-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const measured = firstLoadJavaScript(bundle as unknown as Record<string, OutputFile>);
      const line = `first-load JavaScript ${kB(measured.gzipBytes)} gzipped (budget ${kB(limitBytes)}): ${measured.files.join(", ")}`;
      if (measured.gzipBytes > limitBytes) this.error(`over the bundle budget: ${line}`);
      this.info(line);
      this.emitFile({
        type: "asset",
        fileName: ".first-load.json",
        source: `${JSON.stringify({ ...measured, budgetBytes: limitBytes }, null, 2)}\n`,
      });
    },
  };
}
