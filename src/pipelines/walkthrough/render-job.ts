import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserSession, BrowserUnavailableError, type CaptureSpec } from "../../media/browser/index.js";
import { withClip } from "../../media/compose/clip.js";
import { composeWalkthrough, StillPreload } from "../../media/compose/index.js";
import { computeTimeline, motionPhases } from "../../media/compose/timeline.js";
import type { CapturedScene, ComposeScene, Viewport } from "../../media/compose/types.js";
import { TtsUnavailableError } from "../../media/tts/engine.js";
import { type FencedSession, openFencedSession } from "../browsing/fenced-session.js";
import { PipelineFailure, type PipelineOutput, type PipelineRun } from "../run.js";
import { keepBeats } from "./beat-fit.js";
import type { Beat } from "./beats.js";
import { type CaptureOptions, captureScenes } from "./capture.js";
import type { RenderSettings, WalkthroughDeps } from "./deps.js";
import { planWalkthrough } from "./explore.js";
import { type Narration, narrate } from "./narrate.js";
import { narrationLine } from "./narration-text.js";
import { NavigationError, performBeat } from "./perform.js";
import type { RenderBeat, RenderJobInput } from "./render-input.js";
import { writeQualityReport } from "./render-quality.js";
import { SignInError } from "./sign-in.js";
import { signInFailure } from "./sign-in-failure.js";
import { signInWithinApprovedOrigins } from "./sign-in-fenced.js";

const FPS = 30;

const describe = (err: unknown): string =>
  err instanceof Error ? (err.message.split("\n")[0] ?? err.name) : String(err);

/**
 * The browser's scale for a render: the still holds at least the output's pixels, so a held frame is
 * never blown up (a 1440×900 desktop in 1920×1080 is captured at 1.25×). More would make zooms
 * sharper but costs the compositor time per resampled frame (docs/benchmarks.md, render).
 */
export function renderCapture(capture: CaptureSpec, output: { width: number; height: number }): CaptureSpec {
  const fit = Math.min(output.width / capture.width, output.height / capture.height);
  const wanted = Math.min(2, Math.ceil(fit * 4) / 4);
  return { ...capture, deviceScaleFactor: Math.max(capture.deviceScaleFactor, wanted) };
}

/** Runs the beats in the page: hidden ones off camera (performed, not captured), the rest captured. */
async function replay(
  session: BrowserSession,
  beats: readonly RenderBeat[],
  ctx: {
    checkpoint: () => Promise<void>;
    onBeat: (done: number, total: number) => Promise<void>;
    onScene: NonNullable<CaptureOptions["onScene"]>;
    /** Cancels a capture mid-step too (a settle wait stops at once, not at its bound). */
    signal: AbortSignal;
  },
): Promise<{ scenes: CapturedScene[]; viewport: Viewport | null; unsettled: string[] }> {
  const scenes: CapturedScene[] = [];
  const unsettled: string[] = [];
  let viewport: Viewport | null = null;
  let done = 0;
  for (let i = 0; i < beats.length; ) {
    const hidden = beats[i]?.hidden === true;
    let j = i;
    while (j < beats.length && (beats[j]?.hidden === true) === hidden) j++;
    const run = beats.slice(i, j);
    if (hidden) {
      for (const beat of run) {
        await ctx.checkpoint();
        // An off-camera step that no longer works is skipped: the next shown beat says what is on screen.
        await performBeat(session.page, beat).catch((err) => {
          if (err instanceof NavigationError) throw err;
          return false;
        });
        await ctx.onBeat(++done, beats.length);
      }
    } else {
      const result = await captureScenes(session.page, run, {
        signal: ctx.signal,
        checkpoint: ctx.checkpoint,
        onBeat: async () => ctx.onBeat(++done, beats.length),
        onScene: ctx.onScene,
      });
      scenes.push(...result.scenes);
      unsettled.push(...result.unsettled);
      viewport = result.viewport;
    }
    i = j;
  }
  return { scenes, viewport, unsettled };
}

/**
 * Scenes shown, cut from the end until they fit the render's length (narration is only known now; the
 * create-time fit used the plan's estimates). A fixed length may squeeze holds and tails (the timeline's
 * floor); an Auto ceiling holds the scenes at their natural length. The first scene always stays.
 */
