import { useEffect } from "react";
import type { Operations } from "../../api/openapi-types";
import { useLoad } from "../../hooks/use-load";

/** A job envelope (storyboards and renders answer the same shape). */
export type Job = Operations["storyboards.get"]["response"];
export type Artifact = NonNullable<Job["result"]>["artifacts"][number];

export const TERMINAL: ReadonlySet<Job["state"]> = new Set(["succeeded", "failed", "cancelled"]);
export const isTerminal = (job: Job): boolean => TERMINAL.has(job.state);

/**
 * A job, read again after the `pollAfterMs` its envelope asks for until it reaches a terminal state. What
 * is shown is always the last answer: nothing is guessed in between.
 */
export function useJob(load: () => Promise<Job>, id: string) {
  const loaded = useLoad(load, id);
  const job = loaded.data;
  const { reload } = loaded;
  useEffect(() => {
    if (!job || isTerminal(job)) return;
    const timer = window.setTimeout(() => void reload(), Math.max(250, job.pollAfterMs ?? 1000));
    return () => window.clearTimeout(timer);
  }, [job, reload]);
  return loaded;
}

export const artifactsOf = (job: Job, type: string): Artifact[] =>
  (job.result?.artifacts ?? []).filter((a) => a.type === type && a.url);

/** Stage words of the walkthrough jobs, said for a person; another stage is shown as the service names it. */
const STAGES: Record<string, string> = {
  opening: "Opening the site",
  exploring: "Exploring the site",
  preparing: "Getting ready",
  planning: "Writing the plan",
  signing_in: "Signing in with the demo account",
  capturing: "Filming the site",
  composing: "Putting the video together",
  saving: "Saving",
};
export const stageWords = (stage: string): string => STAGES[stage] ?? stage.replaceAll("_", " ");
