import type { SessionGuard } from "../pipelines/browsing/fenced-session.js";
import type { ExportDeps } from "../pipelines/marketing/export/deps.js";
import type { ExportInput } from "../pipelines/marketing/export/export-input.js";
import { exportCampaign } from "../pipelines/marketing/export/export-job.js";
import type { GenerationDeps } from "../pipelines/marketing/generate/deps.js";
import { generateCampaign } from "../pipelines/marketing/generate/generate-job.js";
import type { GenerationInput } from "../pipelines/marketing/generate/generation-input.js";
import { type InspectionDeps, type InspectionInput, inspectSource } from "../pipelines/marketing/index.js";
import { PipelineFailure, type PipelineOutput, type PipelineRun } from "../pipelines/run.js";
import type { WalkthroughDeps } from "../pipelines/walkthrough/deps.js";
import type { RenderJobInput } from "../pipelines/walkthrough/render-input.js";
import { renderWalkthrough } from "../pipelines/walkthrough/render-job.js";
import type { StoryboardJobInput } from "../pipelines/walkthrough/storyboard-input.js";
import { planStoryboard } from "../pipelines/walkthrough/storyboard-job.js";
import {
  defineJob,
  JobCancelled,
  type JobContext,
  type JobDefinition,
  JobFailure,
  JobHandedBack,
} from "./definition.js";
import type { JobServices } from "./services.js";

/** A job's run as a pipeline sees it. */
const pipelineRun = <I>(ctx: JobContext<I>): PipelineRun<I> => ({
  id: ctx.job.id,
  input: ctx.input,
  progress: ctx.progress,
  checkpoint: ctx.checkpoint,
  signal: ctx.signal,
  warn: (message, details) => ctx.deps.log.warn({ ...details, jobId: ctx.job.id }, message),
});

/** The fence every browser session of a job sits behind: the URL guard's rules and the byte caps. */
const sessionGuard = (deps: JobServices): SessionGuard => ({
  config: deps.config,
  resolver: deps.resolver,
  maxResponseBytes: deps.config.browser.maxResponseBytes,
  maxDocumentBytes: deps.config.browser.maxDocumentBytes,
});

/** What the walkthrough pipelines use, from the services the app built once. */
const walkthroughDeps = (deps: JobServices): WalkthroughDeps => ({
  browser: deps.walkthrough.browser,
  credentials: deps.walkthrough.credentials,
  tts: deps.tts,
  storage: deps.storage,
  clock: deps.clock,
  guard: sessionGuard(deps),
  ffmpeg: deps.config.ffmpegBinaries,
});

/** What an inspection uses: the walkthroughs' browser and fence, the installed fonts, the scan bounds. */
const inspectionDeps = (deps: JobServices): InspectionDeps => ({
  browser: deps.walkthrough.browser,
  storage: deps.storage,
  clock: deps.clock,
  guard: sessionGuard(deps),
  ffmpeg: deps.config.ffmpegBinaries,
  fonts: deps.fonts,
  settings: deps.config.scan,
});

/** What a generation uses: storage, the speech engines, the walkthroughs' browser, the installed fonts. */
const generationDeps = (deps: JobServices): GenerationDeps => ({
  storage: deps.storage,
  tts: deps.tts,
  browser: deps.walkthrough.browser,
  fonts: deps.fonts,
});

/** What an export uses: storage, the speech engines, the walkthroughs' browser, the fonts, ffmpeg. */
const exportDeps = (deps: JobServices): ExportDeps => ({
  storage: deps.storage,
  tts: deps.tts,
  browser: deps.walkthrough.browser,
  fonts: deps.fonts,
  ffmpeg: deps.config.ffmpegBinaries,
  clock: deps.clock,
});

/**
 * Runs pipeline work as a job's run: a PipelineFailure becomes the job's failure (same code, reason and
 * retryability); anything thrown once the run was stopped is the stop: a cancellation, or a hand-back when
 * the worker is stopping (the signal's reason says which).
 */
