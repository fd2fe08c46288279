import { readdir } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { CONTENT_TYPES, HTML, type LoopbackServer, listenOnLoopback, readFixture, send } from "./fixture-http.js";
import { handleHostile } from "./marketing-hostile.js";
import { type Recorder, startRecorder } from "./recorder-server.js";

/**
 * The marketing-scanner fixture sites (test/fixtures/marketing/), each on its own loopback origin
 * (127.0.0.1, ephemeral port) so same-origin rules apply as on the real web:
 *
 * - `saas` — "Tidewell", a static multi-page SaaS marketing site (see SAAS_SITE);
 * - `spa` — "Lumora", a single-page app whose shell is empty until its content JSON arrives (delayed),
 *   with lazy images and a consent backdrop (see SPA_SITE);
 * - `sparse` — "Studio Kamen": a title, one short heading and a photo; no logo, no colours, no copy;
 * - `hostile` — "Brokenridge": a usable start page whose links lead to hanging, huge, non-HTML,
 *   script-error and redirecting pages (test/support/marketing-hostile.ts);
 * - `forbidden` — a recorder on 127.0.0.2, the host the hostile redirects point at. The test guard
 *   (`allowPrivateHosts: ["127.0.0.1"]`) refuses it, so its request list must stay empty.
 *
 * Every site logs the paths requested, oldest first, so a test can assert what a scanner visited.
 */

export const MARKETING_DIR = fileURLToPath(new URL("../fixtures/marketing/", import.meta.url));

export type MarketingSiteName = "saas" | "spa" | "sparse" | "hostile";

/** Facts of the SaaS fixture a scan should find (the files' absolute URLs use `fixtureOrigin`). */
export const SAAS_SITE = {
  name: "Tidewell",
  fixtureOrigin: "https://tidewell.example",
  headline: "Onboard every customer in days, not weeks",
  themeColor: "#4f46e5",
  colors: { background: "#ffffff", text: "#0f172a", primary: "#4f46e5", accent: "#f59e0b" },
  /** Heading stack starts with a font that is not installed; the body font is installed. */
  fonts: { heading: "Inter", headingFallback: "DejaVu Sans", body: "Liberation Sans" },
  logo: { jsonLd: "/img/logo.png", headerSvgTitle: "Tidewell", appleTouchIcon: "/apple-touch-icon.png" },
  /** Pages a scanner may read (the start page first). */
  pages: ["/", "/features", "/pricing", "/customers", "/about"],
  /** Linked from the pages but never to be visited by a scanner. */
  neverVisit: [
    "/login",
    "/signup",
    "/careers",
    "/legal/privacy",
    "/legal/terms",
    "/cart",
    "/downloads/tidewell-security-whitepaper.pdf",
  ],
  plans: [
    { title: "Starter", price: "29", currency: "USD", period: "month" },
    { title: "Growth", price: "79", currency: "USD", period: "month", popular: true },
    { title: "Scale", price: "199", currency: "USD", period: "month" },
  ],
  testimonials: [
    { author: "Dana Reyes", authorTitle: "VP Customer Success, Harbor Freightways" },
    { author: "Tomas Lind", authorTitle: "Head of Onboarding, Northpeak" },
    { author: "Amara Okafor", authorTitle: "Director of Implementation, Brightlane" },
  ],
  claims: ["40% faster onboarding", "3× more accounts live in their first 30 days", "No credit card required"],
} as const;

/** Facts of the single-page app fixture. */
export const SPA_SITE = {
  name: "Lumora",
  headline: "Meeting notes your team will actually read",
  themeColor: "#0b1120",
  colors: { background: "#0b1120", text: "#e2e8f0", primary: "#22d3ee", accent: "#f472b6" },
  /** Heading font installed (serif); body stack starts with one that is not. */
  fonts: { heading: "DejaVu Serif", body: "Source Sans Pro", bodyFallback: "DejaVu Sans" },
  logoAlt: "Lumora logo",
  routes: ["/", "/features", "/pricing", "/about"],
  /** Milliseconds the server holds /api/content.json before answering (the default). */
  contentDelayMs: 300,
  consentButtons: ["Accept all", "Reject all", "Settings"],
  lazyImages: ["/assets/feature-transcripts.jpg", "/assets/feature-summaries.jpg", "/assets/feature-action-items.jpg"],
} as const;

