import type { ReactNode } from "react";
import { Brand } from "./brand";

/** The frame of the signed-out pages: the product's name and one card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-layout">
      <header className="auth-brand">
        <Brand />
      </header>
      <main id="main" className="auth-card">
        {children}
      </main>
    </div>
  );
}
