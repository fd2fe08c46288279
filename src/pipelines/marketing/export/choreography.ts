import type { CampaignOrientation } from "../campaign/document.js";

/**
 * How each part of a scene arrives: the words rise into place one after another, the visual glides in
 * from the side it sits on, the call to action comes last; the top bar (logo, progress) and the plate are
 * there from the start, so the crossfade between scenes carries them. Frames at 30 fps.
 */

export interface EntrancePlan {
  atFrame: number;
  frames: number;
  dx: number;
  dy: number;
  fade: boolean;
}

/** Frames over which a scene fades in over the one before. */
export const CROSSFADE_FRAMES = 10;

const STILL = new Set(["logo", "progress", "rest"]);
/** The order parts arrive in (earlier first); unknown names come with the body. */
const ORDER: Record<string, number> = {
  coverText: 0,
  mark: 0,
  number: 0,
  headline: 1,
  figure: 1,
  quote: 1,
  visual: 2,
  body: 3,
  author: 3,
  cta: 4,
};
const STAGGER = 4;
const RISE = 44;

export function entranceFor(
  name: string,
  box: { x: number; y: number; width: number; height: number },
  frame: { width: number; height: number },
  orientation: CampaignOrientation,
  first: boolean,
): EntrancePlan | null {
  if (STILL.has(name)) return null;
  // The first scene opens on its plate; later ones start once the crossfade is half done.
  const start = first ? 4 : Math.round(CROSSFADE_FRAMES / 2);
  const order = ORDER[name] ?? 3;
  const atFrame = start + order * STAGGER;
  if (name === "visual") {
    // From the side it sits on in a row layout; from below when it sits under the words.
    const fromRight = orientation === "landscape" && box.x + box.width / 2 > frame.width / 2;
    const fromLeft = orientation === "landscape" && !fromRight;
    const shift = Math.round(Math.min(frame.width, frame.height) * 0.08);
    return {
      atFrame,
      frames: 20,
      dx: fromRight ? shift : fromLeft ? -shift : 0,
      dy: orientation === "landscape" ? 0 : shift,
      fade: true,
    };
  }
  if (name === "cta") return { atFrame, frames: 16, dx: 0, dy: Math.round(RISE * 0.6), fade: true };
  return { atFrame, frames: 16, dx: 0, dy: RISE, fade: true };
}
