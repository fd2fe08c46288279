import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { CONTENT_TYPES, HTML, listenOnLoopback, readFixture, send } from "./fixture-http.js";

/**
 * "Harborline", the one-page landing-page fixture (test/fixtures/landing/), served on loopback. It
 * reproduces what real landing templates do to a walkthrough: a fixed top navbar whose links jump (smoothly)
 * to `#features`, `#pricing`, `#testimonials` and `#faq` sections on the same page, a hero with a primary
 * call to action, images that load only once scrolled into view, and a cookie consent banner pinned over
 * the bottom of the viewport until a choice is made (remembered in the `harborline_consent` cookie).
 */

export const LANDING_DIR = fileURLToPath(new URL("../fixtures/landing/", import.meta.url));

/** The cookie the consent banner sets when a choice is made. */
export const CONSENT_COOKIE = "harborline_consent";

const FILES: Record<string, string> = {
  "/": "index.html",
  "/css/landing.css": "landing.css",
  "/js/landing.js": "landing.js",
  "/img/hero-inbox.svg": "img/hero-inbox.svg",
  "/img/reports.svg": "img/reports.svg",
  "/img/avatar-maya.svg": "img/avatar-maya.svg",
  "/img/avatar-lukas.svg": "img/avatar-lukas.svg",
  "/img/avatar-priya.svg": "img/avatar-priya.svg",
};

export interface LandingSite {
  url: string;
  close(): Promise<void>;
  /** Paths requested so far, oldest first (to see when lazy images were fetched). */
  readonly requests: readonly string[];
}

export async function startLandingSite(): Promise<LandingSite> {
  const requests: string[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://site.invalid").pathname;
    requests.push(path);
    const method = req.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-length": 0 });
      return res.end();
    }
    if (path === "/favicon.ico") {
      res.writeHead(204, { "cache-control": "max-age=3600" });
      return res.end();
    }
    const name = FILES[path];
    if (!name) return send(res, 404, HTML, "<!doctype html><title>Not found</title><h1>Page not found</h1>");
    const type = CONTENT_TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream";
    return send(res, 200, type, await readFixture(LANDING_DIR, name), method === "HEAD");
  };

  const server = await listenOnLoopback(handle);
  return {
    url: server.url,
    close: server.close,
    get requests() {
      return requests;
    },
  };
}