/** Facts of the sparse fixture. */
export const SPARSE_SITE = { title: "Studio Kamen", heading: "Coming soon", image: "/photo.jpg" } as const;

const TYPES: Record<string, string> = {
  ...CONTENT_TYPES,
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  txt: "text/plain; charset=utf-8",
};
const typeOf = (name: string) => TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream";

const WHITEPAPER_PDF = "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

/** path → file (relative to the site folder): `x.html` answers `/x`, `index.html` answers `/`. */
async function siteFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = `${entry.parentPath.slice(dir.length)}/${entry.name}`.replace(/^\/+/, "");
    if (!rel.endsWith(".html")) files.set(`/${rel}`, rel);
    else if (rel === "index.html") files.set("/", rel);
    else if (rel !== "404.html") files.set(`/${rel.slice(0, -".html".length)}`, rel);
  }
  return files;
}

type Handler = (req: IncomingMessage, res: ServerResponse, path: string, head: boolean) => Promise<void> | void;

async function saasHandler(origin: () => string): Promise<Handler> {
  const dir = `${MARKETING_DIR}saas/`;
  const files = await siteFiles(dir);
  return async (_req, res, path, head) => {
    if (path === "/downloads/tidewell-security-whitepaper.pdf")
      return send(res, 200, "application/pdf", WHITEPAPER_PDF, head);
    if (path === "/robots.txt") return send(res, 200, TYPES.txt as string, "User-agent: *\nDisallow: /cart\n", head);
    const name = files.get(path);
    if (!name) return send(res, 404, HTML, await readFixture(dir, "404.html"), head);
    const bytes = await readFixture(dir, name);
    // The files name the site as https://tidewell.example (as a deployed site names itself); served, they
    // name the loopback origin they are on, so canonical, og:image and JSON-LD URLs resolve.
    if (!name.endsWith(".html")) return send(res, 200, typeOf(name), bytes, head);
    return send(res, 200, HTML, bytes.toString().replaceAll(SAAS_SITE.fixtureOrigin, origin()), head);
  };
}

async function spaHandler(contentDelayMs: number, contentGate?: () => Promise<void>): Promise<Handler> {
  const dir = `${MARKETING_DIR}spa/`;
  const static_: Record<string, string> = { "/static/app.js": "app.js", "/static/app.css": "app.css" };
  for (const name of await readdir(`${dir}assets`)) static_[`/assets/${name}`] = `assets/${name}`;
  return async (_req, res, path, head) => {
    if (path === "/api/content.json") {
      await delay(contentDelayMs);
      await contentGate?.();
      return send(res, 200, typeOf("x.json"), await readFixture(dir, "content.json"), head);
    }
    const name = static_[path];
    if (name) return send(res, 200, typeOf(name), await readFixture(dir, name), head);
    // Like SPA hosting: any other page path answers the shell (a soft 404 the app renders itself).
    if (/\.[a-z0-9]+$/i.test(path)) return send(res, 404, "text/plain; charset=utf-8", "Not found", head);
    return send(res, 200, HTML, await readFixture(dir, "index.html"), head);
  };
}

async function sparseHandler(): Promise<Handler> {
  const dir = `${MARKETING_DIR}sparse/`;
  return async (_req, res, path, head) => {
    if (path === "/") return send(res, 200, HTML, await readFixture(dir, "index.html"), head);
    if (path === SPARSE_SITE.image) return send(res, 200, "image/jpeg", await readFixture(dir, "photo.jpg"), head);
    return send(res, 404, HTML, "<!doctype html><title>404</title><h1>404</h1>", head);
  };
}

