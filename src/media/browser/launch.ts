import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { type Browser, chromium } from "playwright-core";

/**
 * Launching the system Chromium (DESIGN §3): playwright-core never downloads a browser here, it drives
 * `/usr/bin/chromium` (or `CLIPWRIGHT_CHROMIUM`). The flags are the ones known to work on these machines:
 * without the background-networking ones Chromium keeps dialling Google hosts that the closed network
 * refuses. Playwright itself gives every launch a new, empty temporary `--user-data-dir` and deletes it
 * on close (passing our own in `args` is refused by Playwright), so each process starts clean.
 */

export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Chromium is missing or would not start: a retryable infrastructure failure, not the job's fault. */
export class BrowserUnavailableError extends Error {
  override readonly name = "BrowserUnavailableError";
}

export interface LaunchOptions {
  /** Defaults to `$CLIPWRIGHT_CHROMIUM`, then `/usr/bin/chromium`. */
  executablePath?: string;
  /** Launch timeout in ms (default 30 s). */
  timeoutMs?: number;
}

export function chromiumPath(opts?: LaunchOptions): string {
  return opts?.executablePath ?? (process.env.CLIPWRIGHT_CHROMIUM || DEFAULT_CHROMIUM);
}

export async function launchBrowser(opts?: LaunchOptions): Promise<Browser> {
  const executablePath = chromiumPath(opts);
  try {
    await access(executablePath, constants.X_OK);
  } catch (err) {
    throw new BrowserUnavailableError(
      `Chromium is not available at ${executablePath} (${(err as NodeJS.ErrnoException).code ?? String(err)}); ` +
        "install the Debian package 'chromium' or set CLIPWRIGHT_CHROMIUM",
      { cause: err },
    );
  }
  try {
    return await chromium.launch({
      executablePath,
      headless: true,
      args: [...CHROMIUM_ARGS],
      timeout: opts?.timeoutMs ?? 30_000,
      // Playwright's own SIGINT/SIGTERM handlers would kill the browser under the server's graceful shutdown.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (err) {
    throw new BrowserUnavailableError(`Chromium at ${executablePath} failed to start: ${String(err)}`, { cause: err });
  }
}