function fitScenes<T extends { scene: CapturedScene; narration: Narration }>(
  items: T[],
  viewport: Viewport,
  seconds: number,
  fixed: boolean,
): T[] {
  let kept = items;
  // Fits when the timeline can hold it at `seconds`: holds and tails may shrink, motion and speech not.
  const fits = (list: T[]) => {
    try {
      const timeline = computeTimeline(
        list.map((x) => ({
          beatId: x.scene.beatId,
          motionSeconds: withClip(motionPhases(x.scene.motion, viewport), x.scene.clip).minimum,
          narrationSeconds: x.narration.durationSeconds,
        })),
        FPS,
        fixed ? seconds : null,
      );
      return timeline.durationSeconds <= seconds + 1e-9;
    } catch (err) {
      if (err instanceof RangeError) return false;
      throw err;
    }
  };
  while (kept.length > 1 && !fits(kept)) kept = kept.slice(0, -1);
  // One beat whose own line outlasts the length: no cut can make it fit, and retrying will not either.
  if (!fits(kept))
    throw new PipelineFailure("options_invalid", `the first beat's narration is longer than ${seconds} seconds`, false);
  return kept;
}

/**
 * The walkthrough.render pipeline: signs in when the render has credentials, plans the site first (URL
 * renders), replays the beats in Chromium capturing the states each needs, speaks every line, composes
 * the motion at a constant 30 fps and encodes MP4 + poster + WebVTT. `settings` are the render's
 * options resolved by the caller. Charges the video's real length (never more than held): a fixed
 * length the scenes cannot fill without dead air gives a shorter video (timeline.ts), charged and
 * reported (durationSeconds) as it is; settling releases the rest of the hold.
 */
