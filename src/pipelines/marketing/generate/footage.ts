import type { SceneKind, SceneVisual } from "../campaign/document.js";
import type { SourceManifest } from "../source/manifest.js";
import type { DemoRange, StoryTemplate } from "./story-types.js";

/**
 * Walkthrough footage for a story: the `demo` range the user chose, else a render source's own video (from
 * its start; its length is not in the manifest, so the range is the scene's length, set after the fit).
 * It goes to the reveal, else the first feature, else the first step: the scene that shows the product.
 * A template that takes no footage ignores it.
 */

export type Footage = Extract<SceneVisual, { type: "footage" }>;

export function footageOf(manifest: SourceManifest, template: StoryTemplate, demo: DemoRange | null): Footage | null {
  if (template.demoFootage === "none") return null;
  if (demo)
    return { type: "footage", renderId: demo.renderId, fromSeconds: demo.fromSeconds, toSeconds: demo.toSeconds };
  const video = manifest.assets.some((a) => a.type === "video" && a.retained);
  if (manifest.kind === "render" && manifest.renderId && video) {
    return { type: "footage", renderId: manifest.renderId, fromSeconds: 0, toSeconds: 0 };
  }
  return null;
}

const SHOWS_PRODUCT: readonly SceneKind[] = ["reveal", "feature", "step"];

/** Index of the scene that shows the footage: the first reveal, else feature, else step; -1 for none. */
export function footageScene(kinds: readonly SceneKind[]): number {
  for (const kind of SHOWS_PRODUCT) {
    const i = kinds.indexOf(kind);
    if (i >= 0) return i;
  }
  return -1;
}

/**
 * A render source's own footage plays for as long as its scene lasts (the user's `demo` range is kept as
 * chosen): run after the scenes are fitted to the measured narration.
 */
export function fitFootage<S extends { seconds: number; visual: SceneVisual }>(
  scenes: S[],
  demo: DemoRange | null,
): S[] {
  if (demo) return scenes;
  return scenes.map((s) =>
    s.visual.type === "footage"
      ? { ...s, visual: { ...s.visual, toSeconds: Math.round((s.visual.fromSeconds + s.seconds) * 100) / 100 } }
      : s,
  );
}
