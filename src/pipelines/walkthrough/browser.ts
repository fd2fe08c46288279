import type { BrowserSettings } from "../../config.js";
import { BrowserPool } from "../../media/browser/index.js";

/**
 * One Chromium per process for walkthrough jobs, launched on first use (a fresh context per job).
 * `closeWalkthroughBrowser()` closes it; the server's shutdown should call it (app.ts onClose). A
 * process that exits without calling it still takes the browser with it (Playwright kills its child).
 */
let pool: BrowserPool | undefined;

export function walkthroughBrowser(containment: BrowserSettings): BrowserPool {
  pool ??= new BrowserPool({ ...containment, actionTimeoutMs: 10_000, navigationTimeoutMs: 30_000 });
  return pool;
}

export async function closeWalkthroughBrowser(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}
