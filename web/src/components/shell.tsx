import type { ReactNode } from "react";
import { AssistantButton } from "../assistant/help-button";
import { useLocation } from "../router/history";
import { Link } from "../router/link";
import { NAV } from "../routes";
import { useSession } from "../session/session";
import { Brand } from "./brand";

/** The signed-in frame: the left navigation (a top bar on a phone), who is signed in, and the page. */
export function Shell({ children }: { children: ReactNode }) {
  const { account, signOut } = useSession();
  const { path } = useLocation();
  const current = (to: string) => (to === "/" ? path === "/" : path === to || path.startsWith(`${to}/`));
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar">
        <Brand />
        <nav aria-label="Dashboard">
          <ul>
            {NAV.map((item) => (
              <li key={item.path}>
                <Link to={item.path} aria-current={current(item.path) ? "page" : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-foot">
          <AssistantButton />
          {account ? <p className="who">{account.account.email}</p> : null}
          <button type="button" className="link-button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </aside>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
