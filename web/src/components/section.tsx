import type { ReactNode } from "react";

/** A part of a page named by its own `<h2>` (aria-labelledby), so screen readers list it as a region. */
export function Section({ titleId, title, children }: { titleId: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
