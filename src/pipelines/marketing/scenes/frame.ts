import type { CampaignOrientation } from "../campaign/document.js";

/**
 * Each orientation's frame and its safe area (CSS px at 1080p). Portrait is watched inside social apps,
 * whose buttons and captions cover the top ~12 % and the bottom ~18 % of the screen and a strip on the
 * right: nothing readable goes there. Square and landscape keep a plain margin (7–8 % of the short side).
 */

export interface SceneFrame {
  width: number;
  height: number;
  safe: { top: number; right: number; bottom: number; left: number };
}

export const SCENE_FRAMES: Record<CampaignOrientation, SceneFrame> = {
  portrait: { width: 1080, height: 1920, safe: { top: 232, right: 96, bottom: 346, left: 88 } },
  square: { width: 1080, height: 1080, safe: { top: 84, right: 88, bottom: 84, left: 88 } },
  landscape: { width: 1920, height: 1080, safe: { top: 84, right: 128, bottom: 84, left: 128 } },
};
