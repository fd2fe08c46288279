import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_PREFIX } from "../operations/registry.js";
import { FILES_PREFIX } from "../storage/file-links.js";
import { sendPage } from "./pages/page.js";

/**
 * The dashboard's policy. Scripts and styles only from this origin's files (no inline script, no eval,
 * no inline style), calls only to this origin, nothing framed, no plugins, no <base>. Pictures and
 * video may also be blob:/data: URLs (previews, the video player), and pictures, video and stored
 * files may come from the object store when downloads are presigned there (`fileOrigins`). Trusted Types are required and no
 * policy may be made, so even a bug that handed page text to innerHTML would throw instead of running it.
 */
export function dashboardCsp(fileOrigins: readonly string[] = []): string {
  const files = fileOrigins.map((o) => ` ${o}`).join("");
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' blob: data:${files}`,
    `media-src 'self' blob:${files}`,
    "font-src 'self'",
    `connect-src 'self'${files}`,
    "manifest-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join("; ");
}

/** Where Vite puts content-hashed files: their names change with their bytes, so they may be kept a year. */
const HASHED_DIR = "/assets/";
const IMMUTABLE = "public, max-age=31536000, immutable";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
};
/** Text worth compressing once at start (a small bundle: all of it fits in memory twice). */
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".svg", ".json", ".txt"]);

interface StaticFile {
  type: string;
  body: Buffer;
  gzip: Buffer | null;
}

export interface Dashboard {
  /** The build's files, and the app's page at `/` (a page that says how to build it when there is none). */
  mount(app: FastifyInstance): void;
  /**
   * For the service's not-found handler: the app's page when a browser opens an address no route has
   * outside the API and the stored files (the app's own routes, /keys, /webhooks/…, so a reload works);
   * null otherwise, and the API's JSON 404 answers. Kept out of the router (no catch-all route), so
   * what the router refuses about API paths (an over-long segment) it still refuses.
   */
  page(req: FastifyRequest, reply: FastifyReply): FastifyReply | null;
}

/**
 * The built dashboard (web/dist), read into memory once: served at `/` with its files, under
 * dashboardCsp(fileOrigins).
 */
export function loadDashboard(dir: string, fileOrigins: readonly string[] = []): Dashboard {
  const files = existsSync(join(dir, "index.html")) ? loadFiles(dir) : null;
  const policy = dashboardCsp(fileOrigins);
  return {
    mount(app) {
      app.register(async (scope) => {
        // After the conventions' onSend (which marks every answer no-store): hashed files may be kept.
        scope.addHook("onSend", (req, reply, payload, done) => {
          if (reply.statusCode === 200 && req.url.startsWith(HASHED_DIR)) reply.header("Cache-Control", IMMUTABLE);
          done(null, payload);
        });
        scope.get("/", (req, reply) => (files ? sendIndex(files, policy, req, reply) : notBuilt(reply)));
        for (const [url, file] of files ?? []) {
          if (url !== "/index.html") scope.get(url, (req, reply) => sendFile(file, req, reply));
        }
      });
    },
    page(req, reply) {
      return files && isNavigation(req) ? sendIndex(files, policy, req, reply) : null;
    },
  };
}

/** A file's address as a route: plain characters only (a `:` or `*` would be read as a parameter). */
const ROUTABLE = /^(\/[A-Za-z0-9._-]+)+$/;

function loadFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of walk(dir)) {
    const url = `/${relative(dir, path).split(sep).join("/")}`;
    if (!ROUTABLE.test(url)) continue;
    const ext = extname(path);
    const body = readFileSync(path);
    const gzip = COMPRESSIBLE.has(ext) && body.length > 1024 ? gzipSync(body, { level: 9 }) : null;
    files.set(url, { type: CONTENT_TYPES[ext] ?? "application/octet-stream", body, gzip });
  }
  return files;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue; // the build's stamp and other dotfiles are not served
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * A browser opening an address (not a script fetching one): GET or HEAD asking for HTML, for a path with
 * no file extension, outside the API and the stored files.
 */
function isNavigation(req: FastifyRequest): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const path = req.url.split("?")[0] as string;
  if (path.startsWith(`${API_PREFIX}/`) || path === API_PREFIX || path.startsWith(FILES_PREFIX)) return false;
  if (extname(path.slice(path.lastIndexOf("/") + 1)) !== "") return false;
  return String(req.headers.accept ?? "").includes("text/html");
}

function sendIndex(files: Map<string, StaticFile>, policy: string, req: FastifyRequest, reply: FastifyReply) {
  // 200 also from the not-found handler (which starts the answer as a 404): the address is the app's.
  reply.code(200).header("Content-Security-Policy", policy);
  return sendFile(files.get("/index.html") as StaticFile, req, reply);
}

function sendFile(file: StaticFile, req: FastifyRequest, reply: FastifyReply) {
  reply.type(file.type);
  if (!file.gzip) return reply.send(file.body);
  reply.header("Vary", "Accept-Encoding");
  if (!/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) return reply.send(file.body);
  return reply.header("Content-Encoding", "gzip").send(file.gzip);
}

const notBuilt = (reply: FastifyReply) =>
  sendPage(
    reply,
    503,
    "The dashboard is not built",
    "<p>This service's web dashboard has not been built on this machine. <code>npm start</code> builds it; " +
      "or run <code>npm run build:web</code> and start the service again. The API works meanwhile, under " +
      "<code>/api/v1</code>.</p>",
  );
