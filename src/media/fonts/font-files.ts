import { execFile } from "node:child_process";
import { cssWeight } from "./fc-list.js";

/**
 * The files of an installed family's upright, normal-width faces, from fontconfig: what a page drawn
 * offline loads with @font-face (scene layouts), so the text is set in exactly the catalogue's font and
 * never in a fallback Chromium picks by name. The catalogue itself keeps no paths (it is read once and
 * shown to clients); callers resolve the one or two families they draw, once per run.
 */

export interface FontFile {
  path: string;
  /** CSS weight rounded to the hundred (a variable face: the lowest of its range). */
  weight: number;
  /** The face covers weights up to this (a variable face), else `weight`. */
  maxWeight: number;
}

const FORMAT = "%{file}\t%{weight}\t%{slant}\t%{width}\t%{fontformat}\n";
const TIMEOUT_MS = 20_000;
const MAX_BYTES = 4 * 1024 * 1024;
/** Formats Chromium's @font-face takes (fontconfig also lists Type 1 and bitmap faces). */
const WEB_FORMATS = new Set(["TrueType", "CFF"]);

function range(text: string): [number, number] | null {
  const m = /^\[?\s*(-?\d+(?:\.\d+)?)(?:\s+(-?\d+(?:\.\d+)?))?\s*\]?$/.exec(text.trim());
  if (!m) return null;
  const low = Number(m[1]);
  return [low, m[2] === undefined ? low : Number(m[2])];
}

/**
 * Parses fc-list output in FORMAT: the upright TrueType/OpenType faces, one per weight, lightest first;
 * normal-width faces when the family has any (as the catalogue decides: a family made only of narrow
 * faces, Liberation Sans Narrow, keeps them).
 */
export function parseFontFiles(output: string): FontFile[] {
  const faces: (FontFile & { normalWidth: boolean })[] = [];
  for (const line of output.split("\n")) {
    const [path = "", weight = "", slant = "", width = "", format = ""] = line.split("\t");
    if (!path.startsWith("/") || !WEB_FORMATS.has(format.trim())) continue;
    const [s0, s1] = range(slant) ?? [0, 0];
    if (s0 > 0 || s1 < 0) continue;
    const [wd0, wd1] = range(width) ?? [100, 100];
    const [w0, w1] = range(weight) ?? [80, 80];
    faces.push({ path, weight: cssWeight(w0), maxWeight: cssWeight(w1), normalWidth: wd0 <= 100 && wd1 >= 100 });
  }
  const normal = faces.filter((f) => f.normalWidth);
  const byWeight = new Map<number, FontFile>();
  for (const { normalWidth: _, ...face } of normal.length > 0 ? normal : faces) {
    // Two files of one weight (a .ttf and an .otf of the same face): the first listed is kept.
    if (!byWeight.has(face.weight)) byWeight.set(face.weight, face);
  }
  return [...byWeight.values()].sort((a, b) => a.weight - b.weight);
}

/** The faces of one installed family (its fontconfig name, e.g. "DejaVu Sans"); empty when none qualifies. */
export function fontFiles(family: string, options: { fcList?: string } = {}): Promise<FontFile[]> {
  // fontconfig's pattern syntax escapes "-", ":", "," and "\" in a value with a backslash.
  const pattern = `:family=${family.replace(/[\\:,-]/g, (c) => `\\${c}`)}`;
  return new Promise((resolve, reject) => {
    execFile(
      options.fcList ?? "fc-list",
      ["--format", FORMAT, pattern],
      { timeout: TIMEOUT_MS, maxBuffer: MAX_BYTES },
      (error, stdout) => (error ? reject(error) : resolve(parseFontFiles(stdout))),
    );
  });
}
