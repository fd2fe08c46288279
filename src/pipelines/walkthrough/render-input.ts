import type { CaptureSpec } from "../../media/browser/index.js";
import type { Beat } from "./beats.js";
import type { StoredStoryboardOptions } from "./storyboard-input.js";

/** A beat of a render: the plan's beat with the user's edits; hidden beats are performed, not shown. */
export interface RenderBeat extends Beat {
  hidden: boolean;
}

/** The length decisions were made from (see domains/renders/length-fit.ts). */
export interface RenderLength {
  /** Fixed length: the video is exactly this long. */
  targetSeconds: number | null;
  /** Auto ceiling. */
  maxSeconds: number | null;
  /** targetSeconds ?? maxSeconds: the most the video may last (and what was reserved, on paid plans). */
  seconds: number;
}

/** What POST /renders and POST /storyboards/{id}/renders store as a walkthrough.render job's input. */
export interface RenderJobInput {
  source: "storyboard" | "url";
  /** The storyboard rendered (storyboard renders). */
  storyboardId: string | null;
  /** The site's start page. */
  url: string;
  hint: string | null;
  /** Storyboard renders: the plan's beats up to the last one shown, edits applied. URL renders: null (planned by the job). */
  beats: RenderBeat[] | null;
  options: StoredStoryboardOptions;
  capture: CaptureSpec;
  length: RenderLength;
  watermark: boolean;
  /** Whose sealed demo credentials to sign in with (a storyboard's or this render's id); null: no sign-in. */
  credentialsOwner: string | null;
}
