import { describe, expect, it } from "vitest";
import {
  type AudioFigures,
  parseLoudnessSummary,
  parseSilences,
  speechFigures,
} from "../../src/media/quality/audio-figures.js";
import { captionFigures, parseVtt } from "../../src/media/quality/caption-figures.js";
import { qualityReport } from "../../src/media/quality/report.js";

const VTT = [
  "WEBVTT",
  "",
  "1",
  "00:00:00.500 --> 00:00:03.000",
  "The dashboard opens on four figures:",
  "monthly earnings and annual earnings.",
  "",
  "00:00:03.000 --> 00:00:03.800 line:90% align:center",
  "<b>Tasks</b> next.",
  "",
  "NOTE a comment block is not a cue",
  "",
  "01:00:00.000 --> 01:00:02.000",
  "Café – naïve – 42 %",
  "",
].join("\r\n");

describe("caption figures from a WebVTT file", () => {
  it("reads cues: times with and without hours, settings after the end time, tags dropped, notes skipped", () => {
    expect(parseVtt(VTT)).toEqual([
      {
        start: 0.5,
        end: 3,
        lines: ["The dashboard opens on four figures:", "monthly earnings and annual earnings."],
      },
      { start: 3, end: 3.8, lines: ["Tasks next."] },
      { start: 3600, end: 3602, lines: ["Café – naïve – 42 %"] },
    ]);
  });

  it("counts short cues, the fastest reading speed, the longest line, lines per cue and words", () => {
    const figures = captionFigures(parseVtt(VTT));
    // Cue 1: 36 + 1 + 37 = 74 characters in 2.5 s = 29.6 cps; cue 2: 11 in 0.8 s = 13.75.
    expect(figures).toEqual({
      cues: 3,
      underOneSecond: 1,
      maxCharsPerSecond: 29.6,
      longestLineChars: 37,
      maxLinesPerCue: 2,
      // "–" and "%" are not words; "42" is.
      words: 11 + 2 + 3,
    });
  });

  it("counts characters as code points, and a cue of exactly one second is not under one second", () => {
    const figures = captionFigures([{ start: 0, end: 1, lines: ["😀😀 é"] }]);
    expect(figures).toMatchObject({ underOneSecond: 0, longestLineChars: 4, maxCharsPerSecond: 4 });
  });

  it("has nothing to say about no captions", () => {
    expect(captionFigures(parseVtt("WEBVTT\n\n"))).toEqual({
      cues: 0,
      underOneSecond: 0,
      maxCharsPerSecond: 0,
      longestLineChars: 0,
      maxLinesPerCue: 0,
      words: 0,
    });
  });
});

describe("speech figures from ffmpeg's silencedetect and ebur128 logs", () => {
  const LOG = [
    "[silencedetect @ 0x5581] silence_start: -0.0213",
    "[silencedetect @ 0x5581] silence_end: 0.8 | silence_duration: 0.82",
    "[silencedetect @ 0x5581] silence_start: 4.2",
    "[silencedetect @ 0x5581] silence_end: 4.7 | silence_duration: 0.5",
    "[silencedetect @ 0x5581] silence_start: 8",
    "[silencedetect @ 0x5581] silence_end: 10.5 | silence_duration: 2.5",
    "[silencedetect @ 0x5581] silence_start: 14.6",
    "[Parsed_ebur128_1 @ 0x5582] Summary:",
    "",
    "  Integrated loudness:",
    "    I:         -16.3 LUFS",
    "    Threshold: -26.6 LUFS",
    "",
    "  True peak:",
    "    Peak:       -1.8 dBFS",
  ].join("\n");

  it("reads every silence, an open one running to the end, and the loudness summary", () => {
    expect(parseSilences(LOG, 15)).toEqual([
      { start: 0, seconds: 0.8 },
      { start: 4.2, seconds: expect.closeTo(0.5, 9) },
      { start: 8, seconds: 2.5 },
      { start: 14.6, seconds: expect.closeTo(0.4, 9) },
    ]);
    expect(parseLoudnessSummary(LOG)).toEqual({ integratedLufs: -16.3, truePeakDbtp: -1.8 });
    expect(parseLoudnessSummary("Summary:\n I: -inf LUFS\n True peak:\n Peak: -inf dBFS")).toEqual({
      integratedLufs: Number.NEGATIVE_INFINITY,
      truePeakDbtp: Number.NEGATIVE_INFINITY,
    });
  });

  it("counts speech strictly, but a pause under 0.7 s between speech as speaking; leading and trailing silence never", () => {
    const figures = speechFigures(parseSilences(LOG, 15), 15);
    // Silent: 0.8 + 0.5 + 2.5 + 0.4 = 4.2 s of 15.
    expect(figures.speechSeconds).toBeCloseTo(10.8, 9);
    expect(figures.speechShare).toBeCloseTo(0.72, 9);
    // The 0.5 s pause inside speech is speaking; the 0.4 s trailing one is not.
    expect(figures.speakingSeconds).toBeCloseTo(11.3, 9);
    expect(figures.longestSilence).toEqual({ start: 8, seconds: 2.5 });
  });

  it("a silent track has no speech and no speaking; a track without silences is all speech", () => {
    expect(speechFigures([{ start: 0, seconds: 10 }], 10)).toEqual({
      speechShare: 0,
      speechSeconds: 0,
      speakingSeconds: 0,
      longestSilence: { start: 0, seconds: 10 },
    });
    expect(speechFigures([], 10)).toEqual({
      speechShare: 1,
      speechSeconds: 10,
      speakingSeconds: 10,
      longestSilence: { start: 0, seconds: 0 },
    });
  });
});

