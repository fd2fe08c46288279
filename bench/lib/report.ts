// docs/benchmarks.md holds every suite's latest figures. Each suite owns the text between its own
// markers and rewrites only that, so running one suite leaves the others' figures in place.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { arch, cpus, loadavg, platform } from "node:os";
import { dirname, resolve } from "node:path";

export const DOC_PATH = resolve(import.meta.dirname, "../../docs/benchmarks.md");

const HEADER = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts); \`npm run bench -- <suite>\` runs one suite and rewrites
only its section below. Each suite compares against a baseline measured in the same run on the same
machine: the machines are shared and noisy, so read the ratios, not the absolute figures.
`;

export function writeSection(suite: string, markdown: string, path = DOC_PATH): void {
  const start = `<!-- bench:${suite}:start -->`;
  const end = `<!-- bench:${suite}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const current = existsSync(path) ? readFileSync(path, "utf8") : HEADER;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, next);
}

export function machine(): string {
  let cores: string;
  try {
    cores = execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    cores = String(cpus().length);
  }
  return `${cores} cores (nproc), ${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${platform()} ${arch()}, Node ${process.version}`;
}

/** A Markdown table; cells are already formatted. */
export function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

/** Other work on the machine skews every figure: the 1-minute load average says how busy it was. */
export const load = (): string => loadavg()[0]?.toFixed(1) ?? "?";

/**
 * CPU seconds the whole machine has spent busy so far (every core: user, nice, system, irq, softirq and
 * steal from /proc/stat's first line, at Linux's 100 ticks a second). Over a span, minus what the
 * benchmark's own processes used, it is what other work took from the same cores.
 */
export function machineBusySeconds(): number {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / 100;
}

export const int = (n: number): string => Math.round(n).toLocaleString("en-US");
export const pct = (ratio: number): string => `${(ratio * 100).toFixed(0)} %`;
export const ms = (n: number): string => `${n} ms`;
