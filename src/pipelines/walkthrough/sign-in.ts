import { setTimeout as sleep } from "node:timers/promises";
import type { ElementHandle, Page, Request } from "playwright-core";
import { openPage, safeUrl } from "./perform.js";

/**
 * Signs a browser session in with a user's credentials. The password is typed into the page and goes
 * nowhere else: not into errors, logs or return values. It is typed only into an approved origin: the
 * login URL's own and the caller's `additionalLoginOrigins`. Before every fill and every submit, the
 * page's (main frame's) origin and the field's frame origin are checked against them; a login page that
 * leads anywhere else ends the sign-in before anything is typed.
 */

export interface SignInCredentials {
  loginUrl: string;
  username: string;
  password: string;
  /** Other origins the sign-in may pass through and type into (an identity provider); exact origins. */
  additionalLoginOrigins?: readonly string[];
}

export interface SignInOptions {
  /** How long the sign-in form may take to appear, ms (default 5 s). */
  formTimeoutMs?: number;
  /** How long a submitted form may take to succeed or fail, ms (default 15 s). */
  confirmTimeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * unreachable: the login page did not open; form_not_found: no sign-in form on it; left_approved_origins:
 * the login page (or a step of the sign-in) was on an origin not approved for the credentials.
 */
export type SignInFailure = "unreachable" | "form_not_found" | "rejected" | "timeout" | "left_approved_origins";

export class SignInError extends Error {
  override readonly name = "SignInError";
  constructor(
    readonly reason: SignInFailure,
    loginUrl: string,
    /** For left_approved_origins: the origin that was not approved (an origin only, never a path). */
    readonly origin: string | null = null,
  ) {
    super(`sign-in ${reason} at ${safeUrl(loginUrl)}${origin ? ` (went to ${origin})` : ""}`);
  }
}

const originOf = (raw: string): string | null => {
  try {
    const origin = new URL(raw).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
};

/** The origins credentials may be typed into: the login URL's and the additional ones. */
export function approvedLoginOrigins(
  creds: Pick<SignInCredentials, "loginUrl" | "additionalLoginOrigins">,
): Set<string> {
  const origins = [creds.loginUrl, ...(creds.additionalLoginOrigins ?? [])].map(originOf);
  return new Set(origins.filter((o): o is string => o !== null));
}

const MARK = "data-clipwright-signin";
const POLL_MS = 100;

/**
 * Runs in the page: finds the password field, the username field before it (email type, autocomplete
 * username/email, or a name/id/label saying user, email or login) and the form's submit button, and
 * marks them. Without a password field, a field that clearly asks for the username is the first of a
 * two-step form.
 */
const FIND = `(() => {
  const MARK = ${JSON.stringify(MARK)};
  const visible = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden" && !el.disabled;
  for (const el of document.querySelectorAll("[" + MARK + "]")) el.removeAttribute(MARK);
  const inputs = [...document.querySelectorAll("input")].filter(visible);
  const password = inputs.find((el) => el.type === "password") || null;
  const textual = (el) => ["email", "text", "tel"].includes(el.type);
  const words = (el) => [el.name, el.id, el.getAttribute("placeholder"), el.getAttribute("aria-label"), ...[...(el.labels || [])].map((l) => l.textContent)].filter(Boolean).join(" ");
  const auto = (el) => el.getAttribute("autocomplete") || "";
  const score = (el) => el.type === "email" || /username|email/i.test(auto(el)) ? 3 : /user|e-?mail|login|identifier/i.test(words(el)) ? 2 : 1;
  const before = (el) => !password || (el.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  const sameForm = (el) => !password || !password.form || el.form === password.form;
  let user = null;
  for (const el of inputs) if (textual(el) && before(el) && sameForm(el) && (!user || score(el) >= score(user))) user = el;
  if (!password && user && score(user) < 2) user = null;
  if (!password && !user) return null;
  const form = (password || user).form;
  const pool = [...(form || document).querySelectorAll("button, input[type=submit], input[type=image], [role=button]")].filter(visible);
  const named = /sign|log|continue|next|submit|weiter|anmelden|connexion|entrar|acceder|accedi|inloggen/i;
  const text = (b) => (b.value || b.textContent || b.getAttribute("aria-label") || "").trim();
  const submit = (form && pool.find((b) => b.type === "submit" && named.test(text(b))))
    || (form && pool.find((b) => b.type === "submit"))
    || pool.find((b) => named.test(text(b))) || null;
  if (password) password.setAttribute(MARK, "password");
  if (user) user.setAttribute(MARK, "user");
  if (submit) submit.setAttribute(MARK, "submit");
  return { password: !!password, user: !!user, submit: !!submit };
})()`;

/** Runs in the page: is a password field still showing, and is an error or alert showing? */
const PROBE = `(() => {
  // A document still being parsed may not show its form yet: no verdict until it is parsed.
  if (document.readyState === "loading") return null;
  const visible = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const password = [...document.querySelectorAll("input[type=password]")].some(visible);
  const errors = document.querySelectorAll('[role=alert], [aria-live=assertive], .error, .errors, .alert-danger, .alert-error, .error-message, .invalid-feedback, .form-error, .field-error');
  const error = [...errors].some((el) => visible(el) && (el.textContent || "").trim().length > 0);
  return { password, error };
})()`;

interface Found {
  password: boolean;
  user: boolean;
  submit: boolean;
}

const find = (page: Page): Promise<Found | null> =>
  page.evaluate(FIND).then(
    (r) => r as Found | null,
    () => null, // the document was replaced mid-call
  );

const probe = (page: Page): Promise<{ password: boolean; error: boolean } | null> =>
  page.evaluate(PROBE).then(
    (r) => r as { password: boolean; error: boolean } | null,
    () => null,
  );

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

type Fail = (reason: SignInFailure, origin?: string | null) => SignInError;

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

function submit(page: Page, found: Found, fallback: "user" | "password", approved: ReadonlySet<string>, fail: Fail) {
  return found.submit
    ? onApproved(page, "submit", approved, fail, (el) => el.click())
    : onApproved(page, fallback, approved, fail, (el) => el.press("Enter"));
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
  const confirmMs = opts.confirmTimeoutMs ?? 15_000;
  const fail: Fail = (reason, origin = null) => new SignInError(reason, creds.loginUrl, origin);
  const approved = approvedLoginOrigins(creds);
  await openLoginPage(page, creds.loginUrl, approved, fail);
  let found = await until(Date.now() + formMs, opts.signal, () => find(page));
  if (!found) throw fail("form_not_found");

  if (!found.password) {
    // Two-step: the username first; the password field appears after it (same page or the next one).
    await onApproved(page, "user", approved, fail, (el) => el.fill(creds.username));
    await submit(page, found, "user", approved, fail);
    const step = await until(Date.now() + confirmMs, opts.signal, async () => {
      const next = await find(page);
      if (next?.password) return next;
      return (await probe(page))?.error ? ("rejected" as const) : null;
    });
    if (step === "rejected") throw fail("rejected");
    if (!step) throw fail("timeout");
    found = step;
  }
  if (found.user) {
    await onApproved(page, "user", approved, fail, async (el) => {
      if ((await el.isEditable()) && (await el.inputValue()) !== creds.username) await el.fill(creds.username);
    });
  }
  await onApproved(page, "password", approved, fail, (el) => el.fill(creds.password));

  const baseline = await probe(page);
  let navigated = false;
  const onNavigated = (frame: unknown) => {
    if (frame === page.mainFrame()) navigated = true;
  };
  page.on("framenavigated", onNavigated);
  try {
    await submit(page, found, "password", approved, fail);
    const outcome = await until(Date.now() + confirmMs, opts.signal, async () => {
      const state = await probe(page);
      if (!state) return null;
      // An error counts when it is new: after a navigation, or not showing before the submit.
      if (state.password && state.error && (navigated || !baseline?.error)) return "rejected" as const;
      if (!state.password && !state.error) return "ok" as const;
      return null;
    });
    if (outcome === "rejected") throw fail("rejected");
    if (!outcome) {
      // The form came back without a message we recognise: the site said no.
      const state = await probe(page);
      throw fail(navigated && state?.password ? "rejected" : "timeout");
    }
    await page.waitForLoadState("load");
  } finally {
    page.off("framenavigated", onNavigated);
  }
}
