import type { ReactNode } from "react";

export type BadgeTone = "good" | "neutral" | "warn" | "bad";

/** A status word in a coloured pill; the word carries the meaning, the colour only repeats it. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
