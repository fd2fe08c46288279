import type { BrowserSettings } from "../../config.js";
import { BrowserPool } from "../../media/browser/index.js";

/**
 * The Chromium walkthrough runs share: built once per process by the app (launched on first use, a
 * fresh context per run) and closed with it. The sandbox settings come from the configuration.
 */
export function walkthroughBrowser(containment: BrowserSettings): BrowserPool {
  return new BrowserPool({ ...containment, actionTimeoutMs: 10_000, navigationTimeoutMs: 30_000 });
}
