import { useSyncExternalStore } from "react";

/**
 * The dashboard's addresses are real paths (/keys, /webhooks/…): the service answers any of them with
 * the app, which reads location here. A tiny router instead of a library: the bundle stays small.
 */
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
window.addEventListener("popstate", () => {
  navigations += 1;
  notify();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => window.location.pathname + window.location.search;

let navigations = 0;
/** Whether the app has moved since it loaded (page titles take focus then, so screen readers announce them). */
export const hasNavigated = (): boolean => navigations > 0;

export function navigate(to: string, { replace = false } = {}): void {
  if (to === snapshot()) return;
  navigations += 1;
  if (replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  notify();
}

/** The current path and query, re-rendering on every change. */
export function useLocation(): { path: string; search: URLSearchParams; href: string } {
  const href = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(href, window.location.origin);
  return { path: url.pathname, search: url.searchParams, href };
}
