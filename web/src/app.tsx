import { Suspense, useEffect } from "react";
import { AuthLayout } from "./components/auth-layout";
import { Loading } from "./components/loading";
import { Shell } from "./components/shell";
import { NotFound } from "./pages/not-found";
import { navigate, useLocation } from "./router/history";
import { matchPath, safeReturnPath } from "./router/paths";
import { ROUTES } from "./routes";
import { useSession } from "./session/session";

function findRoute(path: string) {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

/**
 * Picks the page for the address and keeps people where they may be: a signed-out person asking for a
 * page is sent to sign-in and, once signed in, back to that page (also when a session ends mid-task).
 */
export function App() {
  const { path, search, href } = useLocation();
  const { status, endedMidway } = useSession();
  const found = findRoute(path);
  const forSignedOut = found?.route.access === "signed-out";
  const needs = !found ? "nothing" : forSignedOut ? "signed-out" : "session";
  const next = search.get("next");

  useEffect(() => {
    if (status === "checking") return;
    if (needs === "session" && status === "signed-out") {
      const reason = endedMidway ? "&reason=expired" : "";
      navigate(`/sign-in?next=${encodeURIComponent(href)}${reason}`, { replace: true });
    } else if (needs === "signed-out" && status === "signed-in") {
      navigate(safeReturnPath(next), { replace: true });
    }
  }, [status, needs, endedMidway, href, next]);

  if (status === "checking") return <Loading what="Opening your dashboard" />;
  if (!found) {
    const Frame = status === "signed-in" ? Shell : AuthLayout;
    return (
      <Frame>
        <NotFound />
      </Frame>
    );
  }
  const Page = found.route.page;
  if (forSignedOut) {
    return status === "signed-out" ? (
      <AuthLayout>
        <Page params={found.params} />
      </AuthLayout>
    ) : null;
  }
  if (status !== "signed-in") return null;
  return (
    <Shell>
      <Suspense fallback={<Loading />}>
        <Page params={found.params} key={path} />
      </Suspense>
    </Shell>
  );
}
