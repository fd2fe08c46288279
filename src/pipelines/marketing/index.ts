import type { PipelineOutput, PipelineRun } from "../run.js";
import type { InspectionDeps } from "./deps.js";
import { renderSource } from "./from-render/render-source.js";
import type { InspectionInput } from "./input.js";
import { scanUrl } from "./scan/scan-job.js";

export type { InspectionDeps } from "./deps.js";
export type { InspectionInput } from "./input.js";

/**
 * An inspection: the pipeline of both source job kinds (`marketing.source_scan`: a first scan or a
 * render source; `marketing.source_operation`: a refresh, which is a URL scan of the next version).
 * A URL is scanned (scan/); a render is turned into a source without visiting anything (from-render/).
 */
export function inspectSource(run: PipelineRun<InspectionInput>, deps: InspectionDeps): Promise<PipelineOutput> {
  // The run is passed on as it is (its hooks may live on a prototype); only its input's type narrows.
  if (run.input.kind === "render")
    return renderSource(run as PipelineRun<Extract<InspectionInput, { kind: "render" }>>, deps);
  return scanUrl(run as PipelineRun<Extract<InspectionInput, { kind: "url" }>>, deps);
}