export async function renderWalkthrough(
  run: PipelineRun<RenderJobInput>,
  settings: RenderSettings,
  deps: WalkthroughDeps,
): Promise<PipelineOutput> {
  const { id, input, progress, checkpoint, signal } = run;
  const started = deps.clock.now();
  const voice = settings.voice;
  const engine = voice ? deps.tts.engineFor(voice.engine) : null;
  if (!voice || !engine) throw new PipelineFailure("tts_unavailable", "no speech engine serves this voice", true);
  const output = settings.output;

  const dir = await mkdtemp(join(tmpdir(), `cw-render-${id.slice(-8)}-`));
  let fenced: FencedSession | null = null;
  try {
    await progress("preparing", 2);
    const creds = input.credentialsOwner ? await deps.credentials.use(input.credentialsOwner) : null;
    if (input.credentialsOwner && !creds)
      throw new PipelineFailure(
        "credentials_required",
        "the demo credentials were deleted two hours after last use",
        false,
      );
    try {
      const capture = renderCapture(input.capture, output);
      fenced = await openFencedSession(deps.browser, capture, deps.guard, signal);
    } catch (err) {
      if (err instanceof BrowserUnavailableError)
        throw new PipelineFailure("internal_error", "the browser is unavailable", true);
      throw err;
    }
    const { session, fence } = fenced;

    // The plan: the storyboard's (edits applied), or made now for a URL render and cut to the length.
    let beats: RenderBeat[];
    if (input.beats) {
      beats = input.beats;
      if (creds) {
        await progress("signing_in", 4);
        await signInWithinApprovedOrigins(session.page, creds, { fence, startUrl: input.url, signal });
      }
    } else {
      const plan = await planWalkthrough(
        session,
        {
          url: input.url,
          hint: input.hint,
          language: input.options.language,
          signIn: creds,
          targetSeconds: input.length.targetSeconds,
          maxSeconds: input.length.maxSeconds,
        },
        { progress: (stage, pct) => progress(stage, Math.min(20, Math.round(pct / 5))), checkpoint, fence, signal },
      );
      beats = keepBeats(plan.beats, input.length.seconds).map((b: Beat) => ({ ...b, hidden: false }));
    }

    await checkpoint();
    await progress("capturing", 20);
    const shown = beats.filter((b) => !b.hidden);
    // Speech and capture overlap: espeak-ng runs in its own process while Chromium works.
    const speaking = narrate(
      engine,
      voice,
      // Captions show the cleaned line as written; the engine reads it with numbers and acronyms spelled out.
      shown.map((b) => ({ beatId: b.id, ...narrationLine(b.narration, input.options.language) })),
      dir,
      checkpoint,
    );
    speaking.catch(() => undefined);
    // Made with the first scene (the viewport is known then); let go of once the composition is done.
    const decoded: { preload: StillPreload | null } = { preload: null };
    const captured = await replay(session, beats, {
      signal,
      checkpoint,
      onBeat: (done, total) => progress("capturing", 20 + Math.round((done / total) * 25)),
      onScene: (scene, viewport) => {
        decoded.preload ??= new StillPreload(viewport, output, settings.style);
        decoded.preload.add(scene);
      },
    });
    const viewport = captured.viewport;
    // Stills taken while the page still moved (a live chart, a request that never ends): the video
    // shows the page as it was at the wait's bound. The quality report names them too.
    if (captured.unsettled.length > 0)
      run.warn?.("walkthrough: stills taken before the page settled", { unsettledBeats: captured.unsettled });
    await fenced.close();
    fenced = null;
    const narrations = await speaking;
    if (!viewport || captured.scenes.length === 0)
      throw new PipelineFailure("storyboard_empty", "no beat could be shown", false);

    await checkpoint();
    await progress("composing", 50);
    const paired = captured.scenes.map((scene, i) => ({ scene, narration: narrations[i] as Narration }));
    const kept = fitScenes(paired, viewport, input.length.seconds, input.length.targetSeconds !== null);
    decoded.preload?.keepOnly(kept.map((k) => k.scene));
    const scenes: ComposeScene[] = kept.map(({ scene, narration }) => ({
      ...scene,
      narration: { text: narration.text, wavPath: narration.wavPath, durationSeconds: narration.durationSeconds },
    }));
    const outDir = join(dir, "out");
    await mkdir(outDir, { recursive: true });
    const composed = await composeWalkthrough(
      {
        scenes,
        viewport,
        output,
        fps: FPS,
        style: settings.style,
        watermark: input.watermark,
        targetSeconds: input.length.targetSeconds,
        outDir,
        binaries: deps.ffmpeg,
        signal,
        onProgress: (pct) => void progress("composing", 50 + Math.round(pct * 0.45)).catch(() => undefined),
      },
      decoded.preload,
    );
    decoded.preload = null;

    await checkpoint();
    // Render time up to the encoded video: what the speed target is about (measuring and storing are not).
    const renderSeconds = (deps.clock.now().getTime() - started.getTime()) / 1000;
    await progress("saving", 97);
    const quality = await writeQualityReport(
      composed,
      {
        plannedBeats: shown.length,
        kept,
        unsettled: captured.unsettled,
        language: input.options.language,
        renderSeconds,
      },
      outDir,
      { signal, binaries: deps.ffmpeg },
    );
    const artifacts: PipelineOutput["artifacts"] = [];
    for (const [type, file, name] of [
      ["video", composed.video, "video.mp4"],
      ["poster", composed.poster, "poster.jpg"],
      ["captions", composed.captions, "captions.vtt"],
      ["quality_report", quality, "quality.json"],
    ] as const) {
      const stored = await deps.storage.putFile(`jobs/${id}/${name}`, file.path);
      artifacts.push({ type, ...stored });
    }
    return {
      artifacts,
      durationSeconds: composed.durationSeconds,
      chargeSeconds: Math.ceil(composed.durationSeconds - 1e-9),
    };
  } catch (err) {
    // A cancelled run's error passes through as it is: the runner settles it as cancelled.
    if (err instanceof PipelineFailure || signal.aborted) throw err;
    if (err instanceof SignInError) throw signInFailure(err, true);
    if (err instanceof NavigationError) throw new PipelineFailure("url_invalid", describe(err).slice(0, 300), false);
    if (err instanceof TtsUnavailableError)
      throw new PipelineFailure("tts_unavailable", describe(err).slice(0, 300), true);
    throw new PipelineFailure("internal_error", `rendering failed: ${describe(err)}`.slice(0, 300), true);
  } finally {
    await fenced?.close();
    await rm(dir, { recursive: true, force: true });
  }
}
