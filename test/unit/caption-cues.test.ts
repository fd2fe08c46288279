import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { captionChunks, fitsBox, splitNarration, splitSentences } from "../../src/media/captions/cue-split.js";
import { toWebVtt, wrapCaption } from "../../src/media/captions/webvtt.js";

const seconds = (c: { startSeconds: number; endSeconds: number }) => c.endSeconds - c.startSeconds;
/** A cue's duration as written to the WebVTT file, in whole ms (what a player and the benchmark see). */
const ms = (c: { startSeconds: number; endSeconds: number }) =>
  Math.round(c.endSeconds * 1000) - Math.round(c.startSeconds * 1000);

describe("caption cues: the issue's bad examples", () => {
  it("keeps a heading that ends in ! inside its sentence (no 'to see more.' cue)", () => {
    const line = "Scroll down to We've got what you need! to see more.";
    expect(splitSentences(line)).toEqual([line]);
    expect(splitNarration(line, 2, 3).map((c) => c.text)).toEqual([line]);
    const quoted = "Scroll down to “We've got what you need!” to see more.";
    expect(splitSentences(quoted)).toEqual([quoted]);
  });

  it("never leaves a one-word sentence on screen under a second: it joins its neighbour", () => {
    // "Dashboard." alone would be up for ~0.5 s of a 2.4 s line.
    const cues = splitNarration("Welcome to SB Admin 2. Dashboard.", 0.3, 2.4);
    expect(cues.map((c) => c.text)).toEqual(["Welcome to SB Admin 2. Dashboard."]);
    const three = splitNarration("Ready? Let's go. Open the reports page to see this month's numbers.", 0, 3.4);
    for (const c of three) expect(ms(c)).toBeGreaterThanOrEqual(1000);
    expect(three.map((c) => c.text).join(" ")).toBe(
      "Ready? Let's go. Open the reports page to see this month's numbers.",
    );
  });

  it("cuts a long sentence after a comma or before a dash, into balanced two-line cues", () => {
    const narration =
      "In this walkthrough, we will create a project, invite a teammate, and publish the first report — all in under a minute!";
    const chunks = captionChunks(narration);
    expect(chunks.length).toBe(2);
    expect(chunks.join(" ")).toBe(narration);
    expect(chunks[0]).toMatch(/,$/);
    for (const c of chunks) expect(fitsBox(c)).toBe(true);
    for (const c of chunks) for (const line of wrapCaption(c)) expect(line.length).toBeLessThanOrEqual(42);
  });

  it("prefers a conjunction to a plain word when a sentence has no punctuation", () => {
    const chunks = captionChunks(
      "Open the reports page from the sidebar on the left and pick the monthly summary that the team shares every week",
    );
    expect(chunks.length).toBe(2);
    expect(chunks[1]?.startsWith("and ")).toBe(true);
  });

  it("does not split after an abbreviation or inside quotation marks", () => {
    expect(splitSentences("Pick a plan, e.g. Pro. Then pay.")).toEqual(["Pick a plan, e.g. Pro.", "Then pay."]);
    expect(splitSentences("The banner says “Hello. Welcome back.” Then it fades.")).toEqual([
      "The banner says “Hello. Welcome back.”",
      "Then it fades.",
    ]);
  });

  it("fits a one-line look and a narrow frame", () => {
    const text = "Each card covers one part of the product, starting with connecting your app.";
    for (const c of captionChunks(text, 30, 1)) expect(c.length).toBeLessThanOrEqual(30);
    for (const c of captionChunks(text, 20, 2)) expect(fitsBox(c, 20, 2)).toBe(true);
  });
});

