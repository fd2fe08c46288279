import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardCsp } from "../../src/http/dashboard.js";

/** The policy when stored files come from this origin (local storage). */
const DASHBOARD_CSP = dashboardCsp();

import { Harness } from "../../src/testutil/harness.js";

// The service serves the built dashboard at `/` (src/http/dashboard.ts): its files, its index page for
// any address a browser opens outside the API (so the app's own routes survive a reload), under a strict
// policy; and the API, the stored files and the service's own pages answer as before. A small build of
// the test's own stands in for web/dist (the real one is driven in Chromium by test/e2e/).

const INDEX =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/app-Ab12.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify("x".repeat(4000))});`;

let h: Harness;
let webDir: string;
const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: "GET", url, headers });
const browserOpens = (url: string) => get(url, { accept: "text/html,application/xhtml+xml,*/*;q=0.8" });

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), "cw-web-"));
  mkdirSync(join(webDir, "assets"));
  writeFileSync(join(webDir, "index.html"), INDEX);
  writeFileSync(join(webDir, "assets", "app-Ab12.js"), SCRIPT);
  writeFileSync(join(webDir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webDir, ".sources"), "hash of the build's inputs\n");
  h = await Harness.start({ rateStore: "memory", workers: false, webDir });
});
afterAll(async () => {
  await h.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe("the dashboard at /", () => {
  it("answers / with the app's page under the strict policy and the page headers", async () => {
    const res = await browserOpens("/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body).toBe(INDEX);
    expect(res.headers["content-security-policy"]).toBe(DASHBOARD_CSP);
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    // curl, a health check: the same page, whatever they accept.
    expect((await get("/")).statusCode).toBe(200);
    expect((await h.app.inject({ method: "HEAD", url: "/" })).statusCode).toBe(200);
  });

  it("has a policy that runs only this origin's files and reaches only this origin", () => {
    const directives = new Map(
      DASHBOARD_CSP.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")] as const),
    );
    expect(directives.get("default-src")).toBe("'none'");
    expect(directives.get("script-src")).toBe("'self'"); // no inline script, no eval
    expect(directives.get("style-src")).toBe("'self'"); // no inline style
    expect(directives.get("connect-src")).toBe("'self'");
    expect(directives.get("frame-ancestors")).toBe("'none'");
    expect(directives.get("object-src")).toBe("'none'");
    expect(directives.get("base-uri")).toBe("'none'");
    expect(directives.get("img-src")).toBe("'self' blob: data:");
    expect(directives.get("media-src")).toBe("'self' blob:");
    expect(directives.get("require-trusted-types-for")).toBe("'script'");
    expect(directives.get("trusted-types")).toBe("'none'");
  });

  it("answers the app's own addresses with its page when a browser opens them", async () => {
    for (const path of ["/keys", "/keys/new", "/webhooks/0196f3a2-7c1d-7000-8000-000000000000", "/sign-in?next=%2F"]) {
      const res = await browserOpens(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toBe(INDEX);
      expect(res.headers["content-security-policy"], path).toBe(DASHBOARD_CSP);
    }
    // Not a page navigation (a script's fetch, a missing file): the API's 404.
    for (const [path, accept] of [
      ["/keys", "application/json"],
      ["/assets/missing.js", "text/html"],
      ["/robots.txt", "text/html"],
    ] as const) {
      const res = await get(path, { accept });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.code, path).toBe("not_found");
    }
  });

  it("keeps the API, stored files and the service's pages as they were", async () => {
    // What the router refuses about an API path it still refuses (the app's page is no catch-all route).
    const long = await browserOpens(`/api/v1/webhooks/${"x".repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details.issues[0]).toMatchObject({ path: "path", code: "max_length" });
    const methods = await h.app.inject({ method: "POST", url: "/keys", headers: { accept: "text/html" } });
    expect(methods.statusCode).toBe(404);
    for (const path of ["/api/v1/no-such-thing", "/api/v1", "/files/no-such-file"]) {
      const res = await browserOpens(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers["content-type"], path).toBe("application/json; charset=utf-8");
      expect(res.json().error).toMatchObject({ code: "not_found", requestId: expect.any(String) });
    }
    expect((await get("/api/v1/openapi.json")).statusCode).toBe(200);
    const reference = await browserOpens("/api/v1/reference/");
    expect(reference.statusCode).toBe(200);
    expect(reference.headers["content-security-policy"]).not.toBe(DASHBOARD_CSP);
    const verify = await browserOpens("/verify-email?token=ver_unknown");
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toContain("Verify your email address");
    expect(String(verify.headers["content-security-policy"])).not.toContain("script-src");
    const user = await h.user();
    expect((await h.request("GET", "/account", { token: user.session })).status).toBe(200);
  });

  it("serves the build's files: hashed ones kept a year, compressed when the browser takes gzip", async () => {
    const plain = await get("/assets/app-Ab12.js");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body).toBe(SCRIPT);
    const gzipped = await get("/assets/app-Ab12.js", { "accept-encoding": "gzip, deflate, br" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const icon = await get("/favicon.svg");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect(icon.headers["cache-control"]).toBe("private, no-store"); // not content-hashed: never kept stale
  });

  it("serves nothing but the build's own files", async () => {
    for (const path of [
      "/.sources",
      "/index.html",
      "/assets",
      "/assets/../index.html",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/..%2f..%2fpackage.json",
      "/%2e%2e/package.json",
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain("clipwright");
    }
  });
});

describe("a service whose dashboard is not built", () => {
  it("says so at / and how to build it; the API works", async () => {
    const empty = mkdtempSync(join(tmpdir(), "cw-web-empty-"));
    const bare = await Harness.start({ rateStore: "memory", workers: false, webDir: empty });
    try {
      const res = await bare.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
      expect(res.statusCode).toBe(503);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body).toContain("npm run build:web");
      const client = await bare.app.inject({ method: "GET", url: "/keys", headers: { accept: "text/html" } });
      expect(client.statusCode).toBe(404);
      expect((await bare.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).statusCode).toBe(200);
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
