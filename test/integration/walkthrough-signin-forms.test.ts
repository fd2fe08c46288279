import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserPool, type BrowserSession, type CaptureSpec } from "../../src/media/browser/index.js";
import { SignInError, signIn } from "../../src/pipelines/walkthrough/sign-in.js";
import { signInFailure } from "../../src/pipelines/walkthrough/sign-in-failure.js";
import { type Recorder, type RecorderHandler, startRecorder } from "../support/recorder-server.js";

// Sign-in on the forms real sites have: the submit control is a link styled as a button, an input, a
// div with role=button; links that lead elsewhere sit beside it; some forms are driven by scripts and
// some do not submit at all. Each page is served inline by a recorder on loopback, which records every
// request, so a test can say what the browser asked for.
const browserOnly = describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres");

const DESKTOP: CaptureSpec = { width: 1024, height: 700, deviceScaleFactor: 1, isMobile: false, hasTouch: false };
const EMAIL = "ada@example.com";
const PASSWORD = "s3cret-pass-77";
const WRONG = "not-the-password-42";

const fields = `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username">
  <label for="pw">Password</label><input id="pw" name="password" type="password" autocomplete="current-password">`;
const page = (body: string) => `<!doctype html><meta charset="utf-8"><title>Sign in</title><body>${body}</body>`;

/** Script-driven sign-in: posts JSON to /api/login, goes to /home on success, shows an alert otherwise. */
const apiLogin = `async function login() {
  const r = await fetch("/api/login", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: document.getElementById("email").value, password: document.getElementById("pw").value }) });
  if (r.ok) { location.href = "/home"; return; }
  document.getElementById("pw").value = "";
  const err = document.getElementById("err");
  err.textContent = "These credentials do not match our records.";
  err.hidden = false;
}`;

const PAGES: Record<string, string> = {
  // The case: no submit button, a link styled as a button submits the form from a script.
  "/link-button": page(`<form id="f" method="post" action="/session">${fields}
    <a href="#" class="btn btn-primary" id="go">Login</a></form>
    <script>document.getElementById("go").addEventListener("click", (e) => { e.preventDefault(); document.getElementById("f").submit(); });</script>`),
  // A dashboard template: the "Login" button is a link to the dashboard itself.
  "/link-to-dashboard": page(`<form class="user">${fields}
    <a href="/forgot" class="small">Forgot Password?</a>
    <a href="/home" class="btn btn-primary btn-user btn-block">Login</a></form>`),
  "/input-submit": page(`<form method="post" action="/session">${fields}
    <button type="button" class="btn" aria-label="Show password" onclick="pw.type = pw.type === 'password' ? 'text' : 'password'">👁</button>
    <input type="submit" class="btn" value="Sign in"></form>`),
  // Links that lead elsewhere, styled as buttons, come before the real button.
  "/forgot-first": page(`<form method="post" action="/session">${fields}
    <a href="/forgot" class="btn btn-link">Forgot password?</a>
    <a href="/signup" class="btn btn-secondary">Sign up</a>
    <button type="submit" class="btn btn-primary">Log in</button></form>`),
  // Form-less and two-step: div role=button controls; the second step signs in by script.
  "/two-step": page(`<div class="card">
    <div id="s1"><label for="email">Email address</label><input id="email" type="email" autocomplete="username">
      <div role="button" tabindex="0" id="c1">Continue</div></div>
    <div id="s2" hidden><label for="pw">Password</label><input id="pw" type="password">
      <div role="button" tabindex="0" id="c2">Continue</div><p id="err" role="alert" hidden></p></div>
    <a href="/signup">Create an account</a></div>
    <script>${apiLogin}
    c1.onclick = () => { if (email.value) { s1.hidden = true; s2.hidden = false; } };
    c2.onclick = login;</script>`),
  // A script-driven form that answers wrong credentials with an alert.
  "/alert": page(`<div class="login">${fields}<p id="err" role="alert" hidden></p>
    <button type="button" class="btn" onclick="login()">Sign in</button></div><script>${apiLogin}</script>`),
  // While the answer is on its way the form gives way to "Signing in…"; a refusal brings it back.
  "/spinner": page(`<div id="form">${fields}<button type="button" class="btn" id="go">Sign in</button></div>
    <p id="wait" hidden>Signing in…</p><p id="err" role="alert" hidden></p>
    <script>${apiLogin}
    document.getElementById("go").onclick = async () => {
      document.getElementById("form").hidden = true;
      document.getElementById("wait").hidden = false;
      await login();
      document.getElementById("wait").hidden = true;
      document.getElementById("form").hidden = false;
    };</script>`),
  // The button is wired to nothing and two fields keep Enter from submitting: the form never submits.
  "/dead": page(
    `<form method="post" action="/session">${fields}<button type="button" class="btn">Sign in</button></form>`,
  ),
  // No control at all, and Enter does nothing either.
  "/no-control": page(`<form method="post" action="/session">${fields}</form>`),
  "/home": page("<h1>Welcome back</h1><p>Your dashboard.</p>"),
  "/forgot": page("<h1>Reset your password</h1>"),
  "/signup": page("<h1>Create an account</h1>"),
};

