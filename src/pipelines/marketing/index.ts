import type { PipelineOutput, PipelineRun } from "../run.js";
import type { ScanDeps } from "./deps.js";
import { renderSource } from "./from-render/render-source.js";
import type { SourceScanInput } from "./input.js";
import { scanUrl } from "./scan/scan-job.js";

export type { ScanDeps } from "./deps.js";
export type { SourceScanInput } from "./input.js";

/**
 * The pipeline of both source job kinds (`marketing.source_scan`: a first scan or a render source;
 * `marketing.source_operation`: a refresh, which is a URL scan of the next version).
 */
export function scanSource(run: PipelineRun<SourceScanInput>, deps: ScanDeps): Promise<PipelineOutput> {
  // The run is passed on as it is (its hooks may live on a prototype); only its input's type narrows.
  if (run.input.kind === "render")
    return renderSource(run as PipelineRun<Extract<SourceScanInput, { kind: "render" }>>, deps);
  return scanUrl(run as PipelineRun<Extract<SourceScanInput, { kind: "url" }>>, deps);
}