describe("caption cues: timing", () => {
  it("follows the voice in proportion to characters, contiguous, ending with the voice", () => {
    const text = "Welcome to Acme. Open the reports page, then pick the monthly summary for your team.";
    const cues = splitNarration(text, 3.7, 6.3);
    expect(cues[0]?.startSeconds).toBe(3.7);
    expect(cues.at(-1)?.endSeconds).toBe(10);
    for (let i = 1; i < cues.length; i++) expect(cues[i]?.startSeconds).toBe(cues[i - 1]?.endSeconds);
    toWebVtt(cues, { overlap: "refuse" });
  });

  it("gives numbers the time they take to say, so a cue full of figures stays in step with the voice", () => {
    const text = "Earnings reached $40,000 and $215,000 this year. The team is very happy about it.";
    const [figures, words] = splitNarration(text, 0, 10);
    expect(figures?.text).toBe("Earnings reached $40,000 and $215,000 this year.");
    // 48 vs 33 characters shown, but the figures take far longer to say.
    expect(seconds(figures as never) / seconds(words as never)).toBeGreaterThan(48 / 33 + 0.4);
  });

  it("holds the last cue after the voice, within the scene, for the minimum and an easy reading speed", () => {
    const [short] = splitNarration("Pricing.", 1, 0.6, { latestEndSeconds: 5 });
    expect(short).toEqual({ startSeconds: 1, endSeconds: 2, text: "Pricing." });
    const [capped] = splitNarration("Pricing.", 1, 0.6, { latestEndSeconds: 1.8 });
    expect(capped?.endSeconds).toBe(1.8);
    const fast = "This sentence is spoken far too quickly for anyone to read it.";
    const [held] = splitNarration(fast, 0, 2, { latestEndSeconds: 10 });
    expect(fast.length / seconds(held as never)).toBeLessThanOrEqual(17);
    expect(held?.endSeconds).toBeLessThan(10);
  });

  it("gives no cue for empty text and refuses impossible windows", () => {
    expect(splitNarration("   ", 0, 1)).toEqual([]);
    expect(() => splitNarration("x", 0, 0)).toThrow(RangeError);
    expect(() => splitNarration("x", -1, 1)).toThrow(RangeError);
  });
});

// Words of 1–12 letters; sentences of clauses (each ≤ 40 characters) joined by commas.
const word = fc.stringMatching(/^[a-z]{1,12}$/);
const clause = fc
  .array(word, { minLength: 1, maxLength: 7 })
  .map((ws) => ws.join(" "))
  .filter((c) => c.length <= 40);
const sentence = fc
  .tuple(fc.array(clause, { minLength: 1, maxLength: 5 }), fc.constantFrom(".", "!", "?"))
  .map(([cs, end]) => {
    const s = cs.join(", ");
    return `${s.charAt(0).toUpperCase()}${s.slice(1)}${end}`;
  });
const narration = fc.array(sentence, { minLength: 1, maxLength: 6 }).map((ss) => ss.join(" "));

describe("caption cues: properties", () => {
  it("every cue fits two lines of 42, lasts ≥ 1 s, in order, no overlap, no word lost", () => {
    fc.assert(
      fc.property(
        narration,
        fc.double({ min: 8, max: 20, noNaN: true }), // the voice's rate, characters per second
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (text, rate, start, after) => {
          const duration = Math.max(0.2, text.length / rate);
          const latest = start + duration + after;
          const cues = splitNarration(text, start, duration, { latestEndSeconds: latest });
          expect(cues.map((c) => c.text).join(" ")).toBe(text);
          cues.forEach((c, i) => {
            const lines = wrapCaption(c.text);
            expect(lines.length).toBeLessThanOrEqual(2);
            for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
            expect(c.endSeconds).toBeLessThanOrEqual(latest + 1e-6);
            if (latest - start >= 1) expect(ms(c)).toBeGreaterThanOrEqual(1000);
            if (i > 0) expect(c.startSeconds).toBeGreaterThanOrEqual((cues[i - 1] as (typeof cues)[number]).endSeconds);
            // A cue starting mid-sentence starts after a clause mark (or at a conjunction), never mid-phrase.
            const prev = cues[i - 1]?.text;
            if (prev && /^[a-z]/.test(c.text) && !/[.!?]$/.test(prev))
              expect(/[,;:]$/.test(prev) || /^(and|but|or|so|then|when|which|while)\b/.test(c.text)).toBe(true);
          });
          toWebVtt(cues, { overlap: "refuse" });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads at most 17 characters a second when the voice is no faster", () => {
    fc.assert(
      fc.property(narration, fc.double({ min: 8, max: 16, noNaN: true }), (text, rate) => {
        const cues = splitNarration(text, 0, text.length / rate, { latestEndSeconds: text.length / rate + 1 });
        // Cues stretched to the one-second minimum take their time from their neighbours: allow that.
        for (const c of cues) if (ms(c) > 1000) expect(c.text.length / seconds(c)).toBeLessThanOrEqual(17.5);
      }),
      { numRuns: 200 },
    );
  });
});
