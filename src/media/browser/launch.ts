import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { type Browser, chromium } from "playwright-core";
import { type BrowserContainment, RUN_AS_USER_SCRIPT } from "./sandbox.js";

/**
 * Launching the system Chromium: playwright-core never downloads a browser here (installs stay offline
 * and get the distribution's security updates); it drives `/usr/bin/chromium` unless the caller names another binary.
 * The flags are the ones known to work on these machines:
 * without the background-networking ones Chromium keeps dialling Google hosts that the closed network
 * refuses. Playwright itself gives every launch a new, empty temporary `--user-data-dir` and deletes it
 * on close (passing our own in `args` is refused by Playwright), so each process starts clean.
 */

export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/**
 * Chromium keeps one `--disable-features` (the last), so ours repeats Playwright's own list (its
 * chromiumSwitches; a test checks ours still holds all of it after an upgrade) and adds the features
 * that send what a page shows to Google through the page's own proxy: autofill's form-type queries
 * (content-autofill.googleapis.com, asked on every page with a form, sign-in pages included) and
 * the translate service.
 */
const DISABLED_FEATURES: readonly string[] = [
  // Playwright's
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  // ours
  "AutofillServerCommunication",
  "Translate",
];

// `--no-sandbox` is not here: Playwright adds it unless `chromiumSandbox` is set (see sandbox.ts).
export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Network containment (decision 0017): pages reach the network only through their context's proxy.
  // Chromium resolves no name itself (the proxy resolves and checks each one), so a DNS answer cannot
  // differ between the check and the connection and DNS prefetching has nothing to ask. The proxy is on
  // 127.0.0.1, an IP literal that the rules would also map: it is excluded.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
  // WebRTC may not send UDP outside a proxy (an HTTP proxy carries none); TCP to TURN goes through it.
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
  `--disable-features=${DISABLED_FEATURES.join(",")}`,
];

/** Chromium is missing or would not start: a retryable infrastructure failure, not the job's fault. */
export class BrowserUnavailableError extends Error {
  override readonly name = "BrowserUnavailableError";
}

export interface LaunchOptions extends Partial<BrowserContainment> {
  /** The Chromium binary (the service passes its configured one); defaults to `/usr/bin/chromium`. */
  executablePath?: string;
  /** Launch timeout in ms (default 30 s). */
  timeoutMs?: number;
}

export async function launchBrowser(opts?: LaunchOptions): Promise<Browser> {
  const executablePath = opts?.executablePath ?? DEFAULT_CHROMIUM;
  try {
    await access(executablePath, constants.X_OK);
  } catch (err) {
    throw new BrowserUnavailableError(
      `Chromium is not available at ${executablePath} (${(err as NodeJS.ErrnoException).code ?? String(err)}); ` +
        "install the Debian package 'chromium' or set CLIPWRIGHT_CHROMIUM",
      { cause: err },
    );
  }
  const runAsUser = opts?.runAsUser ?? null;
  try {
    return await chromium.launch({
      // As another user, a script starts the real binary after handing it the profile (sandbox.ts).
      executablePath: runAsUser ? RUN_AS_USER_SCRIPT : executablePath,
      ...(runAsUser
        ? { env: { ...process.env, CLIPWRIGHT_BROWSER_USER: runAsUser, CLIPWRIGHT_CHROMIUM_BIN: executablePath } }
        : {}),
      chromiumSandbox: opts?.sandbox ?? false,
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
