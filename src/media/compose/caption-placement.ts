import { type CuePlacement, captionBlockSize, captionLines, captionMarginV } from "../captions/ass.js";
import type { CaptionLook } from "../captions/look.js";
import type { Cue } from "../captions/webvtt.js";
import type { Layout } from "./background.js";
import type { Rect } from "./canvas.js";
import { type CaptionRoom, NO_ROOM, type SceneMotionPlan, sceneTarget, sceneView } from "./motion.js";
import type { SceneTiming } from "./types.js";

/**
 * Where each burned-in caption goes, so it never covers what the scene is about. With a caption band
 * (backdrop under the card, see background.ts) every cue sits in the band. Otherwise a cue takes the
 * look's own position unless the scene's target, as it appears on screen while the cue is shown (after
 * the zoom), would be under it; then the other edge; when every place covers it, the least covering.
 */

/** What the compositor knows of a scene's camera and target, enough to place its captions. */
export type SceneFraming = Pick<SceneMotionPlan, "motion" | "phases" | "viewport" | "room" | "panFrom" | "panOnward">;

type Align = "top" | "center" | "bottom";

const ORDER: Record<Align, Align[]> = {
  bottom: ["bottom", "top"],
  top: ["top", "bottom"],
  center: ["center", "bottom", "top"],
};

/** The height a caption band needs for this look (its tallest cue and a gap either side); 0 without captions. */
export function captionBandHeight(look: CaptionLook | null, output: { width: number; height: number }): number {
  if (!look) return 0;
  const block = captionBlockSize(look, output, Math.max(1, look.maxLines), 1).height;
  return block + 2 * Math.round(Math.min(output.width, output.height) * 0.02);
}

/** The caption's rectangle against an edge (or the middle) of the frame, output pixels. */
function alignedRect(
  look: CaptionLook,
  output: Layout["output"],
  align: Align,
  size: { width: number; height: number },
): Rect {
  const marginV = captionMarginV(look, output.height);
  const y =
    align === "top"
      ? marginV
      : align === "bottom"
        ? output.height - marginV - size.height
        : (output.height - size.height) / 2;
  return { x: (output.width - size.width) / 2, y, width: size.width, height: size.height };
}

/** The share of the card a look's own position covers, so zooms frame their target clear of it. */
export function captionRoom(look: CaptionLook | null, layout: Layout): CaptionRoom {
  if (!look || layout.captionBand !== null || look.position === "center") return NO_ROOM;
  const size = captionBlockSize(look, layout.output, Math.max(1, look.maxLines), 1);
  const r = alignedRect(look, layout.output, look.position, size);
  const { card } = layout;
  const covered = look.position === "bottom" ? card.y + card.height - r.y : r.y + r.height - card.y;
  // A little air between the caption and the target.
  const share = Math.min(0.5, Math.max(0, covered / card.height + 0.03));
  return look.position === "bottom" ? { top: 0, bottom: share } : { top: share, bottom: 0 };
}

/** A box in viewport CSS px as it appears in the output, given the part of the viewport shown. */
function onScreen(box: Rect, view: Rect, card: Rect): Rect {
  const sx = card.width / view.width;
  const sy = card.height / view.height;
  const x0 = Math.max(card.x, card.x + (box.x - view.x) * sx);
  const y0 = Math.max(card.y, card.y + (box.y - view.y) * sy);
  const x1 = Math.min(card.x + card.width, card.x + (box.x + box.width - view.x) * sx);
  const y1 = Math.min(card.y + card.height, card.y + (box.y + box.height - view.y) * sy);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The target's on-screen boxes while the cue is shown, one per frame (none when the scene has no target). */
function targetBoxes(cue: Cue, scene: SceneFraming, timing: SceneTiming, layout: Layout, fps: number): Rect[] {
  const boxes: Rect[] = [];
  const from = Math.max(0, Math.floor((cue.startSeconds - timing.startSeconds) * fps));
  const to = Math.min(timing.frames - 1, Math.ceil((cue.endSeconds - timing.startSeconds) * fps));
  for (let f = from; f <= to; f++) {
    const t = f / fps;
    const target = sceneTarget(scene, t);
    if (target) boxes.push(onScreen(target, sceneView(scene, t, timing.durationSeconds), layout.card));
  }
  return boxes;
}

export function placeCue(
  cue: Cue,
  look: CaptionLook,
  layout: Layout,
  scene: SceneFraming,
  timing: SceneTiming,
  fps: number,
): CuePlacement {
  const { output, captionBand } = layout;
  if (captionBand) return { centre: { x: output.width / 2, y: captionBand.y + captionBand.height / 2 } };
  const lines = captionLines(look, output, cue.text);
  const size = captionBlockSize(look, output, lines.length, Math.max(...lines.map((l) => l.length)));
  const pad = Math.round(Math.min(output.width, output.height) * 0.01);
  const boxes = targetBoxes(cue, scene, timing, layout, fps).map((b) => ({
    x: b.x - pad,
    y: b.y - pad,
    width: b.width + 2 * pad,
    height: b.height + 2 * pad,
  }));
  let best: { align: Align; covered: number } | null = null;
  for (const align of ORDER[look.position]) {
    const rect = alignedRect(look, output, align, size);
    const covered = Math.max(0, ...boxes.map((b) => overlap(rect, b)));
    if (covered === 0) return { align };
    if (!best || covered < best.covered) best = { align, covered };
  }
  return { align: (best as { align: Align }).align };
}
