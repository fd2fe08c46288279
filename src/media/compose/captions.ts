import { captionLineChars, toAss } from "../captions/ass.js";
import { splitNarration } from "../captions/cue-split.js";
import type { CaptionLook } from "../captions/look.js";
import { type Cue, MAX_LINE_CHARS, MAX_LINES, toWebVtt } from "../captions/webvtt.js";
import type { Layout } from "./background.js";
import { placeCue, type SceneFraming } from "./caption-placement.js";
import type { Timeline } from "./timeline.js";
import type { ComposeScene } from "./types.js";

/**
 * Both caption files from the timeline's numbers: each scene's narration window is
 * [narrationStartSeconds, + narration.durationSeconds], split into cues by `splitNarration` (a cue may
 * stay up after the voice until its scene ends, never into the next scene's cues). The WebVTT
 * file uses the standard two 42-character lines; burned-in cues are split to fit the frame at the
 * style's font size and each is placed clear of its scene's target (caption-placement.ts).
 */

interface SceneCue {
  cue: Cue;
  /** The index of the scene the cue is spoken in. */
  scene: number;
}

function cuesFor(
  scenes: readonly ComposeScene[],
  timeline: Timeline,
  box: { maxLineChars: number; maxLines: number } = { maxLineChars: MAX_LINE_CHARS, maxLines: MAX_LINES },
): SceneCue[] {
  const cues: SceneCue[] = [];
  scenes.forEach((scene, i) => {
    const timing = timeline.scenes[i];
    const { text, durationSeconds } = scene.narration;
    if (!timing || text.trim() === "" || !(durationSeconds > 0)) return;
    const latestEndSeconds = timing.startSeconds + timing.durationSeconds;
    for (const cue of splitNarration(text, timing.narrationStartSeconds, durationSeconds, { ...box, latestEndSeconds }))
      cues.push({ cue, scene: i });
  });
  return cues;
}

export function webVttFor(scenes: readonly ComposeScene[], timeline: Timeline): string {
  return toWebVtt(cuesFor(scenes, timeline).map((c) => c.cue));
}

/**
 * The ASS script to burn in, or null when nothing is drawn (no caption look and no mark). `framing` is
 * each scene's camera and target, in scene order.
 */
export function assFor(
  scenes: readonly ComposeScene[],
  timeline: Timeline,
  look: CaptionLook | null,
  layout: Layout,
  framing: readonly SceneFraming[],
  watermark: boolean,
): string | null {
  if (!look && !watermark) return null;
  const { output } = layout;
  const cues = look
    ? cuesFor(scenes, timeline, {
        maxLineChars: captionLineChars(look, output.width, output.height),
        maxLines: look.maxLines,
      }).map(({ cue, scene }) => ({
        ...cue,
        placement: placeCue(
          cue,
          look,
          layout,
          framing[scene] as SceneFraming,
          timeline.scenes[scene] as Timeline["scenes"][number],
          timeline.fps,
        ),
      }))
    : [];
  return toAss({ ...output, look, cues, watermark, durationSeconds: timeline.durationSeconds });
}
