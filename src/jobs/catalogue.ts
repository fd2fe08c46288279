import { renderJob } from "../pipelines/walkthrough/render-job.js";
import { storyboardJob } from "../pipelines/walkthrough/storyboard-job.js";
import type { JobDefinition } from "./definition.js";

/**
 * The job kinds this service runs, one definition each. The walkthrough and marketing pipelines add
 * theirs here as they land (tests add scripted kinds).
 */
export const JOB_DEFINITIONS: JobDefinition[] = [storyboardJob, renderJob];
