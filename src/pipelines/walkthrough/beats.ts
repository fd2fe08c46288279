/**
 * The beats of a walkthrough plan: what each does in the browser, on what, and the page it ends on. The
 * planner writes them (planner.ts), the storyboard stores them, renders replay them (perform.ts,
 * capture.ts).
 */

/** What a beat does in the browser. */
export type BeatAction = "navigate" | "click" | "type" | "scroll" | "hover";

/** An element a beat acts on: its role and accessible name, or a CSS selector, or both. */
export interface BeatTarget {
  role?: string;
  name?: string;
  css?: string;
  /**
   * Controls clicked first, in order, while the target is hidden: the collapsed sidebar group or the
   * dropdown holding it, the menu button of a phone-width navbar.
   */
  via?: BeatTarget[];
}

export interface Beat {
  id: string;
  title: string;
  action: BeatAction;
  target: BeatTarget | null;
  /** The page the beat ends on (where its screenshot is taken). */
  url: string;
  /** Text typed (type beats only). */
  value?: string;
  narration: string;
  estimatedSeconds: number;
}

/** A beat as the planner drafts it: no id yet, its length estimated once its line is written. */
export type BeatDraft = Omit<Beat, "id" | "estimatedSeconds">;

/** An intent of the hint the plan could not meet, and why. */
export interface PlanWarning {
  intent: string;
  reason: string;
}
