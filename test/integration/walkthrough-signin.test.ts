import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrowserPool, type BrowserSession, type CaptureSpec } from "../../src/media/browser/index.js";
import { type FencedSession, openFencedSession } from "../../src/pipelines/browsing/fenced-session.js";
import { SignInError, signIn } from "../../src/pipelines/walkthrough/sign-in.js";
import { Harness } from "../../src/testutil/harness.js";
import { planSignedIn } from "../support/seed-storyboard.js";
import { DEMO_EMAIL, DEMO_PASSWORD, type Site, startSite } from "../support/site-server.js";
import { staticResolver } from "../support/static-resolver.js";

// Real Chromium against the fixture site. Browser work has no database: sqlite project only.
const browserOnly = describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres");

const DESKTOP: CaptureSpec = { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false };
const WRONG = "not-the-password-42";

let site: Site;
let pool: BrowserPool;
beforeAll(async () => {
  site = await startSite();
  pool = new BrowserPool({ actionTimeoutMs: 5_000, navigationTimeoutMs: 10_000 });
});
afterAll(async () => {
  await pool.close();
  await site.close();
});

browserOnly("sign-in", () => {
  let session: BrowserSession;
  afterEach(() => session?.close());

  it("signs in with the demo credentials and lands on /dashboard", async () => {
    session = await pool.newSession(DESKTOP);
    const before = site.signIns;
    await signIn(session.page, { loginUrl: `${site.url}/signin`, username: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(session.page.url()).toBe(`${site.url}/dashboard`);
    expect(site.signIns).toBe(before + 1);
  });

  it("wrong password: SignInError rejected, the password nowhere in the error", async () => {
    session = await pool.newSession(DESKTOP);
    // Past its confirmation deadline sign-in also answers "rejected" (the form came back); with that
    // deadline beyond the test's own, only the page's error message can have ended this attempt.
    const err = await signIn(
      session.page,
      { loginUrl: `${site.url}/signin`, username: DEMO_EMAIL, password: WRONG },
      { confirmTimeoutMs: 10 * 60_000 },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignInError);
    expect((err as SignInError).reason).toBe("rejected");
    expect(JSON.stringify({ message: (err as Error).message, stack: (err as Error).stack, err })).not.toContain(WRONG);
  });

  it("a page without a sign-in form: form_not_found; a login page that does not open: unreachable", async () => {
    session = await pool.newSession(DESKTOP);
    const opts = { formTimeoutMs: 500 };
    const creds = { username: DEMO_EMAIL, password: DEMO_PASSWORD };
    const none = await signIn(session.page, { ...creds, loginUrl: `${site.url}/pricing` }, opts).catch((e) => e);
    expect(none).toMatchObject({ name: "SignInError", reason: "form_not_found" });
    const gone = await signIn(session.page, { ...creds, loginUrl: `${site.url}/nope` }, opts).catch((e) => e);
    expect(gone).toMatchObject({ name: "SignInError", reason: "unreachable" });
  });

  it("two-step forms: the username first, then the password", async () => {
    session = await pool.newSession(DESKTOP);
    const loginUrl = `${site.url}/signin/two-step`;
    await signIn(session.page, { loginUrl, username: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(session.page.url()).toBe(`${site.url}/dashboard`);
    const other = await pool.newSession(DESKTOP);
    try {
      const err = await signIn(other.page, { loginUrl, username: DEMO_EMAIL, password: WRONG }).catch((e) => e);
      expect(err).toMatchObject({ name: "SignInError", reason: "rejected" });
    } finally {
      await other.close();
    }
  });
});

browserOnly("network fence", () => {
  let fenced: FencedSession | undefined;
  afterEach(async () => {
    await fenced?.close();
    fenced = undefined;
  });
  const port = () => new URL(site.url).port;
  /** A refused navigation: goto fails, then Chromium commits its error page (awaited so the next goto is not interrupted). */
  const refused = async (url: string) => {
    const page = (fenced as FencedSession).session.page;
    await expect(page.goto(url)).rejects.toThrow(/ERR_BLOCKED_BY_CLIENT|ERR_ABORTED|ERR_HTTP_RESPONSE_CODE_FAILURE/);
    await page.waitForURL(/^chrome-error:/, { timeout: 2_000 }).catch(() => {});
  };

  it("aborts main-frame navigations to origins not approved, and non-http schemes", async () => {
    // localhost is allowed here, so only the sign-in restriction refuses it.
    fenced = await openFencedSession(pool, DESKTOP, {
      config: { env: "test", allowPrivateHosts: ["127.0.0.1", "localhost"] },
      resolver: staticResolver({ localhost: ["127.0.0.1"] }),
    });
    const { session, fence } = fenced;
    fence.setAllowedOrigins([site.url]);
    await session.page.goto(`${site.url}/`);
    await refused(`http://localhost:${port()}/pricing`);
    expect(fence.blocked.origin).toBe(1);
    // Lifted after sign-in: any origin the proxy lets through.
    fence.setAllowedOrigins(null);
    await session.page.goto(`http://localhost:${port()}/pricing`);
    await refused("file:///etc/hostname");
    expect(fence.blocked.scheme).toBe(1);
    expect(fence.blocked).toEqual({ scheme: 1, origin: 1, host: 0, frames: 0 });
    expect(fence.blockedTotal).toBe(2);
  });

  it("hosts the guard refuses are refused by the session's proxy and counted as host", async () => {
    fenced = await openFencedSession(pool, DESKTOP, {
      config: { env: "test", allowPrivateHosts: ["127.0.0.1"] },
      resolver: staticResolver({ "internal.example": ["10.0.0.7"] }),
    });
    const { session, fence, proxy } = fenced;
    await session.page.goto(`${site.url}/`);
    await session.page.goto(`${site.url}/features`);
    expect(fence.blocked.host).toBe(0);
    const statuses = await session.page.evaluate(async (p) => {
      const tryFetch = (u: string) =>
        fetch(u).then(
          (r) => r.status,
          () => "failed",
        );
      return [await tryFetch(`http://localhost:${p}/pricing`), await tryFetch("http://internal.example/")];
    }, port());
    // localhost is not on the allow-list (a bare host); internal.example resolves to a private address.
    expect(statuses).toEqual(["failed", "failed"]);
    expect(proxy.refused).toEqual({ bare_host: 1, blocked: 1 });
    expect(fence.blocked.host).toBe(2);
    await refused(`http://localhost:${port()}/`);
    expect(fence.blocked.host).toBe(3);
  });
});

browserOnly("storyboard job signed in", () => {
  let h: Harness;
  let user: Awaited<ReturnType<Harness["user"]>>;
  beforeAll(async () => {
    h = await Harness.start({ config: { allowPrivateHosts: ["127.0.0.1"] }, rateStore: "memory" });
    user = await h.user();
  });
  afterAll(async () => {
    await h.close();
  });

  const plan = (password: string | null, language?: string) =>
    planSignedIn(h, user, {
      url: `${site.url}/`,
      loginUrl: `${site.url}/signin`,
      username: DEMO_EMAIL,
      password,
      ...(language ? { language } : {}),
    });

  async function planOf(envelope: { result: { artifacts: { type: string; url: string }[] } }) {
    const artifact = envelope.result.artifacts.find((a) => a.type === "storyboard");
    const res = await h.app.inject({ method: "GET", url: (artifact?.url ?? "").replace(h.deps.config.publicUrl, "") });
    return JSON.parse(res.body);
  }

  it("signs in first and plans the dashboard behind it (signedIn: true), never signing out", async () => {
    const done = await plan(DEMO_PASSWORD, "fr-FR");
    expect(done).toMatchObject({ state: "succeeded", error: null });
    const stored = await planOf(done);
    expect(stored.signedIn).toBe(true);
    expect(stored.narrationLanguage).toBe("fr");
    const urls: string[] = stored.beats.map((b: { url: string }) => b.url);
    expect(urls).toContain(`${site.url}/dashboard`);
    expect(stored.beats[0].narration).toMatch(/^Bienvenue sur Acme Analytics\./);
    const dash = stored.beats.find((b: { url: string }) => b.url === `${site.url}/dashboard`);
    expect(dash).toMatchObject({
      action: "navigate",
      title: "Dashboard",
      narration: expect.stringMatching(/^Ouvrons Dashboard\./),
    });
    for (const b of stored.beats) expect(JSON.stringify(b.target ?? {})).not.toMatch(/sign ?(in|out)/i);
    expect(JSON.stringify(done)).not.toContain(DEMO_PASSWORD);
  });

  it("rejected credentials fail with credentials_required; none stored too", async () => {
    const wrong = await plan(WRONG);
    expect(wrong).toMatchObject({ state: "failed", error: { code: "credentials_required", retryable: false } });
    expect(JSON.stringify(wrong)).not.toContain(WRONG);
    const missing = await plan(null);
    expect(missing).toMatchObject({ state: "failed", error: { code: "credentials_required", retryable: false } });
  });
});
