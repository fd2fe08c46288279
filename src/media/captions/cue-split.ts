import { type Cue, MAX_LINE_CHARS, MAX_LINES, wrapCaption } from "./webvtt.js";

/**
 * Narration into caption cues the way subtitlers cut them: a cue is a sentence, or a clause of a sentence
 * too long for the box, never a fragment cut mid-phrase; it holds at most two balanced lines of 42
 * characters, stays up at least a second, and cues never overlap (one box on screen at a time).
 *
 * Text: sentences first (a `.`, `!`, `?` or `…` followed by a capital, a digit or an opening quote; a
 * mark followed by a lower-case word — "Scroll down to We've got what you need! to see more." — belongs
 * to the sentence it sits in, as does anything inside quotation marks). A sentence that does not fit the
 * box is cut where a reader pauses: after `,` `;` `:`, before a dash, before a conjunction, and only
 * between plain words when a clause alone does not fit; the cut chosen gives the fewest, most even cues.
 *
 * Time: cues share the narration window in proportion to their characters (the reading speed is then even
 * across cues, so the audio's own rate is the most a cue asks of the reader), numbers and acronyms
 * weighing what they take to say. A cue that would stay up
 * under the minimum is merged with a neighbour when the two fit one box, else lengthened at its
 * neighbours' expense; the last cue may stay up after the voice stops (until `latestEndSeconds`) to reach
 * the minimum or the reading-speed limit. Times are whole centiseconds, so the WebVTT (ms) and ASS (cs)
 * files show exactly the same cues.
 */

export interface CueSplitOptions {
  /** Characters per caption line (42). */
  maxLineChars?: number;
  /** Lines per cue: 1 or 2 (more is clamped to 2, the subtitle norm). */
  maxLines?: number;
  /** Shortest time a cue stays up, seconds (1). */
  minCueSeconds?: number;
  /** Reading speed the last cue is held up for when there is time after the voice, characters/s (17). */
  maxCharsPerSecond?: number;
  /** The latest a cue may end (the scene's end); absent: the narration's end. */
  latestEndSeconds?: number;
}

export const MIN_CUE_SECONDS = 1;
export const MAX_CHARS_PER_SECOND = 17;

const normalizeSpace = (text: string): string => text.replace(/\s+/g, " ").trim();

/** Does `text` fit `maxLines` lines of `maxLineChars` (wrapped the way the captions wrap it)? */
export function fitsBox(text: string, maxLineChars: number = MAX_LINE_CHARS, maxLines: number = MAX_LINES): boolean {
  const t = normalizeSpace(text);
  if (t.length <= maxLineChars) return true;
  if (clampLines(maxLines) < 2) return false;
  return wrapCaption(t, maxLineChars).every((line) => line.length <= maxLineChars);
}

const clampLines = (n: number): number => Math.min(MAX_LINES, Math.max(1, Math.floor(n)));

