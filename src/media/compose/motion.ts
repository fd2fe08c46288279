import type { Rect } from "./canvas.js";
import { afterStillAt, type ClipStills } from "./clip.js";
import type { FixedLayer } from "./fixed-layer.js";
import type { Still } from "./stills.js";
import { type MotionPhases, RIPPLE_SECONDS, ZOOM_IN_SECONDS, ZOOM_OUT_SECONDS } from "./timeline.js";
import type { Box, CapturedScene, SceneMotion, Viewport } from "./types.js";

/**
 * What each frame of a scene shows, as data (no pixels): which still through which camera, the fixed
 * layer over a scroll, the cursor, the ripple. Pure functions of (scene, phases, frame), so the renderer
 * can compare consecutive frames and re-send a held one instead of drawing it again.
 *
 * One still per frame, never two blended: a page change is a clean cut (a navigation at the scene's
 * first frame, a click's result at the ripple's midpoint), as a real page load looks; a ghosted
 * cross-dissolve of two pages is what a screen recording never shows.
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
  /** Drawn over `base` at the card's origin (a scroll's pinned elements), or null. */
  fixed: FixedLayer | null;
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
  /** Scroll only, when the page pins elements to the viewport. */
  fixedLayer: FixedLayer | null;
  /** Real motion played in place of `after` as it appears (clip.ts), or null. */
  clip?: ClipStills | null;
}

export const easeInOut = (t: number): number => {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
};

/** Screen-recording norm: zoom in at most 2×, so the page stays recognisable. */
export const MAX_ZOOM = 2;

/** The share of the card's height that burned-in captions cover at its top and bottom edges (0–1). */
export interface CaptionRoom {
  top: number;
  bottom: number;
}

export const NO_ROOM: CaptionRoom = { top: 0, bottom: 0 };

/**
 * The zoomed view for a target: up to MAX_ZOOM, the target keeping room around it, never past the edges.
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
  /** Where captions may cover the card, kept clear when zooming. */
  room: CaptionRoom;
  /** The zoomed view the scene opens on, when it pans on from the previous scene's; null: the whole viewport. */
  panFrom: Rect | null;
  /** The scene ends zoomed in: the next one pans on from here instead of zooming out and in again. */
  panOnward: boolean;
}

/**
 * The part of the viewport shown at `t` seconds into a scene lasting `total` (the camera): the whole
 * viewport, except around a click, hover or type, which zooms in on the target (eased over
 * ZOOM_IN_SECONDS from the scene's start, so it begins the cursor's travel time before the action), holds
 * at least ZOOM_HOLD_SECONDS and until the result has been seen, and eases back out over
 * ZOOM_OUT_SECONDS (a click: as soon as the hold is over; a hover or typing: by the scene's end), unless
 * the next scene pans on from here.
 */
export function sceneView(
  plan: Pick<SceneMotionPlan, "motion" | "phases" | "viewport" | "room" | "panFrom" | "panOnward">,
  t: number,
  total: number,
): Rect {
  const { motion, phases, viewport } = plan;
  const full: Rect = { x: 0, y: 0, width: viewport.width, height: viewport.height };
  if (motion.kind === "cut" || motion.kind === "scroll") return full;
  const zoomed = zoomView(motion.target, viewport, plan.room);
  if (t < ZOOM_IN_SECONDS) return lerpRect(plan.panFrom ?? full, zoomed, easeInOut(t / ZOOM_IN_SECONDS));
  // A click's result is mostly elsewhere (another page, a panel, a dialog): once the hold is over the
  // camera eases out and the narration plays over the whole page. A hover's tooltip and a typed field's
  // text are where the zoom is: held until the scene's end.
  const outStart = motion.kind === "click" ? phases.holdUntil : Math.max(phases.holdUntil, total - ZOOM_OUT_SECONDS);
  if (plan.panOnward || t <= outStart) return zoomed;
  const out = Math.max(1e-6, Math.min(ZOOM_OUT_SECONDS, total - outStart));
  return lerpRect(zoomed, full, easeInOut(Math.min(1, (t - outStart) / out)));
}

/** See cameraLinks. */
export const PAN_ON_MAX_WHOLE_SECONDS = 1;

/**
 * Which scenes pan straight on to the next one's target: both zoom on a target, the next starts from
 * the picture this one ends on, and the two zoomed views overlap (the next target is close enough that
 * the viewer keeps their bearings during the pan). Zooming out and back in between them would only
 * make the viewer look twice. A click that would show its result zoomed out for longer than
 * PAN_ON_MAX_WHOLE_SECONDS (its narration goes on) zooms out instead: a sidebar link clicked, the page it
 * opens is what the narration talks about, not the next link.
 */
export function cameraLinks(
  scenes: readonly (Pick<CapturedScene, "motion" | "before" | "after"> & { phases: MotionPhases; seconds: number })[],
  viewport: Viewport,
  room: CaptionRoom,
): Pick<SceneMotionPlan, "panFrom" | "panOnward">[] {
  const view = (m: SceneMotion): Rect | null =>
    m.kind === "click" || m.kind === "hover" || m.kind === "type" ? zoomView(m.target, viewport, room) : null;
  const onward = scenes.map((scene, i) => {
    const next = scenes[i + 1];
    const a = view(scene.motion);
    const b = next ? view(next.motion) : null;
    if (!next || !a || !b || next.before === null || !next.before.equals(scene.after)) return null;
    const whole = scene.seconds - scene.phases.holdUntil - ZOOM_OUT_SECONDS;
    if (scene.motion.kind === "click" && whole > PAN_ON_MAX_WHOLE_SECONDS) return null;
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    return overlap ? a : null;
  });
  return scenes.map((_s, i) => ({ panFrom: i > 0 ? (onward[i - 1] ?? null) : null, panOnward: onward[i] !== null }));
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
  const spec: FrameSpec = {
    base: { still: afterStillAt(stills, t - phases.afterAt), cam: full },
    fixed: null,
    view: full,
    cursor: plan.cursorFrom,
    ripple: null,
  };
  if (motion.kind === "cut") return spec;

  if (motion.kind === "scroll") {
    // The first screen as it was until the pan moves, the last as it is once it stops (the page's own
    // pixels, pinned elements in their real state); in between the strip slides under the fixed layer.
    const strip = stills.strip;
    if (t < phases.scrollStart) spec.base = { still: stills.before, cam: full };
    if (strip === null || t < phases.scrollStart || t >= phases.scrollEnd) return spec;
    const p = easeInOut((t - phases.scrollStart) / (phases.scrollEnd - phases.scrollStart));
    const maxY = Math.max(0, strip.cssHeight - viewport.height);
    const y = Math.min(maxY, Math.max(0, motion.fromY + (motion.toY - motion.fromY) * p));
    spec.base = { still: strip, cam: { x: 0, y, width: viewport.width, height: viewport.height } };
    spec.fixed = stills.fixedLayer;
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
    spec.base = layer(t < phases.afterAt ? stills.before : afterStillAt(stills, t - phases.afterAt));
  } else if (motion.kind === "click") {
    spec.base = layer(t < phases.afterAt ? stills.before : afterStillAt(stills, t - phases.afterAt));
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