const handler: RecorderHandler = (req, res, body) => {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  const html = (status: number, text: string) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(text);
  };
  if (req.method === "POST" && path === "/session") {
    const form = new URLSearchParams(body);
    if (form.get("email") === EMAIL && form.get("password") === PASSWORD) {
      res.writeHead(303, { location: "/home", "content-length": 0 });
      res.end();
    } else html(401, page(`<p class="error" role="alert">Wrong email or password.</p>`));
    return;
  }
  if (req.method === "POST" && path === "/api/login") {
    const sent = JSON.parse(body || "{}") as { email?: string; password?: string };
    const ok = sent.email === EMAIL && sent.password === PASSWORD;
    // A backend that takes a moment to say no (well under the time a vanished form must stay gone).
    const refuse = () => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok }));
    };
    if (!ok) setTimeout(refuse, req.headers.referer?.endsWith("/spinner") ? 300 : 0);
    else {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok }));
    }
    return;
  }
  const known = PAGES[path];
  html(known ? 200 : 404, known ?? page("<h1>Not found</h1>"));
};

let site: Recorder;
let pool: BrowserPool;
beforeAll(async () => {
  site = await startRecorder("127.0.0.1", handler);
  pool = new BrowserPool({ actionTimeoutMs: 5_000, navigationTimeoutMs: 10_000 });
});
afterAll(async () => {
  await pool.close();
  await site.close();
});

const creds = (path: string, password = PASSWORD) => ({ loginUrl: `${site.url}${path}`, username: EMAIL, password });
/** Past this the sign-in would answer "timeout": with it beyond the test's own, only the page can end it. */
const NO_DEADLINE = { confirmTimeoutMs: 10 * 60_000 };
const gets = (path: string) => site.requests.filter((r) => r.method === "GET" && r.url === path).length;

