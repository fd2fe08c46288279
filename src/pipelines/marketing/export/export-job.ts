import { PipelineFailure, type PipelineOutput, type PipelineRun } from "../../run.js";
import type { ExportDeps } from "./deps.js";
import type { ExportInput } from "./export-input.js";

/**
 * PLACEHOLDER on the API branch (wt-exp-api): the export renderer is written on main and replaces this
 * file when the branches merge. Until then every export fails with a non-retryable internal_error (its
 * seconds released), so the operations, refusals and settlement can be built and tested around it.
 *
 * marketing.export: a revision rendered to its video, poster, captions and quality report
 * (artifacts `video`, `poster`, `captions`, `quality_report`, with durationSeconds and chargeSeconds).
 */
export async function exportCampaign(run: PipelineRun<ExportInput>, deps: ExportDeps): Promise<PipelineOutput> {
  void run;
  void deps;
  throw new PipelineFailure("internal_error", "the export renderer is not merged yet", false);
}
