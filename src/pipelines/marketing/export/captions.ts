import { captionBlockSize, captionLineChars, captionLines, type PlacedCue } from "../../../media/captions/ass.js";
import { splitNarration } from "../../../media/captions/cue-split.js";
import type { CaptionLook } from "../../../media/captions/look.js";
import { type Cue, MAX_LINE_CHARS, MAX_LINES } from "../../../media/captions/webvtt.js";
import type { SceneFrame } from "../scenes/frame.js";

/**
 * The export's captions: each line split where a reader pauses (≤ 2 lines of ≤ 42 characters), following
 * the voice and staying up until the next line starts or its scene ends, which slows the reading speed
 * wherever the story leaves time. Burned-in cues sit at the bottom of the safe area, centred, so no app's
 * buttons cover them; the WebVTT file carries the standard two 42-character lines.
 */

export interface LineTiming {
  text: string;
  startSeconds: number;
  seconds: number;
  /** The latest the line's last cue may stay up. */
  latestEndSeconds: number;
}

export function vttCues(lines: readonly LineTiming[]): Cue[] {
  return lines.flatMap((l) =>
    l.seconds > 0 && l.text.trim()
      ? splitNarration(l.text, l.startSeconds, l.seconds, {
          maxLineChars: MAX_LINE_CHARS,
          maxLines: MAX_LINES,
          latestEndSeconds: l.latestEndSeconds,
        })
      : [],
  );
}

export function burnedCues(lines: readonly LineTiming[], look: CaptionLook, frame: SceneFrame): PlacedCue[] {
  const output = { width: frame.width, height: frame.height };
  const maxLineChars = Math.min(MAX_LINE_CHARS, captionLineChars(look, frame.width, frame.height));
  const maxLines = Math.min(MAX_LINES, Math.max(1, look.maxLines));
  const bottom = frame.height - frame.safe.bottom;
  return lines.flatMap((l) =>
    l.seconds > 0 && l.text.trim()
      ? splitNarration(l.text, l.startSeconds, l.seconds, {
          maxLineChars,
          maxLines,
          latestEndSeconds: l.latestEndSeconds,
        }).map((cue): PlacedCue => {
          const drawn = captionLines(look, output, cue.text);
          const block = captionBlockSize(look, output, drawn.length, Math.max(...drawn.map((d) => d.length)));
          return { ...cue, placement: { centre: { x: frame.width / 2, y: Math.round(bottom - block.height / 2) } } };
        })
      : [],
  );
}
