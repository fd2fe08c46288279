/**
 * Reading figures of a WebVTT file, read back from the file the viewer gets: how long each cue stays up,
 * how fast it must be read, how its box is shaped. The norms measured against are the usual subtitle
 * ones (Netflix/BBC): ≥ 1 s a cue, ≤ 17 characters a second, ≤ 42 characters a line, two lines at most.
 */

export interface VttCue {
  start: number;
  end: number;
  lines: string[];
}

export interface CaptionFigures {
  cues: number;
  /** Cues shown for less than a second. */
  underOneSecond: number;
  /** The highest characters-per-second of any cue (its lines joined by a space). */
  maxCharsPerSecond: number;
  longestLineChars: number;
  maxLinesPerCue: number;
  /** Every word of every cue: the words spoken, since captions carry the narration. */
  words: number;
}

const seconds = (stamp: string): number => stamp.split(":").reduce((acc, p) => acc * 60 + Number(p), 0);

const TIMING = /^(?:\d+:)?\d{2}:\d{2}\.\d{3}\s+-->\s+(?:\d+:)?\d{2}:\d{2}\.\d{3}/;

export function parseVtt(text: string): VttCue[] {
  const cues: VttCue[] = [];
  for (const block of text.replace(/\r\n?/g, "\n").split(/\n{2,}/)) {
    const lines = block.split("\n");
    const at = lines.findIndex((l) => TIMING.test(l));
    if (at < 0) continue;
    const [from = "", to = ""] = (lines[at] as string).split(/\s+-->\s+/);
    cues.push({
      start: seconds(from),
      // Cue settings ("line:90% align:center") follow the end time.
      end: seconds(to.split(/\s+/)[0] ?? ""),
      // Cue tags (<b>, <c.x>, timestamps) are not read.
      lines: lines
        .slice(at + 1)
        .map((l) => l.replace(/<[^>]*>/g, "").trim())
        .filter(Boolean),
    });
  }
  return cues;
}

/** Words as the narration rate counts them: runs between spaces holding a letter or a digit ("–" is none). */
export const countWords = (text: string): number => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Characters as a reader counts them: code points, not UTF-16 units. */
const chars = (s: string): number => [...s].length;

export function captionFigures(cues: readonly VttCue[]): CaptionFigures {
  const figures: CaptionFigures = {
    cues: cues.length,
    underOneSecond: 0,
    maxCharsPerSecond: 0,
    longestLineChars: 0,
    maxLinesPerCue: 0,
    words: 0,
  };
  for (const cue of cues) {
    const shown = cue.end - cue.start;
    // A millisecond of slack: cue times are rounded to whole centiseconds or milliseconds.
    if (shown < 1 - 1e-3) figures.underOneSecond++;
    const text = cue.lines.join(" ");
    if (shown > 0) figures.maxCharsPerSecond = Math.max(figures.maxCharsPerSecond, chars(text) / shown);
    figures.longestLineChars = Math.max(figures.longestLineChars, ...cue.lines.map(chars));
    figures.maxLinesPerCue = Math.max(figures.maxLinesPerCue, cue.lines.length);
    figures.words += countWords(text);
  }
  return figures;
}
