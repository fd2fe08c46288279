// The marketing report's "where the time goes" tables: a generation's stages and pieces, an edit's steps
// and the copy-fit check's page-script runs.
import { type CopyFitSplit, EDIT_STEPS, type EditStep } from "./edit-profile.js";
import type { GenerationProfile } from "./generation-profile.js";
import { latency, msText } from "./latency.js";
import { median } from "./load.js";
import { type GenerationRound, stageSpans } from "./marketing-generation.js";
import { table } from "./report.js";

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const TTS_STAGE = "measuring the narration";
const DRAW_STAGE = "drawing the scenes";

export function generationTables(rounds: readonly GenerationRound[], p: GenerationProfile): string[] {
  const spans = rounds.map(stageSpans);
  // In the order the job goes through them: by when each was first seen, in the rounds that saw it (a
  // stage shorter than a poll may be missed in one round).
  const seenAt = (stage: string) =>
    median(rounds.flatMap((r) => r.stages.filter(([st]) => st === stage).map(([, at]) => at)));
  const stages = [...new Set(spans.flatMap((m) => [...m.keys()]))].sort((a, b) => seenAt(a) - seenAt(b));
  const stageRows = rounds.map((r, i) => [
    String(i + 1),
    s(r.wallMs),
    msText(r.preflightMs),
    msText(r.createMs),
    ...stages.map((st) => {
      const ms = spans[i]?.get(st);
      return ms === undefined ? "–" : s(ms);
    }),
  ]);
  const share = (st: string) => median(spans.map((m) => m.get(st) ?? 0));
  const wall = median(rounds.map((r) => r.wallMs));
  const tts = share(TTS_STAGE);
  const draw = share(DRAW_STAGE);
  const pct = (ms: number) => `${Math.round((ms / wall) * 100)} %`;
  const pageScript = p.stills.reduce((a, x) => a + x.drawMs, 0);
  const png = p.stills.reduce((a, x) => a + x.pngMs, 0);
  const pieces = [
    ["festival: every scene's narration said once (measureSpeech)", s(p.ttsMs)],
    ["fonts resolved, source images read, scene specs built", msText(p.specsMs)],
    ["scene page opened (a new browser context)", msText(p.openPageMs)],
    ...p.stills.map((x) => [
      `still: ${x.kind} — page script (markup, fonts, image decode, fit) / PNG capture + encode (${Math.round(x.pngBytes / 1024)} kB)`,
      `${msText(x.drawMs)} / ${msText(x.pngMs)}`,
    ]),
    [`all ${p.stills.length} stills: page script / PNG`, `${s(pageScript)} / ${s(png)}`],
    ["scene page closed", msText(p.closeMs)],
  ];
  return [
    `The generation's stages as the job reports them (progress_stage, first seen by the poller; preflight and create are the two requests before the job): *${TTS_STAGE}* is festival saying every line (plus the plan's fit, microseconds), *${DRAW_STAGE}* is Chromium drawing one still per scene.`,
    "",
    table(["Round", "Wall", "Preflight", "Create", ...stages], stageRows),
    "",
    `Median shares of the wall time: TTS (festival) ${s(tts)} (${pct(tts)}), Chromium stills ${s(draw)} (${pct(draw)}), the rest ${s(wall - tts - draw)} (${pct(wall - tts - draw)}: the two requests, the queue's pick-up, reading the source and planning, storing the artifacts, the poll's resolution).`,
    "",
    `The pieces timed one after another from the benchmark on the last round's stored input and document (bench/lib/generation-profile.ts; festival spoke ${p.spokenSeconds.toFixed(1)} s of narration):`,
    "",
    table(["Piece", "Time"], pieces),
  ];
}

export function editStepTable(columns: readonly [string, Record<EditStep, number[]>][]): string {
  const cell = (xs: number[]) => {
    const l = latency(xs);
    return `${msText(l.p50)} / ${msText(l.p95)}`;
  };
  return table(
    ["Step", ...columns.map(([name]) => name)],
    EDIT_STEPS.map((step) => [step, ...columns.map(([, steps]) => cell(steps[step]))]),
  );
}

export function copyFitTable(split: CopyFitSplit): string {
  const measure = latency(split.measureMs);
  const trip = latency(split.roundTripMs);
  const scenes = split.scenes.reduce((a, b) => a + b, 0) / Math.max(1, split.scenes.length);
  return [
    `The copy-fit check split per scene (the no-copy profile's documents, each scene measured on a scene page of the benchmark's own, ${split.measureMs.length} scenes over ${split.scenes.length} documents of ${Math.min(...split.scenes)}–${Math.max(...split.scenes)} visible scenes): one page-script run per scene; runPageScript opens a CDP session for each run.`,
    "",
    table(
      ["Per scene", "p50", "p95"],
      [
        [
          "measureOverflow (markup, one page-script run, the fit in the page)",
          msText(measure.p50),
          msText(measure.p95),
        ],
        [
          "a bare CDP session round trip as runPageScript makes one (attach, getFrameTree + Runtime.enable, evaluate nothing, detach)",
          msText(trip.p50),
          msText(trip.p95),
        ],
        [
          `a document (${scenes.toFixed(1)} visible scenes on average): measures / of which round trips (p50 × scenes)`,
          msText(measure.p50 * scenes),
          msText(trip.p50 * scenes),
        ],
      ],
    ),
  ].join("\n");
}
