import { readdir, readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD, SESSION_COOKIE, SITE_DIR, type Site, startSite } from "../support/site-server.js";

// The local test site (test/fixtures/site/, "Acme Analytics") that walkthrough planning and recording
// tests explore. It has no database, so it runs once: in the sqlite project only.

const PAGES: { path: string; heading: string }[] = [
  { path: "/", heading: "Product analytics your whole team understands" },
  { path: "/features", heading: "Features" },
  { path: "/pricing", heading: "Pricing" },
  { path: "/signin", heading: "Sign in" },
  { path: "/signup", heading: "Start your free trial" },
  { path: "/thanks", heading: "Thanks for signing up!" },
];

const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
  redirect: "manual" as const,
});

describe.runIf(process.env.CLIPWRIGHT_TEST_DB !== "postgres")("test site fixture", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  const signIn = async () => {
    const res = await fetch(`${site.url}/signin`, form({ email: DEMO_EMAIL, password: DEMO_PASSWORD }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard");
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]+;`));
    expect(setCookie).toMatch(/HttpOnly/i);
    return setCookie.split(";")[0] as string;
  };

  it("serves on loopback with an ephemeral port", () => {
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each(PAGES)("$path answers 200 with HTML and its main heading", async ({ path, heading }) => {
    const res = await fetch(`${site.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(h1(html)).toBe(heading);
    expect(html).toContain('<link rel="stylesheet" href="/styles.css">');
  });

  it("serves the stylesheet and script with their content types", async () => {
    const css = await fetch(`${site.url}/styles.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const js = await fetch(`${site.url}/app.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  });

  it("home has the main navigation and a primary call to action to /signup", async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const nav = /<nav class="site-nav" aria-label="Main">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
    expect(nav).toContain('<a href="/features">Features</a>');
    expect(nav).toContain('<a href="/pricing">Pricing</a>');
    expect(nav).toContain('<a href="/signin">Sign in</a>');
    expect(html).toContain('<a class="button button-primary" href="/signup">Start free trial</a>');
  });

  it("every same-origin link on every page resolves", async () => {
    const cookie = await signIn();
    const seen = new Set<string>();
    for (const page of [...PAGES.map((p) => p.path), "/dashboard"]) {
      const html = await (await fetch(`${site.url}${page}`, { headers: { cookie } })).text();
      for (const [, href] of html.matchAll(/href="([^"]+)"/g)) seen.add(href as string);
    }
    expect(seen.size).toBeGreaterThan(5);
    for (const href of seen) {
      expect(href.startsWith("/"), href).toBe(true);
      const res = await fetch(`${site.url}${href}`, { headers: { cookie }, redirect: "manual" });
      expect(res.status, href).toBe(200);
    }
  });

  it("the dashboard redirects to /signin without a session", async () => {
    const res = await fetch(`${site.url}/dashboard`, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/signin");
    const forged = await fetch(`${site.url}/dashboard`, {
      headers: { cookie: `${SESSION_COOKIE}=forged` },
      redirect: "manual",
    });
    expect(forged.status).toBe(303);
  });

  it("the dashboard file is not reachable by its file name", async () => {
    expect((await fetch(`${site.url}/dashboard.html`)).status).toBe(404);
  });

  it("signing in with the demo credentials opens the dashboard; signing out closes it", async () => {
    const before = site.signIns;
    const cookie = await signIn();
    expect(site.signIns).toBe(before + 1);

    const res = await fetch(`${site.url}/dashboard`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(h1(html)).toBe("Dashboard");
    expect(html).toContain(">New report</button>");
    expect(html).toContain('<label for="report-name">Report name</label>');
    expect(html).toContain('<label for="report-range">Date range</label>');
    expect(html).toContain('<label for="report-charts">Include charts</label>');
    expect(html).toContain('type="submit">Create</button>');
    expect(html).toContain("<table>");

    const out = await fetch(`${site.url}/signout`, { method: "POST", headers: { cookie }, redirect: "manual" });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/");
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    const after = await fetch(`${site.url}/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(after.status).toBe(303);
  });

  it("the sign-in form has labelled Email and Password inputs and a Sign in button", async () => {
    const html = await (await fetch(`${site.url}/signin`)).text();
    expect(html).toContain('<form method="post" action="/signin"');
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('type="submit">Sign in</button>');
    expect(html).not.toContain('role="alert"');
  });

  it("wrong credentials answer 401 with the form and an error, and set no cookie", async () => {
    const before = site.signIns;
    const res = await fetch(`${site.url}/signin`, form({ email: DEMO_EMAIL, password: "wrong-password" }));
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toBeNull();
    const html = await res.text();
    expect(h1(html)).toBe("Sign in");
    expect(html).toContain('role="alert">Wrong email or password.');
    expect(html).toContain(`value="${DEMO_EMAIL}"`);
    expect(site.signIns).toBe(before);

    const injected = await fetch(`${site.url}/signin`, form({ email: '"><script>x</script>', password: "x" }));
    expect(injected.status).toBe(401);
    expect(await injected.text()).not.toContain("<script>x</script>");
  });

  it("the sign-up form submits and redirects to the thank-you page", async () => {
    const html = await (await fetch(`${site.url}/signup`)).text();
    for (const label of ["Full name", "Work email", "Company size"]) expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('<input id="consent" name="consent" type="checkbox"');
    expect(html).toContain('type="submit">Create account</button>');

    const res = await fetch(
      `${site.url}/signup`,
      form({ name: "Ada Lovelace", email: "ada@example.test", companySize: "11-50", consent: "yes" }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/thanks");
    expect(site.signUps.at(-1)).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.test",
      companySize: "11-50",
      consent: "yes",
    });
  });

  it("an unknown path answers 404 with the not-found page", async () => {
    const res = await fetch(`${site.url}/no-such-page`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(h1(await res.text())).toBe("Page not found");
    expect((await fetch(`${site.url}/../package.json`)).status).toBe(404);
    expect((await fetch(`${site.url}/%2e%2e/%2e%2e/package.json`)).status).toBe(404);
  });

  it("the fixture references no external URLs", async () => {
    const files = (await readdir(SITE_DIR, { recursive: true })).filter((f) => /\.(html|css|js)$/.test(f));
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const name of files) {
      const text = await readFile(`${SITE_DIR}${name}`, "utf8");
      expect(text, name).not.toMatch(/https?:\/\//i);
      expect(text, name).not.toMatch(/(?:src|href|action)="\/\//i);
      expect(text, name).not.toMatch(/url\(\s*["']?\/\//i);
      expect(text, name).not.toMatch(/@import/i);
    }
  });
});
