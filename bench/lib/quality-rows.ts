// The quality report's checks as rows of the benchmark's table: the measured value with what it is made
// of, the target, and whether it was met.
import type { QualityCheck, QualityReport } from "../../src/media/quality/report.js";
import { pct } from "./report.js";

export type Row = [label: string, measured: string, target: string, met: boolean | null];

const unitText: Record<QualityCheck["unit"], (n: number) => string> = {
  ratio: pct,
  seconds: (n) => `${n.toFixed(1)} s`,
  LUFS: (n) => `${n.toFixed(1)} LUFS`,
  dBTP: (n) => `${n.toFixed(1)} dBTP`,
  cues: String,
  "chars/s": (n) => `${n.toFixed(1)} cps`,
  chars: (n) => `${n} chars`,
  lines: String,
  wpm: (n) => `${n.toFixed(0)} wpm`,
  "×": (n) => `${n.toFixed(2)}×`,
  beats: String,
};

function targetText(c: QualityCheck): string {
  const f = unitText[c.unit];
  if (c.min !== null && c.max !== null) return `${f(c.min)} to ${f(c.max)}`;
  if (c.min === null && c.max === 0) return "none";
  return c.min !== null ? `≥ ${f(c.min)}` : `≤ ${f(c.max as number)}`;
}

/** What a figure is made of, beside its value, for the reader of the table. */
function detail(c: QualityCheck, r: QualityReport, renderS: number): string {
  switch (c.figure) {
    case "speechCoverage":
      return ` (${r.speech.seconds.toFixed(1)} s of ${r.videoSeconds.toFixed(1)} s)`;
    case "longestSilenceSeconds":
      return ` (from ${r.speech.longestSilence.start.toFixed(1)} s)`;
    case "captionCuesUnderOneSecond":
      return ` of ${r.captions.cues}`;
    case "narrationRate":
      return ` (${r.narration.words} words ${r.narration.wordsFrom === "speech" ? "spoken" : "captioned"} / ${r.speech.speakingSeconds.toFixed(1)} s of speaking)`;
    case "renderSpeed":
      return ` (${r.videoSeconds.toFixed(1)} s video in ${renderS.toFixed(1)} s)`;
    case "unsettledBeats":
      return r.unsettledBeats.length ? ` (${r.unsettledBeats.join(", ")})` : "";
    default:
      return "";
  }
}

/** One row per check of the report; `renderS` is the wall time the render speed was taken from. */
export function checkRows(r: QualityReport, renderS: number): Row[] {
  return r.checks.map((c) => [
    c.label,
    c.value === null ? "not measured" : `${unitText[c.unit](c.value)}${detail(c, r, renderS)}`,
    targetText(c),
    c.pass,
  ]);
}

/** The render's stored report must say what the benchmark measures on the same files (render speed aside). */
export function disagreements(measured: QualityReport, stored: QualityReport): string[] {
  const off: string[] = [];
  for (const c of measured.checks) {
    if (c.figure === "renderSpeed") continue;
    const theirs = stored.checks.find((s) => s.figure === c.figure)?.value ?? null;
    const tolerance = c.unit === "ratio" ? 0.005 : c.unit === "wpm" ? 2 : 0.11;
    if (theirs === null || c.value === null ? theirs !== c.value : Math.abs(theirs - c.value) > tolerance)
      off.push(`the stored quality_report says ${c.label} ${theirs}, the benchmark measured ${c.value}`);
  }
  return off;
}