describe("the quality report", () => {
  const audio: AudioFigures = {
    speechShare: 0.812,
    speechSeconds: 36.54,
    speakingSeconds: 40,
    longestSilence: { start: 12.25, seconds: 1.4 },
    integratedLufs: -16.04,
    truePeakDbtp: -1.52,
  };
  const captions = {
    cues: 12,
    underOneSecond: 0,
    maxCharsPerSecond: 16.44,
    longestLineChars: 41,
    maxLinesPerCue: 2,
    words: 100,
  };
  const input = {
    videoSeconds: 45,
    beats: { planned: 9, shown: 8 },
    unsettledBeats: [],
    // The compositor's timings are whole frames at 30 fps: thirds of a tenth of a second.
    scenes: [
      { beatId: "b1", startSeconds: 0, endSeconds: 5.6 + 1 / 30 },
      { beatId: "b2", startSeconds: 5.6 + 1 / 30, endSeconds: 45 },
    ],
    audio,
    captions,
    spokenWords: null,
    renderSeconds: 20,
  };

  it("judges every figure against its target and passes when all are met", () => {
    const report = qualityReport(input);
    expect(report.pass).toBe(true);
    expect(report.narration).toEqual({ words: 100, wordsFrom: "captions", wordsPerMinute: 150 });
    expect(report.render).toEqual({ wallSeconds: 20, speed: 2.25 });
    expect(report.loudness).toEqual({ integratedLufs: -16, truePeakDbtp: -1.5 });
    // Each shown beat's span, to the millisecond, where the next one starts.
    expect(report.scenes).toEqual([
      { beatId: "b1", startSeconds: 0, endSeconds: 5.633 },
      { beatId: "b2", startSeconds: 5.633, endSeconds: 45 },
    ]);
    expect(report.checks.map((c) => [c.figure, c.value, c.min, c.max, c.pass])).toEqual([
      ["speechCoverage", 0.812, 0.7, null, true],
      ["longestSilenceSeconds", 1.4, null, 2, true],
      ["integratedLoudness", -16, -17, -15, true],
      ["truePeak", -1.5, null, -1, true],
      ["captionCuesUnderOneSecond", 0, null, 0, true],
      ["captionCharsPerSecond", 16.4, null, 17, true],
      ["captionLineChars", 41, null, 42, true],
      ["captionLinesPerCue", 2, null, 2, true],
      ["narrationRate", 150, 140, 160, true],
      ["renderSpeed", 2.25, 2, null, true],
      ["unsettledBeats", 0, null, 0, true],
    ]);
  });

  it("counts the words the voice says when they are known (numbers read out), else the captions' words", () => {
    // "4,215" is one word written and four spoken: 110 words said in 40 s of speaking is 165 wpm.
    const report = qualityReport({ ...input, spokenWords: 110 });
    expect(report.narration).toEqual({ words: 110, wordsFrom: "speech", wordsPerMinute: 165 });
    expect(report.checks.find((c) => c.figure === "narrationRate")).toMatchObject({ value: 165, pass: false });
    expect(report.captions.words).toBe(100);
  });

  it("fails on any figure missed, names the unsettled beats, and leaves what it cannot measure unjudged", () => {
    const report = qualityReport({
      ...input,
      audio: { ...audio, speakingSeconds: 30, integratedLufs: Number.NEGATIVE_INFINITY },
      unsettledBeats: ["b3"],
      renderSeconds: 0,
    });
    const byFigure = Object.fromEntries(report.checks.map((c) => [c.figure, c]));
    expect(byFigure.narrationRate).toMatchObject({ value: 200, pass: false });
    expect(byFigure.unsettledBeats).toMatchObject({ value: 1, pass: false });
    expect(byFigure.integratedLoudness).toMatchObject({ value: null, pass: null });
    // A clock that did not move (or no clock) measures no render speed.
    expect(byFigure.renderSpeed).toMatchObject({ value: null, pass: null });
    expect(report.unsettledBeats).toEqual(["b3"]);
    expect(report.pass).toBe(false);
    // JSON keeps every figure (no -Infinity turned into a silent null by JSON.stringify).
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });
});
