import { iso } from "../../clock.js";
import { defineJob, JobCancelled, JobFailure, type JobOutput } from "../../jobs/definition.js";
import { BrowserUnavailableError, type CaptureSpec } from "../../media/browser/index.js";
import { walkthroughBrowser } from "./browser.js";
import { credentialSource } from "./credentials.js";
import { planWalkthrough, type WalkthroughRequest } from "./explore.js";
import { type FencedSession, openFencedSession } from "./fenced-session.js";
import { NavigationError } from "./perform.js";
import { SignInError } from "./sign-in.js";
import { signInFailure } from "./sign-in-failure.js";

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
   * password are not here: the job reads them from credentialSource() with its id.
   */
  signIn?: { loginUrl: string; additionalLoginOrigins: string[] } | null;
}

const describe = (err: unknown): string =>
  err instanceof Error ? (err.message.split("\n")[0] ?? err.name) : String(err);

/** The job's failure for what planning threw (messages never carry the password or a query string). */
function failureOf(err: unknown): JobFailure | JobCancelled {
  if (err instanceof JobFailure || err instanceof JobCancelled) return err;
  if (err instanceof NavigationError)
    return new JobFailure(
      "url_invalid",
      err.status === null ? "the site could not be opened" : `the site answered HTTP ${err.status}`,
      false,
    );
  if (err instanceof SignInError) return signInFailure(err, false);
  return new JobFailure("internal_error", `planning failed: ${describe(err)}`.slice(0, 300), true);
}

async function signInRequest(jobId: string, input: StoryboardJobInput): Promise<WalkthroughRequest["signIn"]> {
  if (!input.signIn) return null;
  const stored = await credentialSource().read(jobId);
  if (!stored) throw new JobFailure("credentials_required", "no stored sign-in credentials for this storyboard", false);
  return {
    loginUrl: input.signIn.loginUrl,
    additionalLoginOrigins: input.signIn.additionalLoginOrigins,
    username: stored.username,
    password: stored.password,
  };
}

/**
 * walkthrough.storyboard: explores the site in the shared browser (signed in first when the input asks)
 * and writes the plan (`jobs/<id>/storyboard.json`, artifact type `storyboard`) and a screenshot per beat
 * (`jobs/<id>/beat-<n>.png`, type `screenshot`). Every connection the page makes passes the URL guard
 * in the session's egress proxy (fenced-session.ts). Holds no time; durationSeconds is the plan's estimate.
 */
export const storyboardJob = defineJob<StoryboardJobInput>({
  kind: "walkthrough.storyboard",
  eventFamily: "storyboard",
  maxAttempts: 2,
  retryDelayMs: () => 10_000,
  async run({ job, input, deps, progress, checkpoint, signal }) {
    const signIn = await signInRequest(job.id, input);
    let fenced: FencedSession;
    try {
      fenced = await openFencedSession(walkthroughBrowser(deps.config.browser), input.capture, deps);
    } catch (err) {
      if (err instanceof BrowserUnavailableError)
        throw new JobFailure("internal_error", "the browser is unavailable", true);
      throw err;
    }
    try {
      const { session, fence } = fenced;
      const planned = await planWalkthrough(
        session,
        { url: input.url, hint: input.hint, language: input.options.language, signIn },
        { progress, checkpoint, fence, signal },
      );
      const { beats } = planned;

      await checkpoint();
      await progress("saving", 95);
      const durationSeconds = Math.round(beats.reduce((s, b) => s + b.estimatedSeconds, 0) * 10) / 10;
      const plan = {
        url: input.url,
        hint: input.hint,
        options: input.options,
        signedIn: planned.signedIn,
        narrationLanguage: planned.narrationLanguage,
        beats,
        createdAt: iso(deps.clock.now()),
      };
      const artifacts: JobOutput["artifacts"] = [];
      const json = await deps.storage.put(`jobs/${job.id}/storyboard.json`, Buffer.from(JSON.stringify(plan, null, 2)));
      artifacts.push({ type: "storyboard", ...json });
      for (const [i, frame] of planned.screenshots.entries()) {
        const file = await deps.storage.put(`jobs/${job.id}/beat-${i + 1}.png`, frame);
        artifacts.push({ type: "screenshot", ...file });
      }
      return { artifacts, durationSeconds, chargeSeconds: 0 };
    } catch (err) {
      throw failureOf(err);
    } finally {
      await fenced.close();
    }
  },
});
