import type { ReactNode } from "react";

export type BadgeTone = "good" | "neutral" | "warn" | "bad";

/** A status word in a coloured pill; the word carries the meaning, the colour only repeats it. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

/** The tone of a job's state, alike for every kind of job (walkthroughs, marketing). */
export const JOB_TONES: Record<"queued" | "running" | "succeeded" | "failed" | "cancelled", BadgeTone> = {
  queued: "neutral",
  running: "warn",
  succeeded: "good",
  failed: "bad",
  cancelled: "neutral",
};
