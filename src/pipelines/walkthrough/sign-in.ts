import { setTimeout as sleep } from "node:timers/promises";
import type { ElementHandle, Page, Request } from "playwright-core";
import { runPageScript } from "../../media/browser/page-script.js";
import { originOf } from "../browsing/network-fence.js";
import { approvedLoginOrigins, type LoginOriginsSource } from "./login-origins.js";
import { openPage, safeUrl } from "./perform.js";
import type { Found, PageState } from "./sign-in-page.js";
import { FIND, FIND_ARG, MARK, PROBE } from "./sign-in-scripts.js";
import { type SubmissionWatch, watchSubmission } from "./sign-in-watch.js";

/**
 * Signs a browser session in with a user's credentials. The password is typed into the page and goes
 * nowhere else: not into errors, logs or return values. It is typed only into an approved origin: the
 * login URL's own and the caller's `additionalLoginOrigins` (login-origins.ts). Before every fill and
 * every submit, the page's (main frame's) origin and the field's frame origin are checked against them; a
 * login page that leads anywhere else ends the sign-in before anything is typed.
 *
 * The form is sent by its submit control, whatever element it is (sign-in-scripts.ts), or by Enter. The
 * outcome is read from the page: the password field gone or the page moved on is success; a new error
 * message, or the form back with the password cleared, is a refusal; a submit that sent nothing and
 * changed nothing is said at once (not_submitted) rather than after the whole confirmation time.
 */

export interface SignInCredentials extends LoginOriginsSource {
  username: string;
  password: string;
}

export interface SignInOptions {
  /** How long the sign-in form may take to appear, ms (default 5 s). */
  formTimeoutMs?: number;
  /** How long a submitted form may take to succeed or fail, ms (default 15 s). */
  confirmTimeoutMs?: number;
  /**
   * How long a submit may show no sign of being sent (no request, no navigation, the form unchanged)
   * before Enter is tried instead, then before the sign-in gives up as not submitted, ms (default 3 s).
   */
  quietMs?: number;
  signal?: AbortSignal;
}

/**
 * unreachable: the login page did not open. form_not_found: no sign-in form on it. submit_not_found: no
 * control sends the form and Enter did not either. not_submitted: the control was clicked (and Enter
 * pressed) but nothing happened. rejected: the site said no (an error showed, or the form came back
 * with the password cleared). timeout: the form was sent but the page neither moved on nor said why in
 * time. left_approved_origins: the login page (or a step of the sign-in) was on an origin not approved
 * for the credentials.
 */
export type SignInFailure =
  | "unreachable"
  | "form_not_found"
  | "submit_not_found"
  | "not_submitted"
  | "rejected"
  | "timeout"
  | "left_approved_origins";

export class SignInError extends Error {
  override readonly name = "SignInError";
  constructor(
    readonly reason: SignInFailure,
    loginUrl: string,
    /** For left_approved_origins: the origin that was not approved (an origin only, never a path). */
    readonly origin: string | null = null,
    /** What happened, in a few words (never the password). */
    readonly detail: string | null = null,
  ) {
    super(
      `sign-in ${reason} at ${safeUrl(loginUrl)}${origin ? ` (went to ${origin})` : ""}${detail ? `: ${detail}` : ""}`,
    );
  }
}

const POLL_MS = 100;

/** How long one read of the page may take; a page that holds it longer reads as not ready yet. */
const SCRIPT_MS = 3_000;

const find = (page: Page): Promise<Found | null> =>
  runPageScript(page, FIND, FIND_ARG, { timeoutMs: SCRIPT_MS }).catch(
    () => null, // the document was replaced mid-call, or the page did not answer in time
  );

const probe = (page: Page, kind: "user" | "password"): Promise<PageState | null> =>
  runPageScript(page, PROBE, { mark: MARK, kind }, { timeoutMs: SCRIPT_MS }).catch(() => null);

const field = (page: Page, kind: "user" | "password" | "submit") => page.locator(`[${MARK}="${kind}"]`).first();

/** Polls `test` until it returns a value or the deadline passes (then null). */
async function until<T>(
  deadline: number,
  signal: AbortSignal | undefined,
  test: () => Promise<T | null>,
): Promise<T | null> {
  for (;;) {
    if (signal?.aborted) throw signal.reason ?? new Error("aborted");
    const value = await test();
    if (value !== null) return value;
    if (Date.now() >= deadline) return null;
    await sleep(POLL_MS);
  }
}

