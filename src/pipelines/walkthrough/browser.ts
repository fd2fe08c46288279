import type { BrowserSettings } from "../../config.js";
import { BrowserPool, type PoolObserver } from "../../media/browser/index.js";

/**
 * The Chromium walkthrough runs share: built once per process by the app (launched on first use, a
 * fresh context per run, at most `maxSessions` open) and closed with it. The sandbox settings come from
 * the configuration; the observer is the process's metrics.
 */
export function walkthroughBrowser(settings: BrowserSettings, observer?: PoolObserver): BrowserPool {
  return new BrowserPool({
    ...settings,
    actionTimeoutMs: 10_000,
    navigationTimeoutMs: 30_000,
    ...(observer ? { observer } : {}),
  });
}
