import { describe, expect, it } from "vitest";
import {
  escapeCueText,
  formatTimestamp,
  splitNarration,
  splitText,
  toWebVtt,
  wrapCaption,
} from "../../src/media/captions/webvtt.js";

describe("formatTimestamp", () => {
  it("writes HH:MM:SS.mmm", () => {
    expect(formatTimestamp(0)).toBe("00:00:00.000");
    expect(formatTimestamp(1_500)).toBe("00:00:01.500");
    expect(formatTimestamp(61_001)).toBe("00:01:01.001");
    expect(formatTimestamp(3_723_456)).toBe("01:02:03.456");
    expect(formatTimestamp(100 * 3_600_000)).toBe("100:00:00.000");
  });
});

describe("toWebVtt", () => {
  it("writes the header and one block per cue, times rounded to milliseconds", () => {
    const vtt = toWebVtt([
      { startSeconds: 0, endSeconds: 1.2345, text: "Hello" },
      { startSeconds: 1.5, endSeconds: 62.0004, text: "World" },
    ]);
    expect(vtt).toBe("WEBVTT\n\n00:00:00.000 --> 00:00:01.235\nHello\n\n00:00:01.500 --> 00:01:02.000\nWorld\n\n");
  });

  it("writes only the header for no cues", () => {
    expect(toWebVtt([])).toBe("WEBVTT\n\n");
  });

  it("escapes &, < and > (so no markup and no arrow reaches the payload)", () => {
    expect(escapeCueText("a < b && c > d")).toBe("a &lt; b &amp;&amp; c &gt; d");
    const vtt = toWebVtt([{ startSeconds: 0, endSeconds: 1, text: "<b>Save</b> & go --> next" }]);
    expect(vtt).toContain("\n&lt;b&gt;Save&lt;/b&gt; &amp; go --&gt; next\n");
    expect(vtt.split("-->")).toHaveLength(2); // only the timing line's arrow
  });

  it("keeps short text on one line and wraps long text into two balanced lines of ≤ 42", () => {
    expect(wrapCaption("Click the blue button")).toEqual(["Click the blue button"]);
    const text = "Open the settings page and choose the billing tab on the left side";
    const lines = wrapCaption(text);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
    expect(lines.join(" ")).toBe(text);
    const vtt = toWebVtt([{ startSeconds: 0, endSeconds: 2, text: `  ${text.replace(/ /g, "\n ")}  ` }]);
    expect(vtt).toBe(`WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n${lines.join("\n")}\n\n`);
  });

  it("never writes more than two lines, even for text too long for them", () => {
    const lines = wrapCaption("word ".repeat(40));
    expect(lines).toHaveLength(2);
    expect(wrapCaption("x".repeat(60))).toEqual(["x".repeat(60)]);
  });

  it("clamps an overlap by ending the earlier cue where the next starts", () => {
    const vtt = toWebVtt([
      { startSeconds: 0, endSeconds: 2, text: "one" },
      { startSeconds: 1.5, endSeconds: 3, text: "two" },
    ]);
    expect(vtt).toContain("00:00:00.000 --> 00:00:01.500\none");
    expect(vtt).toContain("00:00:01.500 --> 00:00:03.000\ntwo");
  });

  it("refuses overlaps when asked, and always refuses invalid cues", () => {
    const overlapping = [
      { startSeconds: 0, endSeconds: 2, text: "one" },
      { startSeconds: 1.5, endSeconds: 3, text: "two" },
    ];
    expect(() => toWebVtt(overlapping, { overlap: "refuse" })).toThrow(RangeError);
    expect(() => toWebVtt([{ startSeconds: 1, endSeconds: 1, text: "x" }])).toThrow(RangeError);
    expect(() => toWebVtt([{ startSeconds: 1, endSeconds: 1.0002, text: "x" }])).toThrow(RangeError); // same ms
    expect(() => toWebVtt([{ startSeconds: -1, endSeconds: 1, text: "x" }])).toThrow(RangeError);
    expect(() => toWebVtt([{ startSeconds: 0, endSeconds: Number.NaN, text: "x" }])).toThrow(RangeError);
    expect(() => toWebVtt([{ startSeconds: 0, endSeconds: 1, text: "  \n " }])).toThrow(RangeError);
    expect(() =>
      toWebVtt([
        { startSeconds: 2, endSeconds: 3, text: "b" },
        { startSeconds: 0, endSeconds: 1, text: "a" },
      ]),
    ).toThrow(RangeError);
    expect(() =>
      toWebVtt([
        { startSeconds: 0, endSeconds: 2, text: "a" },
        { startSeconds: 0, endSeconds: 1, text: "b" },
      ]),
    ).toThrow(RangeError);
  });
});

