import type { JobDefinition } from "./definition.js";

/**
 * The job kinds this service runs, one definition each. The walkthrough and marketing pipelines add
 * theirs here as they land; until then no spec job kind has a runner (tests add scripted kinds).
 */
export const JOB_DEFINITIONS: JobDefinition[] = [];
