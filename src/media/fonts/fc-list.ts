import { execFile } from "node:child_process";

/**
 * Reading the installed font faces from fontconfig: `fc-list` with a tab-separated format (no shell; the
 * binary is a name looked up on PATH unless the caller passes one). One line per face: the family's
 * first (canonical) name, its style, and the numeric properties the catalogue decides on.
 */

/** One installed face as fontconfig describes it. */
export interface FontFace {
  family: string;
  style: string;
  /** CSS weight (100–900) or, for a variable face, its range. */
  weight: { min: number; max: number };
  /** True when the face is upright (fontconfig slant 0, or a variable range that includes it). */
  upright: boolean;
  /** fontconfig width: 100 normal, 87 semi-condensed, 75 condensed … */
  width: number;
  /** fontconfig spacing: 100 mono, 90 dual, 110 charcell; null for proportional. */
  spacing: number | null;
}

export const FC_LIST_FORMAT = "%{family[0]}\t%{style[0]}\t%{weight}\t%{slant}\t%{width}\t%{spacing}\n";

const FC_LIST_TIMEOUT_MS = 20_000;
const FC_LIST_MAX_BYTES = 16 * 1024 * 1024;

/** fontconfig weights and their CSS equivalents (fontconfig's own FcWeightToOpenType table). */
const WEIGHT_TABLE: readonly [fc: number, css: number][] = [
  [0, 100],
  [40, 200],
  [50, 300],
  [55, 350],
  [75, 380],
  [80, 400],
  [100, 500],
  [180, 600],
  [200, 700],
  [205, 800],
  [210, 900],
  [215, 950],
];

/** A fontconfig weight as a CSS weight rounded to the nearest hundred (100–900). */
export function cssWeight(fcWeight: number): number {
  let css = 950;
  for (let i = 1; i < WEIGHT_TABLE.length; i++) {
    const [fc0, css0] = WEIGHT_TABLE[i - 1] as [number, number];
    const [fc1, css1] = WEIGHT_TABLE[i] as [number, number];
    if (fcWeight <= fc1) {
      css = css0 + ((Math.max(fcWeight, fc0) - fc0) * (css1 - css0)) / (fc1 - fc0);
      break;
    }
  }
  return Math.min(900, Math.max(100, Math.round(css / 100) * 100));
}

/** "80" → [80, 80]; "[0 210]" (a variable face) → [0, 210]; anything else → null. */
function numberOrRange(value: string): [number, number] | null {
  const text = value.trim();
  const range = /^\[\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*\]$/.exec(text);
  if (range) return [Number(range[1]), Number(range[2])];
  if (!/^-?\d+(?:\.\d+)?$/.test(text)) return null;
  return [Number(text), Number(text)];
}

/** Parses fc-list output in FC_LIST_FORMAT; lines that do not fit are skipped. */
export function parseFcList(output: string): FontFace[] {
  const faces: FontFace[] = [];
  for (const line of output.split("\n")) {
    const [family = "", style = "", weight = "", slant = "", width = "", spacing = ""] = line.split("\t");
    const name = family.trim();
    if (!name || name.length > 200) continue;
    // Faces without a weight are regular (fontconfig's default), without a width normal, without a slant upright.
    const w = numberOrRange(weight) ?? [80, 80];
    const s = numberOrRange(slant) ?? [0, 0];
    const wd = numberOrRange(width) ?? [100, 100];
    const sp = numberOrRange(spacing);
    faces.push({
      family: name,
      style: style.trim(),
      weight: { min: cssWeight(w[0]), max: cssWeight(w[1]) },
      upright: s[0] <= 0 && s[1] >= 0,
      width: wd[0] <= 100 && wd[1] >= 100 ? 100 : wd[0],
      spacing: sp ? sp[0] : null,
    });
  }
  return faces;
}

/** Runs fc-list once and parses its faces. Rejects when the program cannot be run. */
export function listFontFaces(binary = "fc-list"): Promise<FontFace[]> {
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      ["--format", FC_LIST_FORMAT],
      { encoding: "utf8", timeout: FC_LIST_TIMEOUT_MS, maxBuffer: FC_LIST_MAX_BYTES },
      (error, stdout) => {
        if (error) reject(error);
        else resolve(parseFcList(stdout));
      },
    );
  });
}
