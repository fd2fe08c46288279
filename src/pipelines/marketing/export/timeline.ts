/**
 * The export's one clock: each visible scene's span in frames, and where its narration is spoken. The
 * document's scene lengths add up to the video's length; frames are cut from the running sum, so rounding
 * never drifts and the spans add up to exactly round(seconds × fps).
 */

export const EXPORT_FPS = 30;
/** The voice starts after the scene's transition has begun to settle (the generator leaves 0.4 s a scene). */
export const NARRATION_LEAD_SECONDS = 0.25;
/** Two lines never run into each other: a late line waits this long after the one before. */
const LINE_GAP_SECONDS = 0.12;

export interface SceneSpan {
  startFrame: number;
  frames: number;
  startSeconds: number;
  endSeconds: number;
}

export function sceneSpans(sceneSeconds: readonly number[], totalSeconds: number, fps = EXPORT_FPS): SceneSpan[] {
  const total = Math.round(totalSeconds * fps);
  const sum = sceneSeconds.reduce((a, b) => a + b, 0);
  if (!(sum > 0) || total <= 0) throw new RangeError("an export needs visible scenes with a length");
  const spans: SceneSpan[] = [];
  let run = 0;
  let start = 0;
  for (const seconds of sceneSeconds) {
    run += seconds;
    const end = Math.round((run / sum) * total);
    spans.push({ startFrame: start, frames: end - start, startSeconds: start / fps, endSeconds: end / fps });
    start = end;
  }
  return spans;
}

/** Where each scene's line starts: its lead-in, later when the line before still speaks. */
export function narrationStarts(spans: readonly SceneSpan[], lineSeconds: readonly number[]): number[] {
  const starts: number[] = [];
  let free = 0;
  for (const [i, span] of spans.entries()) {
    const start = Math.max(span.startSeconds + NARRATION_LEAD_SECONDS, free);
    starts.push(start);
    const seconds = lineSeconds[i] ?? 0;
    if (seconds > 0) free = start + seconds + LINE_GAP_SECONDS;
  }
  return starts;
}

/**
 * The spans cut at `seconds` (the free tier's cap on a longer video): the story plays as written and
 * stops there; scenes past the cap are left out, the one it falls in is shortened.
 */
export function capSpans(spans: readonly SceneSpan[], seconds: number, fps = EXPORT_FPS): SceneSpan[] {
  const limit = Math.round(seconds * fps);
  return spans
    .filter((s) => s.startFrame < limit)
    .map((s) =>
      s.startFrame + s.frames <= limit ? s : { ...s, frames: limit - s.startFrame, endSeconds: limit / fps },
    );
}
