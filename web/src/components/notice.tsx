import type { ReactNode } from "react";

export type Tone = "info" | "success" | "warning" | "error";

/** A calm box of information; `live` announces it when it appears (the answer to something the person did). */
export function Notice({ tone = "info", live, children }: { tone?: Tone; live?: boolean; children: ReactNode }) {
  return (
    <div className={`notice notice-${tone}`} role={live ? "status" : undefined}>
      {children}
    </div>
  );
}
