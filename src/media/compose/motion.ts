import type { Rect } from "./canvas.js";
import type { Still } from "./stills.js";
import { CROSSFADE_SECONDS, type MotionPhases, RIPPLE_SECONDS } from "./timeline.js";
import type { Box, SceneMotion, Viewport } from "./types.js";

/**
 * What each frame of a scene shows, as data (no pixels): which still(s) through which camera, the
 * cursor, the ripple, crossfades. Pure functions of (scene, phases, frame), so the renderer can compare
 * consecutive frames and re-send a held one instead of drawing it again.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Layer {
  still: Still;
  /** The region of the still shown, in its CSS px. */
  cam: Rect;
}

export interface FrameSpec {
  base: Layer;
  /** Crossfading in over `base` with weight `overAlpha`. */
  over: Layer | null;
  overAlpha: number;
  /** Weight of the previous scene's last frame (a cut's crossfade); 0 for none. */
  fromPrevious: number;
  /** The part of the viewport shown (CSS px), to place the cursor. */
  view: Rect;
  cursor: Point;
  ripple: { at: Point; t: number } | null;
}

export interface SceneStills {
  before: Still;
  after: Still;
  steps: Still[];
  /** Scroll only. */
  strip: Still | null;
}

export const easeInOut = (t: number): number => {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
};

const MAX_ZOOM = 1.5;
const ZOOM_OUT_SECONDS = 0.6;

/** The share of the card's height that burned-in captions cover at its top and bottom edges (0–1). */
export interface CaptionRoom {
  top: number;
  bottom: number;
}

export const NO_ROOM: CaptionRoom = { top: 0, bottom: 0 };

/**
 * The zoomed view for a target: up to 1.5×, the target keeping room around it, never past the edges.
 * The target is centred in the part of the view the captions leave free, so it does not end up under them.
 */
export function zoomView(target: Box, viewport: Viewport, room: CaptionRoom = NO_ROOM): Rect {
  const free = Math.max(0.2, 1 - room.top - room.bottom);
  const z = Math.max(
    1,
    Math.min(
      MAX_ZOOM,
      (0.6 * viewport.width) / Math.max(1, target.width),
      (0.6 * free * viewport.height) / Math.max(1, target.height),
    ),
  );
  const width = viewport.width / z;
  const height = viewport.height / z;
  const cx = target.x + target.width / 2;
  const cy = target.y + target.height / 2;
  return {
    x: Math.min(viewport.width - width, Math.max(0, cx - width / 2)),
    y: Math.min(viewport.height - height, Math.max(0, cy - height * (room.top + free / 2))),
    width,
    height,
  };
}

const lerpRect = (a: Rect, b: Rect, t: number): Rect => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
  width: a.width + (b.width - a.width) * t,
  height: a.height + (b.height - a.height) * t,
});

/** A gentle arc from `from` to `to` (the control point is pushed sideways by 15 % of the distance). */
export function cursorAt(from: Point, to: Point, t: number): Point {
  const s = easeInOut(t);
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const c = { x: (from.x + to.x) / 2 + dy * 0.15, y: (from.y + to.y) / 2 - dx * 0.15 };
  const u = 1 - s;
  return { x: u * u * from.x + 2 * u * s * c.x + s * s * to.x, y: u * u * from.y + 2 * u * s * c.y + s * s * to.y };
}

export interface SceneMotionPlan {
  motion: SceneMotion;
  phases: MotionPhases;
  stills: SceneStills;
  viewport: Viewport;
  fps: number;
  frames: number;
  cursorFrom: Point;
  /** Whether the scene opens with a crossfade from the previous scene's last frame. */
  fadeIn: boolean;
  /** Where captions may cover the card, kept clear when zooming. */
  room: CaptionRoom;
}

/**
 * The part of the viewport shown at `t` seconds into a scene lasting `total` (the camera): the whole
 * viewport, except around a click, hover or type, which zooms in on the target while the cursor travels
 * and back out by the scene's end.
 */