type Fail = (reason: SignInFailure, origin?: string | null, detail?: string) => SignInError;

/**
 * Runs `act` on the marked field only while the page and the field's own frame are on approved origins.
 * The handle is bound to the document it was found in: if that document is replaced after the check,
 * the handle is detached and `act` fails instead of typing into the new one. The origins come from
 * Playwright's record of each frame's URL, not from anything the page can redefine.
 */
async function onApproved(
  page: Page,
  kind: "user" | "password" | "submit",
  approved: ReadonlySet<string>,
  fail: Fail,
  act: (el: ElementHandle) => Promise<void>,
): Promise<void> {
  const handle = await field(page, kind).elementHandle();
  try {
    const frame = await handle.ownerFrame();
    for (const url of [page.mainFrame().url(), frame?.url() ?? ""]) {
      const origin = originOf(url);
      if (origin === null || !approved.has(origin)) throw fail("left_approved_origins", origin);
    }
    await act(handle);
  } finally {
    await handle.dispose().catch(() => {});
  }
}

/**
 * How long a page state that is not final by itself must hold before it counts: the form back with the
 * password cleared (refused), or the form gone while the page stayed put (signed in).
 */
const SETTLE_MS = 1_500;

interface Step {
  page: Page;
  approved: ReadonlySet<string>;
  fail: Fail;
  signal: AbortSignal | undefined;
  confirmMs: number;
  quietMs: number;
}

/** A step's verdict on the page state: done, refused (an error showed), or not yet. */
type Judge = (state: PageState, watch: SubmissionWatch, baseline: PageState | null) => "ok" | "rejected" | null;

/** After the password: the password field is gone (or the page moved on); a new error while it stays is a no. */
const signedIn: Judge = (state, watch, baseline) => {
  const newError = state.error && (watch.navigated || !baseline?.error);
  if (state.password && newError) return "rejected";
  if (!state.password && !newError) return "ok";
  return null;
};

/** After the username of a two-step form: a password field appears; a new error instead is a no. */
const passwordAsked: Judge = (state, watch, baseline) => {
  if (state.password) return "ok";
  if (state.error && (watch.navigated || !baseline?.error)) return "rejected";
  return null;
};

/**
 * Sends the form, by its control or else Enter in the field typed into last (`typed`), and waits for
 * `judge`'s verdict. A click that shows no sign of sending anything within `quietMs` (no request, no
 * navigation, the field still filled) is followed by Enter; when that does nothing either the form was
 * not submitted, which is said at once instead of after the whole confirmation time.
 */
async function submitAndConfirm(step: Step, found: Found, typed: "user" | "password", judge: Judge): Promise<void> {
  const { page, approved, fail } = step;
  const baseline = await probe(page, typed);
  const watch = watchSubmission(page);
  const deadline = Date.now() + step.confirmMs;
  try {
    for (const how of found.submit ? (["click", "enter"] as const) : (["enter"] as const)) {
      if (how === "click")
        // A control that cannot be clicked (covered, detached) is no verdict: Enter is tried next.
        await onApproved(page, "submit", approved, fail, (el) => el.click().catch(() => undefined));
      else await onApproved(page, typed, approved, fail, (el) => el.press("Enter"));
      const quietUntil = Date.now() + step.quietMs;
      let clearedSince: number | null = null;
      let goneSince: number | null = null;
      const verdict = await until(deadline, step.signal, async () => {
        const state = await probe(page, typed);
        if (!state) return null;
        const verdict = judge(state, watch, baseline);
        // A form that vanished while the page stayed put may be a "signing in…" state that brings it back
        // with an error: that success must hold a moment. A new document or address is success at once.
        if (verdict === "ok" && typed === "password" && !watch.navigated) {
          goneSince ??= Date.now();
          if (Date.now() - goneSince < SETTLE_MS) return null;
        } else goneSince = null;
        if (verdict) return verdict;
        // The form came back (a new document, or the script answered) with the password cleared and no
        // message: the site said no, once that holds a moment (a script may clear it on its way on).
        if (typed === "password" && watch.sent && state.password && state.passwordEmpty) {
          clearedSince ??= Date.now();
          if (Date.now() - clearedSince >= SETTLE_MS) return "cleared" as const;
        } else clearedSince = null;
        if (!watch.sent && state.filled && Date.now() >= quietUntil) return "quiet" as const;
        return null;
      });
      if (verdict === "ok") return;
      if (verdict === "rejected") throw fail("rejected", null, "the page showed an error after the form was sent");
      if (verdict === "cleared") throw fail("rejected", null, "the form came back with the password cleared");
      if (verdict === null) {
        const state = await probe(page, typed);
        if (typed === "password" && watch.navigated && state?.password)
          throw fail("rejected", null, "the form came back after it was sent");
        if (watch.sent)
          throw fail(
            "timeout",
            null,
            `the form was sent but the page neither moved on nor showed an error within ${Math.round(step.confirmMs / 1000)} s`,
          );
        break;
      }
    }
    throw found.submit
      ? fail(
          "not_submitted",
          null,
          `clicked the ${found.submit} and pressed Enter: nothing was sent and the page did not change`,
        )
      : fail("submit_not_found", null, "no control sends the form, and pressing Enter in it did nothing");
  } finally {
    watch.stop();
  }
}

