import { captionLineChars, toAss } from "../captions/ass.js";
import type { CaptionLook } from "../captions/look.js";
import { type Cue, splitNarration, toWebVtt } from "../captions/webvtt.js";
import type { Timeline } from "./timeline.js";
import type { ComposeScene } from "./types.js";

/**
 * Both caption files from the timeline's numbers: each scene's narration window is
 * [narrationStartSeconds, + narration.durationSeconds], split into cues by `splitNarration`. The WebVTT
 * file uses the standard two 42-character lines; burned-in cues are split to fit the frame at the
 * style's font size.
 */

function cuesFor(scenes: readonly ComposeScene[], timeline: Timeline, maxChars?: number): Cue[] {
  const cues: Cue[] = [];
  scenes.forEach((scene, i) => {
    const timing = timeline.scenes[i];
    const { text, durationSeconds } = scene.narration;
    if (!timing || text.trim() === "" || !(durationSeconds > 0)) return;
    cues.push(...splitNarration(text, timing.narrationStartSeconds, durationSeconds, maxChars));
  });
  return cues;
}

export function webVttFor(scenes: readonly ComposeScene[], timeline: Timeline): string {
  return toWebVtt(cuesFor(scenes, timeline));
}

/** The ASS script to burn in, or null when nothing is drawn (no caption look and no mark). */
export function assFor(
  scenes: readonly ComposeScene[],
  timeline: Timeline,
  look: CaptionLook | null,
  output: { width: number; height: number },
  watermark: boolean,
): string | null {
  if (!look && !watermark) return null;
  const cues = look
    ? cuesFor(scenes, timeline, captionLineChars(look, output.width, output.height) * Math.max(1, look.maxLines))
    : [];
  return toAss({ ...output, look, cues, watermark, durationSeconds: timeline.durationSeconds });
}