export function sceneView(
  plan: Pick<SceneMotionPlan, "motion" | "phases" | "viewport" | "room">,
  t: number,
  total: number,
): Rect {
  const { motion, phases, viewport } = plan;
  const full: Rect = { x: 0, y: 0, width: viewport.width, height: viewport.height };
  if (motion.kind === "cut" || motion.kind === "scroll") return full;
  const zin = phases.arrive > 0 ? easeInOut(t / phases.arrive) : 1;
  const outStart = Math.max(phases.afterAt + CROSSFADE_SECONDS, total - ZOOM_OUT_SECONDS);
  const zout = t <= outStart ? 1 : easeInOut(1 - (t - outStart) / Math.max(1e-6, total - outStart));
  return lerpRect(full, zoomView(motion.target, viewport, plan.room), Math.min(zin, zout));
}

/** The box the scene acts on at `t` seconds (viewport CSS px), or null: a scroll's target once it is reached. */
export function sceneTarget(plan: Pick<SceneMotionPlan, "motion" | "phases">, t: number): Box | null {
  const m = plan.motion;
  if (m.kind === "cut") return null;
  if (m.kind === "scroll") return m.target !== null && t >= plan.phases.scrollEnd ? m.target : null;
  return m.target;
}

/** Where the cursor rests when the scene ends (the next scene starts from there). */
export function cursorEnd(plan: Pick<SceneMotionPlan, "motion" | "cursorFrom">): Point {
  const m = plan.motion;
  if (m.kind === "click" || m.kind === "hover" || m.kind === "type") return centre(m.target);
  return plan.cursorFrom;
}

const centre = (b: Box): Point => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

export function frameSpec(plan: SceneMotionPlan, frame: number): FrameSpec {
  const { motion, phases, stills, viewport } = plan;
  const t = frame / plan.fps;
  const total = plan.frames / plan.fps;
  const full: Rect = { x: 0, y: 0, width: viewport.width, height: viewport.height };
  const fromPrevious = plan.fadeIn ? Math.max(0, 1 - t / CROSSFADE_SECONDS) : 0;
  const spec: FrameSpec = {
    base: { still: stills.after, cam: full },
    over: null,
    overAlpha: 0,
    fromPrevious,
    view: full,
    cursor: plan.cursorFrom,
    ripple: null,
  };
  if (motion.kind === "cut") return spec;

  if (motion.kind === "scroll") {
    const strip = stills.strip;
    if (strip === null || t >= phases.scrollEnd + CROSSFADE_SECONDS) return spec;
    const p = easeInOut((t - phases.scrollStart) / (phases.scrollEnd - phases.scrollStart));
    const maxY = Math.max(0, strip.cssHeight - viewport.height);
    const y = Math.min(maxY, Math.max(0, motion.fromY + (motion.toY - motion.fromY) * p));
    spec.base = { still: strip, cam: { x: 0, y, width: viewport.width, height: viewport.height } };
    if (t >= phases.scrollEnd) {
      spec.over = { still: stills.after, cam: full };
      spec.overAlpha = (t - phases.scrollEnd) / CROSSFADE_SECONDS;
    }
    return spec;
  }

  // click, hover, type: travel with zoom-in, the action, hold, zoom back out by the scene's end.
  const target = motion.target;
  const view = sceneView(plan, t, total);
  spec.view = view;
  spec.cursor = t < phases.arrive ? cursorAt(plan.cursorFrom, centre(target), t / phases.arrive) : centre(target);
  if (phases.clickAt !== null && t >= phases.clickAt && t < phases.clickAt + RIPPLE_SECONDS) {
    spec.ripple = { at: centre(target), t: (t - phases.clickAt) / RIPPLE_SECONDS };
  }
  const layer = (still: Still): Layer => ({ still, cam: view });
  if (motion.kind === "hover") {
    spec.base = layer(t < phases.afterAt ? stills.before : stills.after);
  } else if (motion.kind === "click") {
    spec.base = layer(stills.before);
    if (t >= phases.afterAt + CROSSFADE_SECONDS) spec.base = layer(stills.after);
    else if (t >= phases.afterAt) {
      spec.over = layer(stills.after);
      spec.overAlpha = (t - phases.afterAt) / CROSSFADE_SECONDS;
    }
  } else {
    let still = stills.before;
    if (t >= phases.typeEnd) still = stills.after;
    else if (t >= phases.typeStart && stills.steps.length > 0) {
      const n = stills.steps.length;
      const i = Math.floor(((t - phases.typeStart) / (phases.typeEnd - phases.typeStart)) * (n + 1)) - 1;
      if (i >= 0) still = stills.steps[Math.min(n - 1, i)] as Still;
    }
    spec.base = layer(still);
  }
  return spec;
}
