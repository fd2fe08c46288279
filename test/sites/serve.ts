import { existsSync, readFileSync } from "node:fs";
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
  return join(packageDirOf(site), site.root);
}

/** The folder the site's npm package is installed in (its own node_modules inside). */
function packageDirOf(site: CorpusSite): string {
  const dir = ensureSiteCorpus({ log: () => undefined });
  return normalize(join(dir, "node_modules", site.package));
}

/**
 * The templates load Bootstrap, Chart.js and table libraries from public CDNs, which tests cannot reach:
 * without them their modals, collapses, charts and table search are dead. Where that very package at
 * that very version is installed — by the template itself (its own dependency), or by the corpus, which
 * pins the CDN libraries templates load (packages/package.json) — the page gets it from the site's own
 * origin instead, as a deploy with its CDN reachable would run. A file nothing installed stays on the CDN
 * (and fails to load, as a half-broken deploy would).
 */
const JSDELIVR = /https:\/\/cdn\.jsdelivr\.net\/npm\/((?:@[\w.-]+\/)?[\w.-]+)@([\w.-]+)\/([\w./-]+)/g;
/** cdnjs names libraries its own way ("Chart.js"); npm's name is the lower-case one, its files under dist/. */
const CDNJS = /https:\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/([\w.-]+)\/([\w.-]+)\/([\w./-]+)/g;
const CDN_PREFIX = "/.cdn/";

function cdnFolder(packageDir: string, name: string, version: string): string | null {
  const corpusModules = join(ensureSiteCorpus({ log: () => undefined }), "node_modules");
  for (const modules of [join(packageDir, "node_modules"), corpusModules]) {
    const dir = join(modules, name);
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version?: string };
      if (pkg.version === version) return dir;
    } catch {
      // not installed there
    }
  }
  return null;
}

/** The CDN file's path inside the installed package, if it is there. */
function installedPath(packageDir: string, name: string, version: string, paths: string[]): string | null {
  const dir = cdnFolder(packageDir, name, version);
  const path = dir ? paths.find((p) => existsSync(join(dir, p))) : undefined;
  return path === undefined ? null : `${CDN_PREFIX}${name}@${version}/${path}`;
}

/** The page with its CDN links to installed packages pointed at the site's own origin. */
function localCdn(html: string, packageDir: string): string {
  return html
    .replace(JSDELIVR, (url, name: string, version: string, path: string) => {
      // jsDelivr minifies on request: "x.min.js" is served from "x.js" when the package has no such file.
      return installedPath(packageDir, name, version, [path, path.replace(/\.min\.(js|css)$/, ".$1")]) ?? url;
    })
    .replace(CDNJS, (url, name: string, version: string, path: string) => {
      return installedPath(packageDir, name.toLowerCase(), version, [`dist/${path}`, path]) ?? url;
    });
}

/** A /.cdn/ path's file, inside an installed copy of that package only. */
function cdnFile(packageDir: string, path: string): string | null {
  const m = /^\/\.cdn\/((?:@[\w.-]+\/)?[\w.-]+)@([\w.-]+)\/(.+)$/.exec(path);
  if (!m) return null;
  const dir = cdnFolder(packageDir, m[1] as string, m[2] as string);
  if (!dir) return null;
  const file = normalize(join(dir, m[3] as string));
  return file.startsWith(dir + sep) ? file : null;
}

export async function serveSite(site: CorpusSite): Promise<ServedSite> {
  const rootDir = normalize(siteRoot(site));
  const packageDir = packageDirOf(site);
  const server = await listenOnLoopback(async (req, res) => {
    const head = req.method === "HEAD";
    if (req.method !== "GET" && !head) return send(res, 405, "text/plain; charset=utf-8", "GET only");
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? "/", "http://site.invalid").pathname);
    } catch {
      return send(res, 400, "text/plain; charset=utf-8", "bad path");
    }
    const fromCdn = path.startsWith(CDN_PREFIX) ? cdnFile(packageDir, path) : null;
    let file = fromCdn ?? normalize(join(rootDir, path));
    if (!fromCdn && file !== rootDir && !file.startsWith(rootDir + sep))
      return send(res, 404, HTML, "<h1>Not found</h1>");
    const info = await stat(file).catch(() => null);
    if (info?.isDirectory()) file = join(file, "index.html");
    const body = await readFile(file).catch(() => null);
    if (!body) return send(res, 404, HTML, "<h1>Not found</h1>", head);
    const type = TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
    send(res, 200, type, type === HTML ? localCdn(body.toString("utf8"), packageDir) : body, head);
  });
  return { ...server, site, rootDir, startUrl: `${server.url}${site.start}` };
}