browserOnly("sign-in on real forms", () => {
  let session: BrowserSession;
  afterEach(() => session?.close());

  it("a link styled as a button, wired by a script, submits the form", async () => {
    session = await pool.newSession(DESKTOP);
    await signIn(session.page, creds("/link-button"), NO_DEADLINE);
    expect(session.page.url()).toBe(`${site.url}/home`);
    expect(site.requests.some((r) => r.method === "POST" && r.url === "/session")).toBe(true);
  });

  it("a 'Login' link styled as a button that goes to the dashboard is followed; 'Forgot Password?' is not", async () => {
    session = await pool.newSession(DESKTOP);
    const forgot = gets("/forgot");
    await signIn(session.page, creds("/link-to-dashboard"), NO_DEADLINE);
    expect(session.page.url()).toBe(`${site.url}/home`);
    expect(gets("/forgot")).toBe(forgot);
  });

  it("an <input type=submit value='Sign in'> is clicked, not the show-password toggle", async () => {
    session = await pool.newSession(DESKTOP);
    await signIn(session.page, creds("/input-submit"), NO_DEADLINE);
    expect(session.page.url()).toBe(`${site.url}/home`);
  });

  it("links that lead elsewhere ('Forgot password?', 'Sign up') are never clicked, even styled as buttons", async () => {
    session = await pool.newSession(DESKTOP);
    const [forgot, signup] = [gets("/forgot"), gets("/signup")];
    await signIn(session.page, creds("/forgot-first"), NO_DEADLINE);
    expect(session.page.url()).toBe(`${site.url}/home`);
    expect([gets("/forgot"), gets("/signup")]).toEqual([forgot, signup]);
  });

  it("a form-less two-step login with <div role=button>Continue</div> controls signs in by script", async () => {
    session = await pool.newSession(DESKTOP);
    const signup = gets("/signup");
    await signIn(session.page, creds("/two-step"), NO_DEADLINE);
    expect(session.page.url()).toBe(`${site.url}/home`);
    expect(gets("/signup")).toBe(signup);
  });

  it("wrong credentials answered with an alert (also after a 'Signing in…' state): rejected (credentials_required), the password nowhere", async () => {
    session = await pool.newSession(DESKTOP);
    // On /spinner the form is gone for a moment before the refusal brings it back: not a success.
    for (const path of ["/alert", "/two-step", "/spinner"]) {
      await session.page.goto("about:blank");
      const err = await signIn(session.page, creds(path, WRONG), NO_DEADLINE).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SignInError);
      expect(err).toMatchObject({ reason: "rejected" });
      const failure = signInFailure(err as SignInError, false);
      expect(failure).toMatchObject({ code: "credentials_required", retryable: false });
      expect(JSON.stringify({ m: (err as Error).message, err, failure })).not.toContain(WRONG);
    }
  });

  it("a form that does not submit fails as not_submitted (not a timeout, not the URL), naming the control", async () => {
    session = await pool.newSession(DESKTOP);
    const posts = site.requests.filter((r) => r.method === "POST").length;
    const err = await signIn(session.page, creds("/dead"), NO_DEADLINE).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignInError);
    expect(err).toMatchObject({ reason: "not_submitted", detail: expect.stringContaining('button "Sign in"') });
    const failure = signInFailure(err as SignInError, true);
    expect(failure.code).not.toBe("login_url_invalid");
    expect(failure).toMatchObject({ code: "internal_error", retryable: false });
    expect(failure.reason).toMatch(/^not_submitted: the sign-in form could not be submitted/);
    expect(JSON.stringify({ m: (err as Error).message, err, failure })).not.toContain(PASSWORD);
    expect(site.requests.filter((r) => r.method === "POST").length).toBe(posts); // nothing was sent
  });

  it("a form with no control that Enter does not submit: submit_not_found", async () => {
    session = await pool.newSession(DESKTOP);
    const err = await signIn(session.page, creds("/no-control"), NO_DEADLINE).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "SignInError", reason: "submit_not_found" });
    expect(signInFailure(err as SignInError, true)).toMatchObject({
      code: "internal_error",
      reason: expect.stringMatching(/^submit_not_found: /),
    });
  });

  it("the URL is blamed only when the page does not open; a page without a form says so", async () => {
    session = await pool.newSession(DESKTOP);
    const opts = { formTimeoutMs: 300 };
    const gone = await signIn(session.page, creds("/nope"), opts).catch((e: unknown) => e);
    expect(signInFailure(gone as SignInError, false)).toMatchObject({
      code: "login_url_invalid",
      reason: expect.stringMatching(/^unreachable: /),
    });
    const none = await signIn(session.page, creds("/home"), opts).catch((e: unknown) => e);
    expect(signInFailure(none as SignInError, false)).toMatchObject({
      code: "login_url_invalid",
      reason: expect.stringMatching(/^form_not_found: the login page has no sign-in form/),
    });
  });
});
