import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { HTML, type LoopbackServer, listenOnLoopback, send } from "../support/fixture-http.js";
import type { CorpusSite } from "./corpus.js";
import { ensureSiteCorpus } from "./install.mjs";

/**
 * Serves corpus sites as a web server would: each site on its own loopback port, its HTML root at `/`,
 * a folder's index.html for the folder, 404 for anything missing, never a file outside the root.
 */

const TYPES: Record<string, string> = {
  ".html": HTML,
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".eot": "application/vnd.ms-fontobject",
  ".otf": "font/otf",
  ".txt": "text/plain; charset=utf-8",
};

export interface ServedSite extends LoopbackServer {
  site: CorpusSite;
  /** The site's start page, absolute. */
  startUrl: string;
  /** The folder served at `/`. */
  rootDir: string;
}

/** The folder a corpus site is served from (the corpus is installed first if it is not yet). */
export function siteRoot(site: CorpusSite): string {
  const dir = ensureSiteCorpus({ log: () => undefined });
  return join(dir, "node_modules", site.package, site.root);
}

export async function serveSite(site: CorpusSite): Promise<ServedSite> {
  const rootDir = normalize(siteRoot(site));
  const server = await listenOnLoopback(async (req, res) => {
    const head = req.method === "HEAD";
    if (req.method !== "GET" && !head) return send(res, 405, "text/plain; charset=utf-8", "GET only");
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? "/", "http://site.invalid").pathname);
    } catch {
      return send(res, 400, "text/plain; charset=utf-8", "bad path");
    }
    let file = normalize(join(rootDir, path));
    if (file !== rootDir && !file.startsWith(rootDir + sep)) return send(res, 404, HTML, "<h1>Not found</h1>");
    const info = await stat(file).catch(() => null);
    if (info?.isDirectory()) file = join(file, "index.html");
    const body = await readFile(file).catch(() => null);
    if (!body) return send(res, 404, HTML, "<h1>Not found</h1>", head);
    send(res, 200, TYPES[extname(file).toLowerCase()] ?? "application/octet-stream", body, head);
  });
  return { ...server, site, rootDir, startUrl: `${server.url}${site.start}` };
}