const OPENERS = /^[“„«‹"([¿¡]/u;
const CLOSERS = /[”»›")\]]$/u;
const TRAILING_MARKS = /[.,;:!?…]+$/u;
const SENTENCE_END = /[.!?…][”»›"’')\]]*$/u;
const SENTENCE_START = /^[“„«‹"'‘([¿¡]*[\p{Lu}\p{Lt}\p{N}]/u;
const ABBREVIATIONS = new Set([
  "e.g.",
  "i.e.",
  "mr.",
  "mrs.",
  "ms.",
  "dr.",
  "st.",
  "vs.",
  "no.",
  "approx.",
  "etc.",
  "cf.",
]);

/** Per word, whether the word is inside quotation marks or brackets once it has been read. */
function quoteDepths(words: readonly string[]): number[] {
  let depth = 0;
  return words.map((word) => {
    if (OPENERS.test(word)) depth++;
    const bare = word.replace(TRAILING_MARKS, "");
    // A straight quote or German „…“ closes what it opened; a lone opener does not close itself.
    const closes =
      (CLOSERS.test(bare) || (depth > 0 && /“$/u.test(bare))) && !(bare.length === 1 && OPENERS.test(bare));
    if (closes && depth > 0) depth--;
    return depth;
  });
}

/** The text's sentences, in order; joined with single spaces they give the (space-normalised) text back. */
export function splitSentences(text: string): string[] {
  const words = normalizeSpace(text).split(" ").filter(Boolean);
  const depths = quoteDepths(words);
  const out: string[] = [];
  let current: string[] = [];
  words.forEach((word, i) => {
    current.push(word);
    const next = words[i + 1];
    if (next === undefined) return;
    const ends =
      SENTENCE_END.test(word) &&
      (depths[i] ?? 0) === 0 &&
      !ABBREVIATIONS.has(word.toLowerCase()) &&
      SENTENCE_START.test(next);
    if (ends) {
      out.push(current.join(" "));
      current = [];
    }
  });
  if (current.length > 0) out.push(current.join(" "));
  return out;
}

const CONJUNCTIONS = new Set(
  "and but or so because which while whereas although though then when where until unless und aber oder weil mais ou parce pero porque ma perché maar omdat".split(
    " ",
  ),
);

/** How good a place a break before word i is: 0 a clause boundary, higher is worse. */
function breakPenalty(words: readonly string[], depths: readonly number[], i: number): number {
  const before = words[i - 1] as string;
  const word = words[i] as string;
  const quoted = (depths[i - 1] ?? 0) > 0;
  if (/^[—–-]$/u.test(before)) return 400; // never leave a dash hanging at a line's end
  if (!quoted && (/[,;:][”»›"’')\]]*$/u.test(before) || /^[—–]/u.test(word) || /[—–]$/u.test(before))) return 0;
  if (!quoted && CONJUNCTIONS.has(word.toLowerCase())) return 30;
  return 150;
}

const GROUP_COST = 100;

/**
 * One sentence into the fewest, most even pieces that fit the box, cut at the best-placed boundaries
 * (dynamic programming over the places between words). A single word too long for a line is a piece.
 */
function splitSentence(sentence: string, maxLineChars: number, maxLines: number): string[] {
  if (fitsBox(sentence, maxLineChars, maxLines)) return [sentence];
  const words = sentence.split(" ");
  const depths = quoteDepths(words);
  const n = words.length;
  const capacity = maxLineChars * maxLines;
  const best: number[] = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
  const from: number[] = new Array<number>(n + 1).fill(-1);
  best[0] = 0;
  for (let j = 1; j <= n; j++) {
    for (let i = j - 1; i >= 0; i--) {
      const piece = words.slice(i, j).join(" ");
      if (j - i > 1 && !fitsBox(piece, maxLineChars, maxLines)) {
        if (piece.length > capacity) break; // longer starts only get longer
        continue;
      }
      const cost =
        (best[i] as number) +
        GROUP_COST +
        (i > 0 ? breakPenalty(words, depths, i) : 0) +
        (piece.length * piece.length) / capacity;
      if (cost < (best[j] as number)) {
        best[j] = cost;
        from[j] = i;
      }
    }
  }
  const pieces: string[] = [];
  for (let j = n; j > 0; j = from[j] as number) pieces.unshift(words.slice(from[j] as number, j).join(" "));
  return pieces;
}

/** The text as cue texts, in order, each fitting the box (see the module comment). */
export function captionChunks(
  text: string,
  maxLineChars: number = MAX_LINE_CHARS,
  maxLines: number = MAX_LINES,
): string[] {
  const lines = clampLines(maxLines);
  return splitSentences(text).flatMap((s) => splitSentence(s, maxLineChars, lines));
}

/**
 * About how long a cue's text takes to say, in characters: the voice reads numbers, symbols and acronyms
 * written out ("$40,000" → "forty thousand dollars", "FAQ" → "F A Q"), so they weigh more than they show.
 */
export function spokenWeight(text: string): number {
  const digits = text.match(/\d/g)?.length ?? 0;
  const symbols = text.match(/[%$€£¥₹&#]/gu)?.length ?? 0;
  const acronymLetters = (text.match(/\b[A-Z]{2,5}\b/g) ?? []).reduce((n, a) => n + a.length, 0);
  return text.length + 2 * digits + 6 * symbols + acronymLetters;
}

/**
 * Integer durations summing to `total`, each ≥ `min`, otherwise proportional to `weights` (largest
 * remainder); null when `weights.length × min` exceeds the total.
 */
function allocate(weights: readonly number[], total: number, min: number): number[] | null {
  if (weights.length * min > total) return null;
  const pinned = new Set<number>();
  for (;;) {
    const free = weights.map((_w, i) => i).filter((i) => !pinned.has(i));
    const left = total - pinned.size * min;
    const sum = free.reduce((s, i) => s + (weights[i] as number), 0) || 1;
    const raw = new Map(free.map((i) => [i, (left * (weights[i] as number)) / sum]));
    const short = free.filter((i) => (raw.get(i) as number) < min);
    // Pinning the short ones can never pin them all: the free share is always ≥ min on average.
    if (short.length > 0) {
      for (const i of short) pinned.add(i);
      continue;
    }
    const out = weights.map((_w, i) => (pinned.has(i) ? min : Math.floor(raw.get(i) as number)));
    let rest = total - out.reduce((a, b) => a + b, 0);
    const byRemainder = [...free].sort((a, b) => ((raw.get(b) as number) % 1) - ((raw.get(a) as number) % 1) || a - b);
    for (const i of byRemainder) {
      if (rest <= 0) break;
      out[i] = (out[i] as number) + 1;
      rest--;
    }
    return out;
  }
}

/**
 * Merges the adjacent pair with the shortest joint text that fits one box, among pairs where one cue is
 * `short` (every pair when `short` is null); false if none fits.
 */
function mergeOnce(chunks: string[], short: readonly boolean[] | null, lineChars: number, lines: number): boolean {
  let bestAt = -1;
  let bestLength = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < chunks.length; i++) {
    if (short && !short[i] && !short[i + 1]) continue;
    const merged = `${chunks[i]} ${chunks[i + 1]}`;
    if (merged.length < bestLength && fitsBox(merged, lineChars, lines)) {
      bestLength = merged.length;
      bestAt = i;
    }
  }
  if (bestAt === -1) return false;
  chunks.splice(bestAt, 2, `${chunks[bestAt]} ${chunks[bestAt + 1]}`);
  return true;
}

/**
 * A beat's narration as cues: starting at `startSeconds`, following the voice over `durationSeconds`,
 * each ≥ `minCueSeconds` where the time allows, never past `latestEndSeconds`. Empty text gives no cues.
 */
export function splitNarration(
  text: string,
  startSeconds: number,
  durationSeconds: number,
  opts: CueSplitOptions = {},
): Cue[] {
  if (!Number.isFinite(startSeconds) || startSeconds < 0)
    throw new RangeError("startSeconds must be a finite number ≥ 0");
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new RangeError("durationSeconds must be > 0");
  const lineChars = opts.maxLineChars ?? MAX_LINE_CHARS;
  const lines = clampLines(opts.maxLines ?? MAX_LINES);
  const chunks = captionChunks(text, lineChars, lines);
  if (chunks.length === 0) return [];
  const start = Math.round(startSeconds * 100);
  const bound =
    opts.latestEndSeconds === undefined || !Number.isFinite(opts.latestEndSeconds)
      ? null
      : Math.floor(opts.latestEndSeconds * 100 + 1e-6);
  let end = Math.max(start + 1, Math.round((startSeconds + durationSeconds) * 100));
  if (bound !== null) end = Math.min(end, Math.max(start + 1, bound)); // rounding never crosses the bound
  const latest = bound === null ? end : Math.max(end, bound);
  const min = Math.round((opts.minCueSeconds ?? MIN_CUE_SECONDS) * 100);
  const cps = opts.maxCharsPerSecond ?? MAX_CHARS_PER_SECOND;

  const weights = () => chunks.map(spokenWeight);
  // A cue whose share of the voice is under the minimum joins a neighbour when the two fit one box (so
  // no other cue has to give up time for it); if the cues still need more time than the voice takes,
  // any neighbours that fit are merged, and only then does the time after the voice serve.
  const shortOnes = () => {
    const w = weights();
    const total = w.reduce((a, b) => a + b, 0);
    return w.map((x) => ((end - start) * x) / total < min);
  };
  while (chunks.length > 1 && shortOnes().some(Boolean) && mergeOnce(chunks, shortOnes(), lineChars, lines));
  let durations = allocate(weights(), end - start, min);
  while (durations === null && mergeOnce(chunks, null, lineChars, lines))
    durations = allocate(weights(), end - start, min);
  // Only as much of the time after the voice as the minimum needs; the last cue's hold is decided below.
  durations ??= allocate(weights(), Math.min(latest - start, chunks.length * min), min);
  if (durations === null) {
    // Text far too long for its time (it cannot happen with real speech): still never an empty cue.
    if (latest - start < chunks.length) chunks.splice(0, chunks.length, chunks.join(" "));
    durations = allocate(weights(), latest - start, 0) as number[];
  }
  const spans = durations;

  const cues: Cue[] = [];
  let at = start;
  chunks.forEach((chunk, i) => {
    let until = at + (spans[i] as number);
    if (i === chunks.length - 1) {
      // The last cue may stay up after the voice, for the minimum time or an easy reading speed.
      const wanted = at + Math.max(min, Math.ceil((chunk.length / cps) * 100));
      until = Math.max(until, Math.min(wanted, latest));
    }
    cues.push({ startSeconds: at / 100, endSeconds: until / 100, text: chunk });
    at = until;
  });
  return cues;
}
