import type { AudioFigures } from "./audio-figures.js";
import type { CaptionFigures } from "./caption-figures.js";

/**
 * A rendered walkthrough judged as a viewer would, against the norms it is made to: speech most of the
 * time, no long silence, the web's loudness, captions that can be read (Netflix/BBC subtitle norms), a
 * presenter's pace, a render faster than real time, and stills taken once the page had settled. The
 * render stores it beside the video (docs/decisions/0024-render-quality-report.md) and the quality
 * benchmark reports the same figures from the same code.
 */

export type QualityUnit =
  | "ratio"
  | "seconds"
  | "LUFS"
  | "dBTP"
  | "cues"
  | "chars/s"
  | "chars"
  | "lines"
  | "wpm"
  | "×"
  | "beats";

interface Target {
  label: string;
  unit: QualityUnit;
  min?: number;
  max?: number;
}

export const QUALITY_TARGETS = {
  speechCoverage: { label: "Speech coverage", unit: "ratio", min: 0.7 },
  longestSilenceSeconds: { label: "Longest silence", unit: "seconds", max: 2 },
  integratedLoudness: { label: "Integrated loudness", unit: "LUFS", min: -17, max: -15 },
  truePeak: { label: "True peak", unit: "dBTP", max: -1 },
  captionCuesUnderOneSecond: { label: "Caption cues under 1 s", unit: "cues", max: 0 },
  captionCharsPerSecond: { label: "Caption reading speed (max)", unit: "chars/s", max: 17 },
  captionLineChars: { label: "Longest caption line", unit: "chars", max: 42 },
  captionLinesPerCue: { label: "Lines per cue (max)", unit: "lines", max: 2 },
  narrationRate: { label: "Narration rate", unit: "wpm", min: 140, max: 160 },
  renderSpeed: { label: "Render speed vs real time", unit: "×", min: 2 },
  unsettledBeats: { label: "Stills taken before the page settled", unit: "beats", max: 0 },
} as const satisfies Record<string, Target>;

export type QualityFigure = keyof typeof QUALITY_TARGETS;

export interface QualityCheck {
  figure: QualityFigure;
  label: string;
  unit: QualityUnit;
  /** Null when it could not be measured (no render time known, a silent track's loudness). */
  value: number | null;
  min: number | null;
  max: number | null;
  /** Null when not measured. */
  pass: boolean | null;
}

/** Where one shown beat's scene is in the video, in seconds from its start: [startSeconds, endSeconds). */
export interface SceneSpan {
  beatId: string;
  startSeconds: number;
  endSeconds: number;
}

export interface QualityInput {
  videoSeconds: number;
  /** Beats the plan asked to show (hidden ones excluded) and beats in the video. */
  beats: { planned: number; shown: number };
  /** Ids of the beats whose stills were taken at the settle wait's bound, with the page still moving. */
  unsettledBeats: readonly string[];
  /** Each shown beat's scene, in video order (the compositor's timings). */
  scenes: readonly SceneSpan[];
  audio: AudioFigures;
  captions: CaptionFigures;
  /**
   * Words the voice says (numbers and acronyms read out: "4,215" is four words spoken, one written);
   * null counts the captions' written words instead.
   */
  spokenWords: number | null;
  /** Wall seconds the render took up to its encoded video; null when unknown. */
  renderSeconds: number | null;
}

export interface QualityReport {
  version: 1;
  videoSeconds: number;
  beats: { planned: number; shown: number };
  unsettledBeats: string[];
  /**
   * The span of every shown beat's scene, in video order, to the millisecond; one scene ends where the
   * next starts. A still from the middle of a span shows that beat (marketing's render sources take one).
   */
  scenes: SceneSpan[];
  speech: {
    coverage: number;
    seconds: number;
    speakingSeconds: number;
    longestSilence: { start: number; seconds: number };
  };
  loudness: { integratedLufs: number | null; truePeakDbtp: number | null };
  captions: CaptionFigures;
  narration: { words: number; wordsFrom: "speech" | "captions"; wordsPerMinute: number | null };
  render: { wallSeconds: number | null; speed: number | null };
  checks: QualityCheck[];
  /** Every measured figure within its target. */
  pass: boolean;
  /** How the figures were measured, for a reader who wants to reproduce them. */
  method: string;
}