describe("splitNarration", () => {
  const narration =
    "Welcome to Acme. In this walkthrough, we will create a project, invite a teammate, and publish the first report — all in under a minute! Ready? Let's go.";

  it("splits on sentence and phrase boundaries, each cue fitting two caption lines", () => {
    const pieces = splitText(narration);
    expect(pieces[0]).toBe("Welcome to Acme.");
    expect(pieces.at(-2)).toBe("Ready?");
    expect(pieces.at(-1)).toBe("Let's go.");
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(84);
      expect(wrapCaption(p).every((l) => l.length <= 42)).toBe(true);
    }
    expect(pieces.join(" ")).toBe(narration);
    // The long sentence was cut after a comma or before the dash, never mid-phrase.
    expect(pieces.slice(1, -2).every((p) => /[,—.!]$/.test(p) || /^— /.test(p) || p.endsWith("minute!"))).toBe(true);
  });

  it("covers exactly [start, start + duration], contiguous, time proportional to characters", () => {
    const start = 3.7;
    const duration = 9.3;
    const cues = splitNarration(narration, start, duration);
    expect(cues.length).toBeGreaterThan(3);
    expect(cues[0]?.startSeconds).toBe(start);
    expect(cues.at(-1)?.endSeconds).toBe(start + duration);
    const total = cues.reduce((s, c) => s + c.text.length, 0);
    cues.forEach((cue, i) => {
      expect(cue.endSeconds).toBeGreaterThan(cue.startSeconds);
      if (i > 0) expect(cue.startSeconds).toBe(cues[i - 1]?.endSeconds);
      expect(cue.endSeconds - cue.startSeconds).toBeCloseTo((duration * cue.text.length) / total, 9);
    });
    const sum = cues.reduce((s, c) => s + (c.endSeconds - c.startSeconds), 0);
    expect(sum).toBeCloseTo(duration, 9);
    // In milliseconds, as written to the file, the cues sum to the duration exactly and never overlap.
    const vtt = toWebVtt(cues, { overlap: "refuse" });
    const times = [...vtt.matchAll(/(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})/g)].map((m) => {
      const n = m.slice(1).map(Number) as [number, number, number, number, number, number, number, number];
      return {
        s: n[0] * 3_600_000 + n[1] * 60_000 + n[2] * 1000 + n[3],
        e: n[4] * 3_600_000 + n[5] * 60_000 + n[6] * 1000 + n[7],
      };
    });
    expect(times).toHaveLength(cues.length);
    expect(times.reduce((s, t) => s + (t.e - t.s), 0)).toBe(9_300);
    expect(times[0]?.s).toBe(3_700);
    expect(times.at(-1)?.e).toBe(13_000);
    for (let i = 1; i < times.length; i++) expect(times[i]?.s).toBe(times[i - 1]?.e);
  });

  it("gives one cue for a short narration and none for empty text", () => {
    expect(splitNarration("Click Save.", 1, 2)).toEqual([{ startSeconds: 1, endSeconds: 3, text: "Click Save." }]);
    expect(splitNarration("   ", 0, 1)).toEqual([]);
    expect(() => splitNarration("x", 0, 0)).toThrow(RangeError);
    expect(() => splitNarration("x", -1, 1)).toThrow(RangeError);
  });

  it("splits a sentence without punctuation between words", () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const pieces = splitText(words);
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(84);
    expect(pieces.join(" ")).toBe(words);
  });
});