async function asJobRun(signal: AbortSignal, work: () => Promise<PipelineOutput>): Promise<PipelineOutput> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof JobCancelled || err instanceof JobHandedBack) throw err;
    if (signal.aborted) throw signal.reason instanceof JobHandedBack ? signal.reason : new JobCancelled();
    if (err instanceof PipelineFailure) throw new JobFailure(err.code, err.reason, err.retryable);
    throw err;
  }
}

/** walkthrough.storyboard: explores a site into a plan (pipelines/walkthrough/storyboard-job.ts). */
export const storyboardJob = defineJob<StoryboardJobInput>({
  kind: "walkthrough.storyboard",
  maxAttempts: 2,
  retryDelayMs: () => 10_000,
  run: (ctx) => asJobRun(ctx.signal, () => planStoryboard(pipelineRun(ctx), walkthroughDeps(ctx.deps))),
});

/**
 * walkthrough.render: a plan made into a video (pipelines/walkthrough/render-job.ts). The stored options
 * are resolved first, before any work: one that no longer resolves fails the job at once with its own
 * code. Holds the reserved seconds until it settles.
 */
export const renderJob = defineJob<RenderJobInput>({
  kind: "walkthrough.render",
  maxAttempts: 2,
  retryDelayMs: () => 10_000,
  run: (ctx) =>
    asJobRun(ctx.signal, () => {
      const settings = ctx.deps.walkthrough.renderSettings(ctx.input.options);
      return renderWalkthrough(pipelineRun(ctx), settings, walkthroughDeps(ctx.deps));
    }),
});

/**
 * marketing.source_scan: a source's first inspection, a website scanned (or a walkthrough render read)
 * into its version 1 (pipelines/marketing/). Its id is the source's; terminal states emit marketing.source.* events.
 * Retryable failures (browser unavailable, internal_error) run again from scratch, twice in all.
 */
export const sourceScanJob = defineJob<InspectionInput>({
  kind: "marketing.source_scan",
  maxAttempts: 2,
  retryDelayMs: () => 10_000,
  run: (ctx) => asJobRun(ctx.signal, () => inspectSource(pipelineRun(ctx), inspectionDeps(ctx.deps))),
});

/**
 * The refresh kind (`marketing.source_operation`, the spec's string; decision 0030): a website scanned
 * again into the source's next version (fixed when the refresh was created). No events: the spec's
 * frozen event list has no family for it (decision 0012).
 */
export const sourceRefreshJob = defineJob<InspectionInput>({
  kind: "marketing.source_operation",
  maxAttempts: 2,
  retryDelayMs: () => 10_000,
  run: (ctx) => asJobRun(ctx.signal, () => inspectSource(pipelineRun(ctx), inspectionDeps(ctx.deps))),
});

/**
 * marketing.generation: a campaign's revision-1 document and its preview stills from a source version
 * (pipelines/marketing/generate/). Terminal states emit marketing.generation.* events. A failure that may
 * pass (the voice's engine, the browser) runs again, twice in all.
 */
export const generationJob = defineJob<GenerationInput>({
  kind: "marketing.generation",
  maxAttempts: 2,
  retryDelayMs: () => 10_000,
  run: (ctx) => asJobRun(ctx.signal, () => generateCampaign(pipelineRun(ctx), generationDeps(ctx.deps))),
});

/**
 * marketing.export: a project's revision rendered to a video, its poster, captions and quality report
 * (pipelines/marketing/export/). Holds the reserved seconds until it settles: the real length is charged
 * (the pipeline's chargeSeconds), the rest released. Terminal states emit marketing.export.* events.
 */
export const exportJob = defineJob<ExportInput>({
  kind: "marketing.export",
  maxAttempts: 2,
  retryDelayMs: () => 10_000,
  run: (ctx) => asJobRun(ctx.signal, () => exportCampaign(pipelineRun(ctx), exportDeps(ctx.deps))),
});

/**
 * The job kinds this service runs, one definition each. The walkthrough and marketing pipelines add
 * theirs here as they land (tests add scripted kinds).
 */
export const JOB_DEFINITIONS: JobDefinition[] = [
  storyboardJob,
  renderJob,
  sourceScanJob,
  sourceRefreshJob,
  generationJob,
  exportJob,
];