/**
 * Opens the login page, noting every main-frame document request (redirect hops included) whose origin
 * is not approved. Such a hop ends the sign-in even when the browser's fence refused it, so the job says
 * where the login page led instead of only that it did not open.
 */
async function openLoginPage(page: Page, loginUrl: string, approved: ReadonlySet<string>, fail: Fail): Promise<void> {
  let stray: { origin: string | null } | null = null;
  const onRequest = (request: Request) => {
    if (stray || !request.isNavigationRequest()) return;
    try {
      if (request.frame() !== page.mainFrame()) return;
    } catch {
      return; // a service worker's request: no frame
    }
    const origin = originOf(request.url());
    if (origin === null || !approved.has(origin)) stray = { origin };
  };
  page.on("request", onRequest);
  let opened = true;
  try {
    await openPage(page, loginUrl);
  } catch {
    opened = false;
  } finally {
    page.off("request", onRequest);
  }
  const left = stray as { origin: string | null } | null;
  if (left) throw fail("left_approved_origins", left.origin);
  if (!opened) throw fail("unreachable");
}

export async function signIn(page: Page, creds: SignInCredentials, opts: SignInOptions = {}): Promise<void> {
  const formMs = opts.formTimeoutMs ?? 5_000;
  // Never the password in a reason, even if the page echoed it into the control's text.
  const scrub = (detail: string) => (creds.password ? detail.split(creds.password).join("***") : detail);
  const fail: Fail = (reason, origin = null, detail) =>
    new SignInError(reason, creds.loginUrl, origin, detail ? scrub(detail) : null);
  const approved = approvedLoginOrigins(creds);
  const step: Step = {
    page,
    approved,
    fail,
    signal: opts.signal,
    confirmMs: opts.confirmTimeoutMs ?? 15_000,
    quietMs: opts.quietMs ?? 3_000,
  };
  await openLoginPage(page, creds.loginUrl, approved, fail);
  let found = await until(Date.now() + formMs, opts.signal, () => find(page));
  if (!found) throw fail("form_not_found", null, "the login page shows no password or username field");

  if (!found.password) {
    // Two-step: the username first; the password field appears after it (same page or the next one).
    await onApproved(page, "user", approved, fail, (el) => el.fill(creds.username));
    await submitAndConfirm(step, found, "user", passwordAsked);
    found = await until(Date.now() + formMs, opts.signal, async () => {
      const next = await find(page);
      return next?.password ? next : null;
    });
    if (!found) throw fail("form_not_found", null, "the password field of the second step went away");
  }
  if (found.user) {
    await onApproved(page, "user", approved, fail, async (el) => {
      if ((await el.isEditable()) && (await el.inputValue()) !== creds.username) await el.fill(creds.username);
    });
  }
  await onApproved(page, "password", approved, fail, (el) => el.fill(creds.password));
  await submitAndConfirm(step, found, "password", signedIn);
  await page.waitForLoadState("load");
}
