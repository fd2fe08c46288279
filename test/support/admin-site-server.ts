import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import {
  CONTENT_TYPES,
  cookie,
  HTML,
  listenOnLoopback,
  readBody,
  readFixture,
  redirect,
  send,
} from "./fixture-http.js";

/**
 * "Meridian Ops", the admin-dashboard fixture (test/fixtures/admin/), served on loopback. It reproduces what
 * real admin templates do to a walkthrough: a sidebar `<aside><ul><li><a>` navigation (Dashboard, Charts,
 * Tables, Settings), canvas charts that animate in over about a second, a table filtered live by a search
 * box, tabbed settings, and a login form whose only submit control is `<a href="#" class="btn">Login</a>`.
 *
 * Login: the page script posts JSON `{email, password}` to `POST /api/login`. The demo credentials answer
 * 200 `{"redirect":"/"}` with an HttpOnly session cookie; anything else answers 401 `{"error":...}` and the
 * page shows "Invalid email address or password.". Every app page redirects 303 to /login without a
 * session; `GET /logout` ends the session and redirects to /login.
 */

export const ADMIN_DIR = fileURLToPath(new URL("../fixtures/admin/", import.meta.url));

export const ADMIN_EMAIL = "ops@meridian.test";
export const ADMIN_PASSWORD = "meridian-demo-1";

/** Name of the HttpOnly session cookie set by a successful login. */
export const ADMIN_SESSION_COOKIE = "meridian_session";

/** Text the login page shows after wrong credentials. */
export const ADMIN_LOGIN_ERROR = "Invalid email address or password.";

/** App pages (behind the session): path → file. */
export const ADMIN_PAGES: Record<string, string> = {
  "/": "index.html",
  "/charts": "charts.html",
  "/tables": "tables.html",
  "/settings": "settings.html",
};

const ASSETS: Record<string, string> = {
  "/css/admin.css": "admin.css",
  "/js/admin.js": "admin.js",
};

export interface AdminSite {
  url: string;
  close(): Promise<void>;
  /** Successful logins so far. */
  readonly logins: number;
}

const JSON_TYPE = CONTENT_TYPES.json as string;

const credentials = (body: string, type: string | undefined): { email: string; password: string } => {
  if (type?.startsWith("application/x-www-form-urlencoded")) {
    const form = new URLSearchParams(body);
    return { email: form.get("email") ?? "", password: form.get("password") ?? "" };
  }
  try {
    const parsed = JSON.parse(body) as { email?: unknown; password?: unknown };
    return { email: String(parsed.email ?? ""), password: String(parsed.password ?? "") };
  } catch {
    return { email: "", password: "" };
  }
};

export async function startAdminSite(): Promise<AdminSite> {
  const sessions = new Set<string>();
  let logins = 0;
  const file = (name: string) => readFixture(ADMIN_DIR, name);
  const signedIn = (req: IncomingMessage) => sessions.has(cookie(req, ADMIN_SESSION_COOKIE) ?? "");

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://site.invalid").pathname;
    const method = req.method ?? "GET";

    if (method === "POST" && path === "/api/login") {
      const body = await readBody(req);
      if (body === undefined) return send(res, 413, JSON_TYPE, JSON.stringify({ error: "Payload too large" }));
      const { email, password } = credentials(body, req.headers["content-type"]);
      if (email.trim().toLowerCase() !== ADMIN_EMAIL || password !== ADMIN_PASSWORD) {
        return send(res, 401, JSON_TYPE, JSON.stringify({ error: ADMIN_LOGIN_ERROR }));
      }
      const token = randomBytes(18).toString("base64url");
      sessions.add(token);
      logins += 1;
      res.setHeader("set-cookie", `${ADMIN_SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax`);
      return send(res, 200, JSON_TYPE, JSON.stringify({ redirect: "/" }));
    }
    if (method !== "GET" && method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD, POST", "content-length": 0 });
      return res.end();
    }
    const head = method === "HEAD";

    if (path === "/login") return send(res, 200, HTML, await file("login.html"), head);
    if (path === "/logout") {
      sessions.delete(cookie(req, ADMIN_SESSION_COOKIE) ?? "");
      return redirect(res, "/login", {
        "set-cookie": `${ADMIN_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
      });
    }
    const page = ADMIN_PAGES[path];
    if (page) {
      if (!signedIn(req)) return redirect(res, "/login");
      return send(res, 200, HTML, await file(page), head);
    }
    const asset = ASSETS[path];
    if (asset) {
      const type = CONTENT_TYPES[asset.split(".").pop() ?? ""] ?? "application/octet-stream";
      return send(res, 200, type, await file(asset), head);
    }
    if (path === "/favicon.ico") {
      res.writeHead(204, { "cache-control": "max-age=3600" });
      return res.end();
    }
    return send(res, 404, HTML, await file("404.html"), head);
  };

  const server = await listenOnLoopback(handle);
  return {
    url: server.url,
    close: server.close,
    get logins() {
      return logins;
    },
  };
}
