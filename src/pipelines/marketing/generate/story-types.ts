import type { CampaignOrientation, CampaignScene, SceneKind } from "../campaign/document.js";
import type { SourceManifest } from "../source/manifest.js";

/**
 * What the story planner is given and answers (issue 22): a catalogue template's scenes filled from a pinned
 * source version's manifest. The planner is pure and synchronous, so preflight answers the same plan a
 * generation makes.
 */

/**
 * What the planner needs of a catalogue template: the catalogue's MarketingTemplate is one as it is (its
 * scene kinds and footage rule are typed as strings there; kinds the document does not know are skipped).
 */
export interface StoryTemplate {
  id: string;
  scenes: readonly (SceneKind | string)[];
  durations: readonly number[];
  defaultSeconds: number;
  speeds: readonly number[];
  orientations: readonly CampaignOrientation[];
  /** "none", "optional" or "required". */
  demoFootage: string;
}

/** A stretch of one of the account's walkthrough renders, shown as footage (already checked by the caller). */
export interface DemoRange {
  renderId: string;
  fromSeconds: number;
  toSeconds: number;
}

export interface StoryInput {
  manifest: SourceManifest;
  template: StoryTemplate;
  /** The video's length, one of the template's durations. */
  seconds: number;
  orientation: CampaignOrientation;
  /** The user's words about what to show: copy blocks about it are preferred. */
  focus: string | null;
  demo: DemoRange | null;
  /** The narration voice's language (BCP 47, "en-US"). */
  language: string;
  /** The voice's speed (one of the template's speeds); 1 when not given. */
  speed?: number;
}

/** What stops a generation: preflight's `details.missing` entry. */
export interface MissingEntry {
  field: string;
  section: "story" | "style" | "sound" | "export";
  message: string;
}

export const STORY_WARNING_CODES = [
  /** A scene kind of the template the source could not fill: the plan is shorter. */
  "scene_dropped",
  /** The hook is not the site's headline (it has none): another block opens the video. */
  "hook_not_headline",
  /** The site has no call to action of its own: its name and start page stand in. */
  "cta_fallback",
  /** A scene shows the palette only: the source has no picture for it. */
  "visual_plate",
  /** Demo footage given to a template that takes none, or with no scene to show it. */
  "footage_unused",
  /** The focus words match no copy block: the usual blocks are used. */
  "focus_unmatched",
  /** A site or voice not in English: the narration is the site's own sentences without English linking words. */
  "narration_simple",
  /** The plan holds fewer or shorter scenes than the length asks for: a shorter offered length suits it. */
  "shorter_duration_suggested",
  /** Narration sentences were cut so the speech fits the length (fitScenes). */
  "narration_trimmed",
  /** Even trimmed, the narration needs more time than the length: the lead refuses or warns. */
  "narration_too_long",
] as const;
export type StoryWarningCode = (typeof STORY_WARNING_CODES)[number];

export interface StoryWarning {
  code: StoryWarningCode;
  message: string;
  sceneId?: string;
}

/** Which source material a scene was made from: preflight's scene plan. */
export interface ScenePlanEntry {
  sceneId: string;
  kind: SceneKind;
  /** Copy block ids (`copy-N`) whose text the scene shows or says, in the order used. */
  copyIds: string[];
  /** Claim ids (`claim-N`) a proof scene states. */
  claimIds: string[];
}

export interface StoryPlan {
  scenes: CampaignScene[];
  coverText: string;
  warnings: StoryWarning[];
  missing: MissingEntry[];
  plan: ScenePlanEntry[];
}
