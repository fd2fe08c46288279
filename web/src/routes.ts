import { type ComponentType, lazy } from "react";
import { SignIn } from "./pages/sign-in";
import { SignUp } from "./pages/sign-up";

/** What every page is given: the named parts of its path (`:id`). */
export interface PageProps {
  params: Record<string, string>;
}

export interface PageRoute {
  /** Real paths: the service answers each with the app (src/http/dashboard.ts). `:name` is a parameter. */
  path: string;
  page: ComponentType<PageProps>;
  /** "signed-out": sign-in and sign-up (a signed-in person is sent on); default: needs a session. */
  access?: "signed-out";
}

/**
 * Every page of the dashboard. A new page is one file in pages/ and one row here (and, if it belongs in
 * the left navigation, one row in NAV). Pages behind sign-in load on first visit, so the first load stays
 * small (web/build/bundle-budget.ts).
 */
export const ROUTES: PageRoute[] = [
  { path: "/sign-in", page: SignIn, access: "signed-out" },
  { path: "/sign-up", page: SignUp, access: "signed-out" },
  { path: "/", page: lazy(() => import("./pages/overview")) },
  { path: "/keys", page: lazy(() => import("./pages/keys")) },
  { path: "/keys/new", page: lazy(() => import("./pages/key-new")) },
  { path: "/webhooks", page: lazy(() => import("./pages/webhooks")) },
  { path: "/webhooks/new", page: lazy(() => import("./pages/webhook-new")) },
  { path: "/webhooks/:id", page: lazy(() => import("./pages/webhook")) },
  { path: "/account", page: lazy(() => import("./pages/account")) },
  { path: "/walkthroughs", page: lazy(() => import("./pages/walkthroughs")) },
  { path: "/walkthroughs/new", page: lazy(() => import("./pages/walkthroughs-new")) },
  { path: "/walkthroughs/plans/:id", page: lazy(() => import("./pages/walkthroughs-plan")) },
  { path: "/walkthroughs/videos/:id", page: lazy(() => import("./pages/walkthroughs-video")) },
  { path: "/walkthroughs/templates", page: lazy(() => import("./pages/walkthroughs-templates")) },
  { path: "/walkthroughs/voices", page: lazy(() => import("./pages/walkthroughs-voices")) },
  { path: "/marketing", page: lazy(() => import("./pages/marketing")) },
  { path: "/marketing/brand-kit", page: lazy(() => import("./pages/marketing-brand-kit")) },
  { path: "/marketing/generate", page: lazy(() => import("./pages/marketing-generate")) },
  { path: "/marketing/sources/:id", page: lazy(() => import("./pages/marketing-source")) },
  { path: "/marketing/generations/:id", page: lazy(() => import("./pages/marketing-generation")) },
  { path: "/marketing/projects/:id", page: lazy(() => import("./pages/marketing-project")) },
  { path: "/marketing/exports/:id", page: lazy(() => import("./pages/marketing-export")) },
];

/** The left navigation, in order. */
export const NAV: { path: string; label: string }[] = [
  { path: "/", label: "Overview" },
  { path: "/walkthroughs", label: "Walkthroughs" },
  { path: "/marketing", label: "Marketing" },
  { path: "/keys", label: "API keys" },
  { path: "/webhooks", label: "Webhooks" },
  { path: "/account", label: "Account" },
];
