import type { Browser, Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeReference, useReferenceBrowser } from "../support/reference-browser.js";

// The interactive API reference is a page the service serves at /api/v1/reference, built in a real
// browser from the service's own OpenAPI document. It must work on a machine with no internet: every
// request the page makes stays on this origin (its script bundle included), and its policy allows it.

interface Visit {
  page: Page;
  /** Every URL the page asked for that is not on the service's loopback address (refused). */
  leaving: string[];
  /** Console errors, CSP refusals included. */
  errors: string[];
}

async function visit({ browser, base }: { browser: Browser; base: string }, path: string): Promise<Visit> {
  const context = await browser.newContext();
  const leaving: string[] = [];
  const errors: string[] = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === "127.0.0.1") return route.continue();
    leaving.push(url.href);
    return route.abort("blockedbyclient");
  });
  const page = await context.newPage();
  page.on("websocket", (ws) => leaving.push(ws.url()));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  await page.goto(`${base}${path}`, { waitUntil: "load" });
  return { page, leaving, errors };
}

describeReference("GET /api/v1/reference", () => {
  const served = useReferenceBrowser();

  it("renders the API's title and its operations from the served document, offline", async () => {
    const { h, base } = served;
    const doc = (await h.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const paths = Object.keys(doc.paths);
    const first = Object.values(doc.paths[paths[0] as string] as Record<string, { summary: string }>)[0];
    expect(paths.length).toBeGreaterThan(30);

    const { page, leaving, errors } = await visit(served, "/api/v1/reference");
    try {
      expect(page.url()).toBe(`${base}/api/v1/reference/`);
      await page.getByRole("heading", { name: doc.info.title }).first().waitFor({ timeout: 20_000 });
      await page
        .getByText(first?.summary as string)
        .first()
        .waitFor({ timeout: 20_000 });
      // Every operation's path is listed under its tag, read from the served document.
      const text = (await page.textContent("body")) ?? "";
      expect(paths.filter((path) => !text.includes(path))).toEqual([]);
      expect(leaving).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it("has a policy of its own: this origin only, its one inline script by hash", async () => {
    const { h } = served;
    const res = await h.app.inject({ method: "GET", url: "/api/v1/reference/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.body).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[a-z]/i);
    // The policy is this page's alone: the service's other pages keep theirs, without scripts.
    const other = await h.app.inject({ method: "GET", url: "/verify-email?token=ver_unknown" });
    expect(other.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(String(other.headers["content-security-policy"])).not.toContain("script-src");
    // The script bundle comes from the service itself, next to the page.
    expect(res.body).toContain('<script src="js/scalar.js">');
    const js = await h.app.inject({ method: "GET", url: "/api/v1/reference/js/scalar.js" });
    expect(js.statusCode).toBe(200);
    expect(js.headers["content-type"]).toMatch(/^application\/javascript/);
  });
});
