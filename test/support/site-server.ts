import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { listenOnLoopback, redirect, send } from "./fixture-http.js";

/**
 * "Acme Analytics", the local multi-page test site (test/fixtures/site/), served on loopback
 * (127.0.0.1, ephemeral port) by a plain node:http server. Pages: / /features /pricing /signin
 * /signup /thanks /dashboard (behind sign-in) and a 404 page for anything else.
 *
 * Sign-in: `POST /signin` (form-encoded email + password). The demo credentials set an HttpOnly
 * session cookie and redirect 303 to /dashboard; anything else re-renders /signin with an error
 * (status 401). `GET /dashboard` without a valid session redirects 303 to /signin.
 *
 * Two-step sign-in: `GET /signin/two-step` asks for the email only; posting it shows a password form
 * (the email carried in a hidden field) that posts to `/signin` like the one-step form.
 */

export const SITE_DIR = fileURLToPath(new URL("../fixtures/site/", import.meta.url));

export const DEMO_EMAIL = "demo@acme.test";
export const DEMO_PASSWORD = "demo-password-1";
export const DEMO_CREDENTIALS = { email: DEMO_EMAIL, password: DEMO_PASSWORD } as const;

/** Name of the HttpOnly session cookie set by a successful sign-in. */
export const SESSION_COOKIE = "acme_session";

/** Text of the error shown on /signin after wrong credentials. */
export const SIGNIN_ERROR = "Wrong email or password. Please try again.";

export interface Site {
  /** Base URL without a trailing slash: `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
  /** Successful sign-ins so far. */
  readonly signIns: number;
  /** Sign-up form submissions so far (the parsed fields, oldest first). */
  readonly signUps: ReadonlyArray<Record<string, string>>;
}

/** Public pages: path → file. /dashboard is served separately, behind the session check. */
const PAGES: Record<string, string> = {
  "/": "index.html",
  "/features": "features.html",
  "/pricing": "pricing.html",
  "/signin": "signin.html",
  "/signup": "signup.html",
  "/thanks": "thanks.html",
};

const ASSETS: Record<string, { file: string; type: string }> = {
  "/styles.css": { file: "styles.css", type: "text/css; charset=utf-8" },
  "/app.js": { file: "app.js", type: "text/javascript; charset=utf-8" },
};

const HTML = "text/html; charset=utf-8";
const MAX_BODY = 64 * 1024;

export async function startSite(): Promise<Site> {
  const sessions = new Set<string>();
  const signUps: Record<string, string>[] = [];
  let signIns = 0;

  const file = (name: string) => readFile(`${SITE_DIR}${name}`);

  const session = (req: IncomingMessage): string | undefined => {
    for (const part of (req.headers.cookie ?? "").split(";")) {
      const [name, ...rest] = part.trim().split("=");
      if (name === SESSION_COOKIE) {
        const value = rest.join("=");
        return sessions.has(value) ? value : undefined;
      }
    }
    return undefined;
  };

  const readForm = (req: IncomingMessage): Promise<URLSearchParams | undefined> =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY) chunks.push(chunk);
      });
      req.on("end", () => resolve(size > MAX_BODY ? undefined : new URLSearchParams(Buffer.concat(chunks).toString())));
      req.on("error", reject);
    });

  const escapeHtml = (s: string) =>
    s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

  const notFound = async (res: ServerResponse, head = false) => send(res, 404, HTML, await file("404.html"), head);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://site.invalid").pathname;
    const method = req.method ?? "GET";

    if (method === "POST") {
      const form = await readForm(req);
      if (!form) return send(res, 413, "text/plain; charset=utf-8", "Payload too large");
      if (path === "/signin") {
        const email = (form.get("email") ?? "").trim();
        if (email.toLowerCase() === DEMO_EMAIL && form.get("password") === DEMO_PASSWORD) {
          const token = randomBytes(18).toString("base64url");
          sessions.add(token);
          signIns += 1;
          return redirect(res, "/dashboard", {
            "set-cookie": `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax`,
          });
        }
        const page = (await file("signin.html"))
          .toString()
          .replace("<!--signin-error-->", `<p class="error" role="alert">${SIGNIN_ERROR}</p>`)
          .replace(
            'name="email" type="email" autocomplete="username" required value=""',
            () => `name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"`,
          );
        return send(res, 401, HTML, page);
      }
      if (path === "/signin/two-step") {
        const email = escapeHtml((form.get("email") ?? "").trim());
        const step = `<form method="post" action="/signin"><input type="hidden" name="email" value="${email}"><div class="field"><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required></div><button class="button button-primary" type="submit">Sign in</button></form>`;
        const page = (await file("signin-two-step.html")).toString().replace("<!--step-->", () => step);
        return send(res, 200, HTML, page);
      }
      if (path === "/signup") {
        signUps.push(Object.fromEntries(form));
        return redirect(res, "/thanks");
      }
      if (path === "/signout") {
        const current = session(req);
        if (current) sessions.delete(current);
        return redirect(res, "/", { "set-cookie": `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` });
      }
      return notFound(res);
    }

    if (method !== "GET" && method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD, POST", "content-length": 0 });
      return res.end();
    }
    const head = method === "HEAD";

    if (path === "/dashboard") {
      if (!session(req)) return redirect(res, "/signin");
      return send(res, 200, HTML, await file("dashboard.html"), head);
    }
    if (path === "/signin/two-step") {
      const step = `<form method="post" action="/signin/two-step"><div class="field"><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required></div><button class="button button-primary" type="submit">Continue</button></form>`;
      const page = (await file("signin-two-step.html")).toString().replace("<!--step-->", () => step);
      return send(res, 200, HTML, page, head);
    }
    const page = PAGES[path];
    if (page) return send(res, 200, HTML, await file(page), head);
    const asset = ASSETS[path];
    if (asset) return send(res, 200, asset.type, await file(asset.file), head);
    if (path === "/favicon.ico") {
      res.writeHead(204, { "cache-control": "max-age=3600" });
      return res.end();
    }
    return notFound(res, head);
  };

  const server = await listenOnLoopback(handle);

  return {
    url: server.url,
    get signIns() {
      return signIns;
    },
    get signUps() {
      return signUps;
    },
    close: server.close,
  };
}
