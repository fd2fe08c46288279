import { fileURLToPath } from "node:url";

/**
 * How the recording browser is contained. Chromium's own sandbox (a user namespace per renderer plus a
 * seccomp filter) is what keeps a hostile page that breaks the renderer away from the service's files and
 * secrets. Chromium will not sandbox itself as root, so a service running as root starts the browser as an
 * unprivileged user instead (`chromium-as-user.sh`); `--no-sandbox` is for development and tests only.
 */
export interface BrowserContainment {
  /** Run Chromium's sandbox. Off only in development and test. */
  sandbox: boolean;
  /** Start Chromium as this user (needed when the service runs as root). */
  runAsUser: string | null;
}

/** The script Playwright launches in Chromium's place when `runAsUser` is set. */
export const RUN_AS_USER_SCRIPT = fileURLToPath(new URL("./chromium-as-user.sh", import.meta.url));

/**
 * Why the browser cannot start as configured, or null. `uid` is the service's own user id (0 = root):
 * Chromium refuses its sandbox as root, and switching to another user needs root.
 */
export function containmentProblem(containment: BrowserContainment, uid: number | null): string | null {
  if (containment.runAsUser !== null && uid !== null && uid !== 0) {
    return `CLIPWRIGHT_BROWSER_USER=${containment.runAsUser} needs the service to run as root (it switches users); run the service as that user instead and leave CLIPWRIGHT_BROWSER_USER unset`;
  }
  if (containment.sandbox && containment.runAsUser === null && uid === 0) {
    return "Chromium cannot run its sandbox as root: run the service as an unprivileged user, or set CLIPWRIGHT_BROWSER_USER to one the browser can be started as";
  }
  return null;
}

/** The startup warning when the sandbox is off (development and test only: config refuses it in production). */
export const NO_SANDBOX_WARNING =
  "Chromium runs WITHOUT its sandbox (CLIPWRIGHT_BROWSER_SANDBOX=off): a hostile page that breaks the renderer " +
  "would run as this service's user. Fine on a developer's machine; production always runs it sandboxed.";
