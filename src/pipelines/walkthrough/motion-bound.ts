import { CLIP_FPS, MAX_CLIP_FRAMES } from "../../media/browser/index.js";
import { withClip } from "../../media/compose/clip.js";
import { motionPhases } from "../../media/compose/timeline.js";
import type { SceneMotion, Viewport } from "../../media/compose/types.js";
import { typeStepLengths } from "./capture.js";
import type { Beat } from "./plan.js";

/**
 * The longest motion a beat's scene can need once captured (timeline.ts MotionPhases.minimum, its clip
 * included), known before the capture: the render composes from these while Chromium still captures
 * (compose-stream.ts). Each is the motion the capture makes for the action at its largest — the longest
 * clip, the longest scroll, the typing steps of the value — so a captured scene never needs more; one
 * whose target was gone becomes a cut, which needs less.
 */

const ANY_BOX = { x: 0, y: 0, width: 1, height: 1 };
const LONGEST_CLIP = { fps: CLIP_FPS, frames: Array.from({ length: MAX_CLIP_FRAMES }, () => Buffer.alloc(0)) };

export function motionBound(beat: Pick<Beat, "action" | "value">, viewport: Viewport): number {
  const minimum = (motion: SceneMotion, clip: boolean) =>
    withClip(motionPhases(motion, viewport), clip ? LONGEST_CLIP : null).minimum;
  switch (beat.action) {
    case "navigate":
      return minimum({ kind: "cut" }, true);
    case "click":
    case "hover":
      return minimum({ kind: beat.action, target: ANY_BOX }, true);
    case "type": {
      const steps = typeStepLengths((beat.value ?? "").length).map(() => Buffer.alloc(0));
      return minimum({ kind: "type", target: ANY_BOX, steps }, false);
    }
    case "scroll":
      // The pan's length grows with the distance up to its cap: an endless distance reaches it.
      return minimum(
        {
          kind: "scroll",
          strip: Buffer.alloc(0),
          fixedLayer: null,
          fromY: 0,
          toY: Number.MAX_SAFE_INTEGER,
          target: null,
        },
        false,
      );
  }
}
