import type { CaptureSpec } from "../../media/browser/index.js";

/** The resolved options a storyboard keeps (ids, as GET /catalog/render-options names them). */
export interface StoredStoryboardOptions {
  avatar: string;
  background: string;
  captionStyle: string;
  capture: string;
  language: string | null;
  orientation: string;
  voiceId: string | null;
  templateId: string | null;
  targetSeconds: number | null;
  maxSeconds: number | null;
}

/** What POST /storyboards stores as the job's input (checked before the job was created). */
export interface StoryboardJobInput {
  url: string;
  hint: string | null;
  options: StoredStoryboardOptions;
  capture: CaptureSpec;
  /**
   * Plan signed in: where to sign in and the origins the sign-in may pass through. The username and
   * password are not here: the run opens them through its credentials port with its id.
   */
  signIn?: { loginUrl: string; additionalLoginOrigins: string[] } | null;
}
