// Reading figures of a WebVTT file: how long each cue stays up, how fast it must be read, how its box is
// shaped. The norms measured against are the usual subtitle ones (Netflix/BBC): ≥ 1 s a cue, ≤ 17
// characters a second, ≤ 42 characters a line, two lines at most.

export interface Cue {
  start: number;
  end: number;
  lines: string[];
}

export interface CaptionFigures {
  cues: number;
  /** Cues shown for less than a second. */
  underOneSecond: number;
  /** The highest characters-per-second of any cue (its lines joined by a space). */
  maxCps: number;
  maxLineChars: number;
  maxLines: number;
  /** Every word of every cue: the words spoken, since captions carry the narration. */
  words: number;
}

const seconds = (stamp: string): number => {
  const parts = stamp.split(":").map(Number);
  return parts.reduce((acc, p) => acc * 60 + p, 0);
};

const TIMING = /^(\d{1,2}:)?\d{2}:\d{2}\.\d{3}\s+-->\s+((?:\d{1,2}:)?\d{2}:\d{2}\.\d{3})/;

export function parseVtt(text: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of text.replace(/\r\n?/g, "\n").split(/\n{2,}/)) {
    const lines = block.split("\n");
    const at = lines.findIndex((l) => TIMING.test(l));
    if (at < 0) continue;
    const [from, to] = (lines[at] as string).split(/\s+-->\s+/);
    const end = (to ?? "").split(/\s+/)[0] ?? "";
    cues.push({
      start: seconds(from ?? ""),
      end: seconds(end),
      // Cue tags (<b>, <c.x>, timestamps) are not read.
      lines: lines
        .slice(at + 1)
        .map((l) => l.replace(/<[^>]*>/g, "").trim())
        .filter(Boolean),
    });
  }
  return cues;
}

export function captionFigures(cues: Cue[]): CaptionFigures {
  let underOneSecond = 0;
  let maxCps = 0;
  let maxLineChars = 0;
  let maxLines = 0;
  let words = 0;
  for (const cue of cues) {
    const shown = cue.end - cue.start;
    if (shown < 1) underOneSecond++;
    const text = cue.lines.join(" ");
    if (shown > 0) maxCps = Math.max(maxCps, [...text].length / shown);
    maxLineChars = Math.max(maxLineChars, ...cue.lines.map((l) => [...l].length));
    maxLines = Math.max(maxLines, cue.lines.length);
    words += text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  }
  return { cues: cues.length, underOneSecond, maxCps, maxLineChars, maxLines, words };
}
