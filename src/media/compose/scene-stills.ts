import { type Layout, layoutFor } from "./background.js";
import { captionBandHeight } from "./caption-placement.js";
import { loadClip } from "./clip.js";
import type { SceneStills } from "./motion.js";
import { StillLoader } from "./stills.js";
import type { CapturedScene, FrameStyle, Viewport } from "./types.js";

/**
 * A scene's stills, decoded for the compositor (stills.ts), and the early start of that work: a render
 * hands each scene to a `StillPreload` as soon as it is captured, so the first scenes decode on the
 * thread pool while Chromium captures the rest (the capture spends much of its time waiting for pages
 * to settle). Measured on the admin fixture: the compositor waited ~1.4 s for its first scene's stills
 * before any frame could be drawn (docs/benchmarks.md, quality).
 */

/** The frame layout of a composition: where the card with the page sits in the output. */
export function compositionLayout(viewport: Viewport, output: { width: number; height: number }, style: FrameStyle) {
  const image = {
    width: viewport.width * viewport.deviceScaleFactor,
    height: viewport.height * viewport.deviceScaleFactor,
  };
  return layoutFor(output, image, style.backdrop, captionBandHeight(style.captions, output));
}

export async function stillsFor(scene: CapturedScene, loader: StillLoader): Promise<SceneStills> {
  const m = scene.motion;
  const after = loader.load(scene.after);
  const before = scene.before ? loader.load(scene.before) : after;
  const steps =
    m.kind === "type" ? m.steps.map((png) => loader.loadStep(png, scene.before ?? scene.after, m.target)) : [];
  const strip = m.kind === "scroll" ? loader.load(m.strip) : null;
  const clip = loadClip(scene.clip, loader);
  return {
    before: await before,
    after: await after,
    steps: await Promise.all(steps),
    strip: await strip,
    fixedLayer: null,
    clip: await clip,
  };
}

/**
 * Scenes decoded ahead, at most `PRELOAD_SCENES` of them (the first ones: the compositor prefetches the
 * rest one scene ahead while it draws, and a scene's clip frames can take hundreds of MB decoded).
 */
export const PRELOAD_SCENES = 2;

export class StillPreload {
  /** Ids must be unique among the stills one composition sees: the compositor carries on with this loader. */
  readonly loader: StillLoader;
  readonly layout: Layout;
  private readonly loading = new Map<Buffer, Promise<SceneStills>>();

  constructor(
    readonly viewport: Viewport,
    output: { width: number; height: number },
    style: FrameStyle,
  ) {
    this.layout = compositionLayout(viewport, output, style);
    this.loader = new StillLoader(viewport, this.layout.card);
  }

  /** Starts decoding a scene just captured, if it is one of the first. */
  add(scene: CapturedScene): void {
    if (this.loading.size >= PRELOAD_SCENES || this.loading.has(scene.after)) return;
    const stills = stillsFor(scene, this.loader);
    stills.catch(() => {}); // awaited by the compositor when the scene's turn comes (or dropped with it)
    this.loading.set(scene.after, stills);
  }

  /** The stills of `scene` if it was preloaded (scenes are known by their `after` picture). */
  take(scene: CapturedScene): Promise<SceneStills> | null {
    const stills = this.loading.get(scene.after) ?? null;
    this.loading.delete(scene.after);
    return stills;
  }

  /** Lets go of the scenes not in `kept` (a render cut to its length drops scenes from the end). */
  keepOnly(kept: readonly CapturedScene[]): void {
    const wanted = new Set(kept.map((s) => s.after));
    for (const after of this.loading.keys()) if (!wanted.has(after)) this.loading.delete(after);
  }

  /** Lets go of everything not taken yet (the composition is over, or could not use it). */
  clear(): void {
    this.loading.clear();
  }

  /** Whether a composition of this viewport and card can use what was decoded (sizes are baked in). */
  fits(viewport: Viewport, layout: Layout): boolean {
    const v = this.viewport;
    const c = this.layout.card;
    return (
      v.width === viewport.width &&
      v.height === viewport.height &&
      v.deviceScaleFactor === viewport.deviceScaleFactor &&
      c.width === layout.card.width &&
      c.height === layout.card.height
    );
  }
}