export interface MarketingSite {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Paths requested so far (query strings dropped), oldest first. */
  readonly requests: readonly string[];
  /** Responses the hostile site is holding open on purpose right now (0 for the other sites). */
  readonly held: number;
  close(): Promise<void>;
}

export interface MarketingSiteOptions {
  /** Delay of the SPA's content JSON (default SPA_SITE.contentDelayMs). */
  spaContentDelayMs?: number;
  /**
   * Awaited by the SPA server before it answers /api/content.json (after the delay), so a test can hold
   * the content back for as long as it needs to look at the empty shell — no race with a timer.
   */
  spaContentGate?: () => Promise<void>;
  /** Where the hostile redirects point (default `http://127.0.0.2:9/`, refused by the test guard). */
  forbiddenUrl?: string;
  /**
   * Every answer waits this long first (default 0): a server's time to first byte on the real web, for
   * the scan benchmark's second figure. Loopback answers in well under a millisecond.
   */
  responseDelayMs?: number;
}

/** One fixture site on its own port. */
export async function startMarketingSite(
  name: MarketingSiteName,
  options: MarketingSiteOptions = {},
): Promise<MarketingSite> {
  const requests: string[] = [];
  const held = new Set<ServerResponse>();
  const holdOpen = (res: ServerResponse) => {
    held.add(res);
    res.once("close", () => held.delete(res));
  };
  let server: LoopbackServer | undefined;
  const origin = () => server?.url ?? "";
  const forbiddenUrl = options.forbiddenUrl ?? "http://127.0.0.2:9";
  const handler: Handler =
    name === "saas"
      ? await saasHandler(origin)
      : name === "spa"
        ? await spaHandler(options.spaContentDelayMs ?? SPA_SITE.contentDelayMs, options.spaContentGate)
        : name === "sparse"
          ? await sparseHandler()
          : (req, res) => handleHostile(req, res, forbiddenUrl, holdOpen);

  server = await listenOnLoopback(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://site.invalid").pathname;
    requests.push(path);
    const method = req.method ?? "GET";
    if (method !== "GET" && method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-length": 0 });
      return res.end();
    }
    if (options.responseDelayMs) await new Promise((r) => setTimeout(r, options.responseDelayMs));
    await handler(req, res, path, method === "HEAD");
  });
  return {
    url: server.url,
    get requests() {
      return requests;
    },
    get held() {
      return held.size;
    },
    close: server.close,
  };
}

export interface MarketingSites {
  url: Record<MarketingSiteName, string>;
  sites: Record<MarketingSiteName, MarketingSite>;
  /** The 127.0.0.2 host the hostile redirects point at; nothing may reach it through the fence. */
  forbidden: Recorder;
  /** Paths `site` was asked for so far, oldest first. */
  requests(site: MarketingSiteName): readonly string[];
  close(): Promise<void>;
}

/** All four sites plus the forbidden host, each on its own port. */
export async function startMarketingSites(
  options: Omit<MarketingSiteOptions, "forbiddenUrl"> = {},
): Promise<MarketingSites> {
  const forbidden = await startRecorder("127.0.0.2");
  const names = ["saas", "spa", "sparse", "hostile"] as const;
  const started = await Promise.all(
    names.map((name) => startMarketingSite(name, { ...options, forbiddenUrl: forbidden.url })),
  );
  const sites = Object.fromEntries(names.map((name, i) => [name, started[i]])) as Record<
    MarketingSiteName,
    MarketingSite
  >;
  return {
    url: { saas: sites.saas.url, spa: sites.spa.url, sparse: sites.sparse.url, hostile: sites.hostile.url },
    sites,
    forbidden,
    requests: (site) => sites[site].requests,
    close: async () => {
      await Promise.all([...Object.values(sites).map((site) => site.close()), forbidden.close()]);
    },
  };
}
