/**
 * WebVTT captions, timed from the same numbers as the narration so they never drift from the voice.
 *
 * `toWebVtt` rules:
 * - Header `WEBVTT`, a blank line, then one block per cue: `HH:MM:SS.mmm --> HH:MM:SS.mmm` and the text.
 * - Times are rounded to whole milliseconds first; every check below is made on those milliseconds.
 * - Invalid cues are refused with a RangeError: non-finite or negative times, end ≤ start, empty text,
 *   cues not sorted by start time.
 * - Overlaps are CLAMPED by default: a cue that ends after the next one starts is cut to end where the
 *   next one starts (the later cue keeps its start, which is where its narration begins). If that would
 *   leave the earlier cue with no duration (two cues with the same start), it is refused. Pass
 *   `{ overlap: "refuse" }` to refuse every overlap instead.
 * - Text: whitespace (including newlines) collapses to single spaces; up to `maxLineChars` (42) it is
 *   one line, otherwise it is broken into two lines at the space that best balances them (both ≤ 42
 *   whenever the text fits in 84). Text longer than two lines' worth still gets exactly two lines (longer
 *   than 42): narration is cut into cues that fit by `splitNarration` (cue-split.ts).
 * - `&`, `<` and `>` are escaped as `&amp;`, `&lt;`, `&gt;` (so no markup and no `-->` in a payload).
 */

export interface Cue {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

export interface WebVttOptions {
  overlap?: "clamp" | "refuse";
  maxLineChars?: number;
}

export const MAX_LINE_CHARS = 42;
export const MAX_LINES = 2;

export function formatTimestamp(ms: number): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const f = ms % 1000;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(f).padStart(3, "0")}`;
}

export function escapeCueText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** One line if it fits in `max`, else two lines split at the space that best balances them. */
export function wrapCaption(text: string, max: number = MAX_LINE_CHARS): string[] {
  const t = normalizeSpace(text);
  if (t.length <= max) return [t];
  let best = -1;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let i = t.indexOf(" "); i !== -1; i = t.indexOf(" ", i + 1)) {
    const score = Math.max(i, t.length - i - 1);
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  if (best === -1) return [t]; // one unbreakable word
  return [t.slice(0, best), t.slice(best + 1)];
}

function toMs(seconds: number, what: string, index: number): number {
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new RangeError(`cue ${index}: ${what} must be a finite number ≥ 0`);
  return Math.round(seconds * 1000);
}

export function toWebVtt(cues: readonly Cue[], opts: WebVttOptions = {}): string {
  const overlap = opts.overlap ?? "clamp";
  const max = opts.maxLineChars ?? MAX_LINE_CHARS;
  const timed = cues.map((cue, i) => {
    const start = toMs(cue.startSeconds, "startSeconds", i);
    const end = toMs(cue.endSeconds, "endSeconds", i);
    if (end <= start) throw new RangeError(`cue ${i}: ends at or before its start`);
    const text = normalizeSpace(cue.text);
    if (text === "") throw new RangeError(`cue ${i}: empty text`);
    return { start, end, text };
  });
  for (let i = 1; i < timed.length; i++) {
    const prev = timed[i - 1] as (typeof timed)[number];
    const cur = timed[i] as (typeof timed)[number];
    if (cur.start < prev.start) throw new RangeError(`cue ${i}: cues must be sorted by start time`);
    if (prev.end > cur.start) {
      if (overlap === "refuse") throw new RangeError(`cue ${i - 1} overlaps cue ${i}`);
      if (cur.start <= prev.start) throw new RangeError(`cue ${i - 1} and cue ${i} start together; cannot clamp`);
      prev.end = cur.start;
    }
  }
  const blocks = timed.map(
    (c) =>
      `${formatTimestamp(c.start)} --> ${formatTimestamp(c.end)}\n${wrapCaption(c.text, max).map(escapeCueText).join("\n")}`,
  );
  return `WEBVTT\n\n${blocks.map((b) => `${b}\n\n`).join("")}`;
}
