import { describe, expect, it } from "vitest";
import { CLIP_FPS, MAX_CLIP_FRAMES } from "../../src/media/browser/index.js";
import { withClip } from "../../src/media/compose/clip.js";
import { motionPhases } from "../../src/media/compose/timeline.js";
import type { CapturedScene, SceneMotion } from "../../src/media/compose/types.js";
import { typeStepLengths } from "../../src/pipelines/walkthrough/capture.js";
import { motionBound } from "../../src/pipelines/walkthrough/motion-bound.js";
import { SceneFeed } from "../../src/pipelines/walkthrough/scene-feed.js";

const viewport = { width: 1440, height: 900, deviceScaleFactor: 1.25 };
const png = Buffer.from("png");
const box = { x: 600, y: 700, width: 200, height: 40 };
const clip = (frames: number) => ({ fps: CLIP_FPS, frames: Array.from({ length: frames }, () => png) });
const needs = (motion: SceneMotion, c: CapturedScene["clip"] = null) =>
  withClip(motionPhases(motion, viewport), c).minimum;

describe("motionBound: what a beat's scene can need before it is captured", () => {
  it("is never less than any scene the capture can make for the action", () => {
    const scroll = (toY: number): SceneMotion => ({
      kind: "scroll",
      strip: png,
      fixedLayer: null,
      fromY: 0,
      toY,
      target: null,
    });
    const cases: [Parameters<typeof motionBound>[0], SceneMotion[], CapturedScene["clip"][]][] = [
      [{ action: "navigate" }, [{ kind: "cut" }], [null, clip(1), clip(MAX_CLIP_FRAMES)]],
      [{ action: "click" }, [{ kind: "click", target: box }, { kind: "cut" }], [null, clip(20), clip(MAX_CLIP_FRAMES)]],
      [{ action: "hover" }, [{ kind: "hover", target: box }, { kind: "cut" }], [null, clip(MAX_CLIP_FRAMES)]],
      [
        { action: "type", value: "jane@example.com" },
        [{ kind: "type", target: box, steps: typeStepLengths(16).map(() => png) }, { kind: "cut" }],
        [null],
      ],
      [{ action: "scroll" }, [scroll(0), scroll(900), scroll(4_000), scroll(200_000), { kind: "cut" }], [null]],
    ];
    for (const [beat, motions, clips] of cases) {
      const bound = motionBound(beat, viewport);
      for (const m of motions) for (const c of clips) expect(needs(m, c)).toBeLessThanOrEqual(bound);
    }
  });

  it("is reached: the longest clip and the longest pan are what it allows for", () => {
    expect(motionBound({ action: "navigate" }, viewport)).toBe(needs({ kind: "cut" }, clip(MAX_CLIP_FRAMES)));
    expect(motionBound({ action: "click" }, viewport)).toBe(
      needs({ kind: "click", target: box }, clip(MAX_CLIP_FRAMES)),
    );
    const farthest: SceneMotion = { kind: "scroll", strip: png, fixedLayer: null, fromY: 0, toY: 1e7, target: null };
    expect(motionBound({ action: "scroll" }, viewport)).toBe(needs(farthest));
  });
});

describe("SceneFeed", () => {
  it("delivers items by index as they are pushed, and a failure rejects only what was not delivered", async () => {
    const feed = new SceneFeed<string>(3);
    const second = feed.get(1);
    feed.push("a");
    feed.push("b");
    await expect(second).resolves.toBe("b");
    const boom = new Error("capture failed");
    feed.fail(boom);
    await expect(feed.get(0)).resolves.toBe("a");
    await expect(feed.get(2)).rejects.toBe(boom);
    await expect(feed.get(7)).rejects.toBeInstanceOf(RangeError);
  });
});
