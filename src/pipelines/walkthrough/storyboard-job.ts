import { iso } from "../../clock.js";
import { BrowserUnavailableError } from "../../media/browser/index.js";
import { type FencedSession, openFencedSession } from "../browsing/fenced-session.js";
import { PipelineFailure, type PipelineOutput, type PipelineRun } from "../run.js";
import type { CredentialsPort } from "./credentials.js";
import type { WalkthroughDeps } from "./deps.js";
import { planWalkthrough, type WalkthroughRequest } from "./explore.js";
import { NavigationError } from "./perform.js";
import { SignInError } from "./sign-in.js";
import { signInFailure } from "./sign-in-failure.js";
import type { StoryboardJobInput } from "./storyboard-input.js";

const describe = (err: unknown): string =>
  err instanceof Error ? (err.message.split("\n")[0] ?? err.name) : String(err);

/** The run's failure for what planning threw (messages never carry the password or a query string). */
function failureOf(err: unknown, signal: AbortSignal): unknown {
  if (err instanceof PipelineFailure || signal.aborted) return err;
  if (err instanceof NavigationError)
    return new PipelineFailure(
      "url_invalid",
      err.status === null ? "the site could not be opened" : `the site answered HTTP ${err.status}`,
      false,
    );
  if (err instanceof SignInError) return signInFailure(err, false);
  return new PipelineFailure("internal_error", `planning failed: ${describe(err)}`.slice(0, 300), true);
}

async function signInRequest(
  credentials: CredentialsPort,
  id: string,
  input: StoryboardJobInput,
): Promise<WalkthroughRequest["signIn"]> {
  if (!input.signIn) return null;
  const stored = await credentials.use(id);
  if (!stored)
    throw new PipelineFailure("credentials_required", "no stored sign-in credentials for this storyboard", false);
  return {
    loginUrl: input.signIn.loginUrl,
    additionalLoginOrigins: input.signIn.additionalLoginOrigins,
    username: stored.username,
    password: stored.password,
  };
}

/**
 * The walkthrough.storyboard pipeline: explores the site in the shared browser (signed in first when
 * the input asks) and writes the plan (`jobs/<id>/storyboard.json`, artifact type `storyboard`) and a
 * screenshot per beat (`jobs/<id>/beat-<n>.png`, type `screenshot`). Every connection the page makes
 * passes the URL guard in the session's egress proxy (fenced-session.ts). Holds no time;
 * durationSeconds is the plan's estimate.
 */
export async function planStoryboard(
  run: PipelineRun<StoryboardJobInput>,
  deps: WalkthroughDeps,
): Promise<PipelineOutput> {
  const { id, input, progress, checkpoint, signal } = run;
  const signIn = await signInRequest(deps.credentials, id, input);
  let fenced: FencedSession;
  try {
    fenced = await openFencedSession(deps.browser, input.capture, deps.guard, signal);
  } catch (err) {
    if (err instanceof BrowserUnavailableError)
      throw new PipelineFailure("internal_error", "the browser is unavailable", true);
    throw err;
  }
  try {
    const { session, fence } = fenced;
    const planned = await planWalkthrough(
      session,
      {
        url: input.url,
        hint: input.hint,
        language: input.options.language,
        signIn,
        targetSeconds: input.options.targetSeconds,
        maxSeconds: input.options.maxSeconds,
      },
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
      // The hint's intents the plan could not meet ({ intent, reason }); the job envelope has no place for them.
      warnings: planned.warnings,
      createdAt: iso(deps.clock.now()),
    };
    const artifacts: PipelineOutput["artifacts"] = [];
    const json = await deps.storage.put(`jobs/${id}/storyboard.json`, Buffer.from(JSON.stringify(plan, null, 2)));
    artifacts.push({ type: "storyboard", ...json });
    for (const [i, frame] of planned.screenshots.entries()) {
      const file = await deps.storage.put(`jobs/${id}/beat-${i + 1}.png`, frame);
      artifacts.push({ type: "screenshot", ...file });
    }
    return { artifacts, durationSeconds, chargeSeconds: 0 };
  } catch (err) {
    throw failureOf(err, signal);
  } finally {
    await fenced.close();
  }
}
