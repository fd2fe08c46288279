import type { ReactNode } from "react";
import { Link } from "../router/link";

/** The way back to the list a detail page belongs to, above its title. */
export function Breadcrumb({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="breadcrumb">
      <Link to={to}>{children}</Link>
    </p>
  );
}
