// The quality benchmark's table: one row per site and hint, with the issue's targets judged (places in
// order, length, speech, silence, loudness, narration lint) and the rest of the render's quality report
// beside them. Misses are spelled out under the table so a reader sees what failed, not only that it did.
import type { QualityFigure, QualityReport } from "../../src/media/quality/report.js";
import type { NarrationFinding } from "../../src/pipelines/walkthrough/narration-lint.js";
import type { PlacesFound } from "./corpus-places.js";
import type { QualityCase } from "./quality-cases.js";
import { checkRows } from "./quality-rows.js";
import { table } from "./report.js";
import type { StillSpan } from "./still-span.js";
import type { Walkthrough } from "./walkthrough-run.js";

/** A video's length must reach this share of the length asked. */
export const MIN_LENGTH_SHARE = 0.9;

export interface Measured {
  c: QualityCase;
  run: Walkthrough;
  targetSeconds: number;
  places: PlacesFound;
  views: { pages: number; views: number };
  findings: NarrationFinding[];
  /** Pages whose body text was read, of the distinct pages shown. */
  bodyRead: { read: number; of: number };
  still: StillSpan;
}

/** A case that could not be planned or rendered. */
export interface Failure {
  c: QualityCase;
  reason: string;
}

const check = (r: QualityReport, figure: QualityFigure) => r.checks.find((c) => c.figure === figure);
const failed = (r: QualityReport, figure: QualityFigure) => check(r, figure)?.pass === false;
const mark = (bad: boolean) => (bad ? " ✗" : "");

/** The report's checks that are targets of the issue (the rest are shown, and listed when missed). */
const ISSUE_FIGURES: QualityFigure[] = ["speechCoverage", "longestSilenceSeconds", "integratedLoudness"];

/** The issue's targets this row missed, by short name. */
export function issueMisses(m: Measured): string[] {
  const r = m.run.report;
  const misses: string[] = [];
  if (m.places.found < m.c.places.length || !m.places.ordered || m.run.unmet.length > 0) misses.push("places");
  if (r.videoSeconds < MIN_LENGTH_SHARE * m.targetSeconds) misses.push("length");
  if (failed(r, "speechCoverage")) misses.push("speech");
  if (failed(r, "longestSilenceSeconds")) misses.push("silence");
  if (check(r, "integratedLoudness")?.pass !== true) misses.push("loudness");
  if (m.findings.length > 0) misses.push("lint");
  return misses;
}

/** The report's other checks this row missed, as "label measured (target)". */
export function otherMisses(m: Measured): string[] {
  return checkRows(m.run.report, m.run.renderS)
    .filter(([label, , , ok]) => ok === false && !ISSUE_FIGURES.some((f) => check(m.run.report, f)?.label === label))
    .map(([label, measured, target]) => `${label} ${measured} (target ${target})`);
}

function placesCell(m: Measured): string {
  const unmet = m.run.unmet.length ? `; ${m.run.unmet.length} step(s) unmet` : "";
  if (m.c.places.length === 0) return `—${unmet}`;
  return `${m.places.found}/${m.c.places.length}${m.places.ordered ? " in order" : " not in order"}${unmet}`;
}

function lintCell(findings: readonly NarrationFinding[]): string {
  if (findings.length === 0) return "0";
  const by = new Map<string, number>();
  for (const f of findings) by.set(f.rule, (by.get(f.rule) ?? 0) + 1);
  return `${findings.length} (${[...by].map(([rule, n]) => `${n} ${rule}`).join(", ")})`;
}

function captionCell(r: QualityReport): string {
  const c = r.captions;
  return (
    `${c.cues} cues${mark(failed(r, "captionCuesUnderOneSecond"))}, ` +
    `${c.maxCharsPerSecond.toFixed(1)} cps${mark(failed(r, "captionCharsPerSecond"))}, ` +
    `${c.longestLineChars} ch${mark(failed(r, "captionLineChars"))}, ` +
    `${c.maxLinesPerCue} lines${mark(failed(r, "captionLinesPerCue"))}`
  );
}

function row(m: Measured): string[] {
  const r = m.run.report;
  const misses = issueMisses(m);
  const lufs = r.loudness.integratedLufs;
  return [
    m.c.site,
    m.c.hint,
    placesCell(m),
    `${m.views.pages} / ${m.views.views}`,
    `${r.videoSeconds.toFixed(1)} s (${((100 * r.videoSeconds) / m.targetSeconds).toFixed(0)} %)`,
    `${(100 * r.speech.coverage).toFixed(0)} %`,
    `${r.speech.longestSilence.seconds.toFixed(1)} s`,
    lufs === null ? "silent" : `${lufs.toFixed(1)} LUFS`,
    lintCell(m.findings),
    captionCell(r),
    `${m.still.seconds.toFixed(1)} s`,
    r.render.speed === null ? "?" : `${r.render.speed.toFixed(2)}×${mark(failed(r, "renderSpeed"))}`,
    misses.length ? `MISS: ${misses.join(", ")}` : "PASS",
  ];
}

/** What each row missed, spelled out: unmet steps, places, lint findings, the report's other checks. */
function details(m: Measured): string[] {
  const out: string[] = [];
  if (m.run.unmet.length) out.push(`unmet: ${m.run.unmet.map((u) => `“${u}”`).join("; ")}`);
  if (m.c.places.length && (!m.places.ordered || m.places.found < m.c.places.length))
    out.push(`places ${m.c.places.map((p, i) => `“${p}” at beat ${m.places.at[i] ?? -1}`).join(", ")} (-1: not shown)`);
  for (const f of m.findings) out.push(`${f.rule} (line ${f.line + 1}): “${f.excerpt}”`);
  if (m.bodyRead.read < m.bodyRead.of) out.push(`body text read for ${m.bodyRead.read} of ${m.bodyRead.of} pages`);
  out.push(...otherMisses(m));
  return out.length ? [`- **${m.c.site} ${m.c.hint}**: ${out.join("; ")}`] : [];
}

export function qualityTable(measured: readonly Measured[], failures: readonly Failure[] = []): string {
  const head = [
    "Site",
    "Hint",
    "Places",
    "Pages / views",
    "Length",
    "Speech",
    "Longest silence",
    "Loudness",
    "Narration lint",
    "Captions",
    "Longest still",
    "Render speed",
    "",
  ];
  const notes = [
    ...measured.flatMap(details),
    ...failures.map((f) => `- **${f.c.site} ${f.c.hint}**: the walkthrough failed: ${f.reason}`),
  ];
  const failedRows = failures.map((f) => [f.c.site, f.c.hint, ...head.slice(2, -1).map(() => "—"), "FAILED"]);
  return [
    table(head, [...measured.map(row), ...failedRows]),
    "",
    ...(notes.length ? ["What was missed:", "", ...notes] : []),
  ].join("\n");
}
