import { describe, expect, it } from "vitest";
import { escapeCueText, formatTimestamp, toWebVtt, wrapCaption } from "../../src/media/captions/webvtt.js";

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
