/** The spec's six job kinds and five states. */
export const JOB_KINDS = [
  "walkthrough.render",
  "walkthrough.storyboard",
  "marketing.export",
  "marketing.generation",
  "marketing.source_scan",
  "marketing.source_operation",
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];
export type TerminalState = "succeeded" | "failed" | "cancelled";

export const TERMINAL_STATES: readonly JobState[] = ["succeeded", "failed", "cancelled"];
export const isTerminal = (s: string): s is TerminalState => (TERMINAL_STATES as readonly string[]).includes(s);

/**
 * Events a kind emits on reaching a terminal state: `<family>.<state>`. `marketing.source_operation`
 * emits none: the spec's 16 event types have no family for it (docs/decisions/0012-jobs.md).
 */
export const EVENT_FAMILY: Record<JobKind, string | null> = {
  "walkthrough.render": "render",
  "walkthrough.storyboard": "storyboard",
  "marketing.export": "marketing.export",
  "marketing.generation": "marketing.generation",
  "marketing.source_scan": "marketing.source",
  "marketing.source_operation": null,
};
