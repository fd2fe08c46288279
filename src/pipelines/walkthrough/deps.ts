import type { Clock } from "../../clock.js";
import type { BrowserPool } from "../../media/browser/index.js";
import type { FrameStyle } from "../../media/compose/types.js";
import type { FfmpegBinaries } from "../../media/ffmpeg/run.js";
import type { TtsVoice } from "../../media/tts/engine.js";
import type { TtsEngines } from "../../media/tts/engines.js";
import type { Storage } from "../../storage/storage.js";
import type { SessionGuard } from "../browsing/fenced-session.js";
import type { CredentialsPort } from "./credentials.js";
import type { StoredStoryboardOptions } from "./storyboard-input.js";

/** A render's options as the pipeline uses them, resolved from the stored catalogue ids at run time. */
export interface RenderSettings {
  /** Null when no voice engine is installed (the render then cannot speak). */
  voice: TtsVoice | null;
  /** Output size in pixels. */
  output: { width: number; height: number };
  /** The backdrop and the burned-in captions' look. */
  style: FrameStyle;
}

/**
 * Resolves a render's stored options against today's catalogue (a voice may have been uninstalled
 * since it was queued). Throws a PipelineFailure with the option's own code, not retryable, when one no
 * longer resolves: running again would not change the answer.
 */
export type RenderSettingsResolver = (stored: StoredStoryboardOptions) => RenderSettings;

/** What the domains provide the walkthrough jobs with, built once by the app (see Deps.walkthrough). */
export interface WalkthroughServices {
  /** The process's Chromium (one, launched on first use; the app closes it on shutdown). */
  browser: BrowserPool;
  credentials: CredentialsPort;
  renderSettings: RenderSettingsResolver;
}

/** Everything a walkthrough run uses beyond its input. */
export interface WalkthroughDeps {
  browser: BrowserPool;
  credentials: CredentialsPort;
  tts: TtsEngines;
  storage: Storage;
  clock: Clock;
  /** The URL guard's settings and DNS for the run's egress proxy. */
  guard: SessionGuard;
  /** The configured ffmpeg and ffprobe programs the compositor runs. */
  ffmpeg: FfmpegBinaries;
}