const METHOD =
  "Audio of the delivered MP4, decoded once by ffmpeg: silencedetect at -35 dB with 0.3 s minimum (speech " +
  "coverage: everything not silent) and ebur128 with peak=true (integrated loudness, true peak). Captions: " +
  "the delivered WebVTT (characters a second over a cue's lines joined by a space). Narration rate: words " +
  "spoken (numbers read out) per minute of speaking, where pauses under 0.7 s between speech count as " +
  "speaking. Render speed: " +
  "video seconds per wall second from the render's start to its encoded video.";

/** Rounded for the reader; a non-finite figure (-inf LUFS of silence) is null. */
const round = (n: number | null, places = 2): number | null =>
  n === null || !Number.isFinite(n) ? null : Number(n.toFixed(places));

function check(figure: QualityFigure, value: number | null): QualityCheck {
  const t: Target = QUALITY_TARGETS[figure];
  const min = t.min ?? null;
  const max = t.max ?? null;
  const pass = value === null ? null : (min === null || value >= min) && (max === null || value <= max);
  return { figure, label: t.label, unit: t.unit, value, min, max, pass };
}

export function qualityReport(input: QualityInput): QualityReport {
  const { audio, captions } = input;
  const words = input.spokenWords ?? captions.words;
  const wpm = audio.speakingSeconds > 0 ? words / (audio.speakingSeconds / 60) : null;
  const speed =
    input.renderSeconds !== null && input.renderSeconds > 0 ? input.videoSeconds / input.renderSeconds : null;
  const lufs = round(audio.integratedLufs, 1);
  const peak = round(audio.truePeakDbtp, 1);
  const checks = [
    check("speechCoverage", round(audio.speechShare, 3)),
    check("longestSilenceSeconds", round(audio.longestSilence.seconds)),
    check("integratedLoudness", lufs),
    check("truePeak", peak),
    check("captionCuesUnderOneSecond", captions.underOneSecond),
    check("captionCharsPerSecond", round(captions.maxCharsPerSecond, 1)),
    check("captionLineChars", captions.longestLineChars),
    check("captionLinesPerCue", captions.maxLinesPerCue),
    check("narrationRate", round(wpm, 0)),
    check("renderSpeed", round(speed)),
    check("unsettledBeats", input.unsettledBeats.length),
  ];
  return {
    version: 1,
    videoSeconds: round(input.videoSeconds, 3) ?? 0,
    beats: input.beats,
    unsettledBeats: [...input.unsettledBeats],
    scenes: input.scenes.map((s) => ({
      beatId: s.beatId,
      startSeconds: round(s.startSeconds, 3) ?? 0,
      endSeconds: round(s.endSeconds, 3) ?? 0,
    })),
    speech: {
      coverage: round(audio.speechShare, 3) ?? 0,
      seconds: round(audio.speechSeconds) ?? 0,
      speakingSeconds: round(audio.speakingSeconds) ?? 0,
      longestSilence: {
        start: round(audio.longestSilence.start) ?? 0,
        seconds: round(audio.longestSilence.seconds) ?? 0,
      },
    },
    loudness: { integratedLufs: lufs, truePeakDbtp: peak },
    captions: { ...captions, maxCharsPerSecond: round(captions.maxCharsPerSecond, 1) ?? 0 },
    narration: {
      words,
      wordsFrom: input.spokenWords === null ? "captions" : "speech",
      wordsPerMinute: round(wpm, 0),
    },
    render: { wallSeconds: round(input.renderSeconds, 1), speed: round(speed) },
    checks,
    pass: checks.every((c) => c.pass !== false),
    method: METHOD,
  };
}
