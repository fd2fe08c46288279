import { withClip } from "./clip.js";
import { composeStream } from "./compose-stream.js";
import { motionPhases } from "./timeline.js";
import type { ComposedVideo, ComposeInput } from "./types.js";

export { watermarkBox } from "../captions/ass.js";
export { composeStream } from "./compose-stream.js";
export type * from "./types.js";

/**
 * The walkthrough compositor: captured stills + narration → one MP4 (H.264 yuv420p, AAC 48 kHz,
 * faststart), a JPEG poster and a WebVTT file, written to `outDir` as walkthrough.mp4, poster.jpg and
 * captions.vtt. Stills are decoded natively (stills.ts); frames are composed as YUV 4:2:0 and piped raw
 * into one ffmpeg process, each changed picture once (encode-stream.ts); captions and the mark are drawn
 * by libass once per look and blended in (caption-track.ts). The narration (placed from the same
 * timeline) is prepared meanwhile and muxed in last. `composeStream` does the same from a plan while the
 * scenes are still being captured (compose-stream.ts); this is it with every scene already there.
 */
export function composeWalkthrough(input: ComposeInput): Promise<ComposedVideo> {
  const { scenes, ...rest } = input;
  return composeStream({
    ...rest,
    plan: scenes.map((s) => ({
      beatId: s.beatId,
      narration: s.narration,
      motionSeconds: withClip(motionPhases(s.motion, input.viewport), s.clip).minimum,
    })),
    scene: (i) => {
      const scene = scenes[i];
      return scene ? Promise.resolve(scene) : Promise.reject(new RangeError(`no scene ${i}`));
    },
  });
}
