import type { IncomingMessage, ServerResponse } from "node:http";
import { createGzip } from "node:zlib";
import { HTML, send } from "./fixture-http.js";

/**
 * "Brokenridge", the hostile marketing site: a small, usable start page whose navigation leads to every way
 * a real page can hurt a scanner, plus the same pages under `/hostile/<name>` so a test can start a scan on
 * any one of them. Nothing here is random: the huge page and the endless feed are generated from their
 * indexes, so two runs see the same bytes.
 */

/** What each hostile route does (the keys are the paths under `/hostile/`). */
export const HOSTILE_ROUTES = {
  "never-finishes": "200 HTML whose body starts streaming and never ends (the request stays open)",
  "pending-request": "complete HTML, but an image, a script fetch and a stylesheet that are never answered",
  huge: "about 1.2 MB of DOM text, at least 20,000 CSS px tall",
  pdf: "application/pdf instead of HTML",
  json: "application/json instead of HTML",
  "script-errors": "usable copy; throws on load, in timers, in an interval and as unhandled rejections",
  "tampered-globals": "usable copy; the page redefines JSON, Array.prototype.map, querySelectorAll, getComputedStyle",
  dialogs: "alert/confirm on load, window.open and a beforeunload prompt",
  "redirect-private": "302 to the forbidden host (127.0.0.2), which the test guard refuses",
  "js-redirect-private": "a page that sends the browser to the forbidden host by script after load",
  "redirect-chain": "302 → 302 → the start page (allowed: the final URL differs from the requested one)",
  "infinite-scroll": "a feed that appends more items from /hostile/feed?page=N whenever its end scrolls into view",
  images: "images that are too large (6 MB), not images at all, and never answered",
  "error-500": "HTTP 500 with an HTML error page",
  "many-links": "20,000 links in one list under the usable copy (about 1 MB of HTML)",
  "endless-iframes": "iframes of itself, three a level, and a script that keeps adding more: no last frame",
  bottomless: "200 HTML that streams paragraphs as fast as the reader takes them and never ends",
  "gzip-bomb":
    "about 1.7 MB on the wire (under the proxy's caps), gzip-encoded, that decodes to 256 MiB of HTML paragraphs",
} as const;

export type HostileRoute = keyof typeof HOSTILE_ROUTES;

/** The start page's navigation: a link text a scanner ranks highly → the hostile route it leads to. */
export const HOSTILE_NAV: Record<string, HostileRoute> = {
  "/pricing": "redirect-private",
  "/features": "never-finishes",
  "/customers": "script-errors",
  "/about": "pdf",
  "/integrations": "huge",
  "/blog": "infinite-scroll",
  "/faq": "error-500",
};

const NAV_TEXT: Record<string, string> = {
  "/pricing": "Pricing",
  "/features": "Features",
  "/customers": "Customers",
  "/about": "About",
  "/integrations": "Integrations",
  "/blog": "Blog",
  "/faq": "FAQ",
};

const page = (title: string, body: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const COPY = `<h1>Brokenridge keeps your warehouse counts honest</h1>
<p>Brokenridge reconciles stock across every warehouse you run, flags the differences before your auditors do, and
sends each count straight to your ERP. Teams close the month two days earlier on average.</p>
<p><a class="cta" href="/hostile/redirect-chain">Start counting</a></p>`;

const startPage = () =>
  page(
    "Brokenridge — Inventory reconciliation",
    `<header><strong class="name">Brokenridge</strong><nav>${Object.keys(HOSTILE_NAV)
      .map((path) => `<a href="${path}">${NAV_TEXT[path]}</a>`)
      .join(" ")}</nav></header><main>${COPY}</main>`,
    `<meta name="description" content="Inventory reconciliation for multi-warehouse teams."><meta name="theme-color" content="#b91c1c"><style>body{font-family:"Liberation Serif",serif;color:#1c1917;background:#fafaf9}a.cta{background:#b91c1c;color:#fff;padding:10px 18px}</style>`,
  );

// ~1.2 MB of text in 1,500 paragraphs: over the scanner's DOM text cap and its screenshot height cap.
const PARAGRAPH =
  "Stock levels move every minute, and every count that disagrees with the ledger has to be explained. ".repeat(8);
let hugeHtml: string | undefined;
const huge = () => {
  hugeHtml ??= page(
    "Brokenridge — The complete reconciliation handbook",
    `<main style="min-height:20000px"><h1>The complete reconciliation handbook</h1>${Array.from(
      { length: 1500 },
      (_, i) => `<section><h2>Chapter ${i + 1}</h2><p>${PARAGRAPH}</p></section>`,
    ).join("")}</main>`,
  );
  return hugeHtml;
};

const SCRIPT_ERRORS = `<script>
  window.addEventListener("load", () => { undefinedAnalytics.track("load"); });
  setTimeout(() => { const broken = null; broken.widget.mount(); }, 50);
  setInterval(() => { throw new TypeError("carousel tick failed"); }, 500);
  Promise.reject(new Error("unhandled rejection from a chat widget"));
  throw new Error("tag manager failed to initialise");
</script>`;

const TAMPER = `<script>
  JSON.stringify = () => { throw new Error("JSON.stringify is disabled here"); };
  JSON.parse = () => ({ hacked: true });
  Array.prototype.map = function () { return ["tampered"]; };
  Document.prototype.querySelectorAll = function () { return []; };
  Element.prototype.querySelectorAll = function () { return []; };
  window.getComputedStyle = () => ({ getPropertyValue: () => "rgb(255, 0, 255)", color: "rgb(255, 0, 255)" });
  Object.defineProperty(document, "title", { get: () => "<script>alert(1)</script>".repeat(200) });
</script>`;

const DIALOGS = `<script>
  alert("Subscribe to our newsletter!");
  confirm("Allow notifications?");
  window.open("/hostile/dialogs?popup=1", "_blank");
  window.addEventListener("beforeunload", (event) => { event.preventDefault(); event.returnValue = "Stay?"; });
</script>`;

// Like infinite-scroll libraries: whenever the "Loading more…" line comes within 200 px of the viewport
// (on scroll, and after each page arrives), the next page is fetched and appended. There is no last page.
const INFINITE = `<main><h1>Brokenridge blog</h1><div id="feed"></div><p id="more">Loading more…</p></main><script>
  let next = 0;
  let loading = false;
  const feed = document.getElementById("feed");
  const more = document.getElementById("more");
  const check = () => {
    if (!loading && more.getBoundingClientRect().top < innerHeight + 200) load();
  };
  const load = () => {
    loading = true;
    fetch("/hostile/feed?page=" + next++).then((r) => r.json()).then((items) => {
      for (const item of items) {
        const article = document.createElement("article");
        article.innerHTML = "<h2></h2><p></p>";
        article.querySelector("h2").textContent = item.title;
        article.querySelector("p").textContent = item.text;
        article.style.minHeight = "220px";
        feed.append(article);
      }
    }).finally(() => {
      loading = false;
      check();
    });
  };
  addEventListener("scroll", check, { passive: true });
  check();
</script>`;

const feedPage = (n: number) =>
  JSON.stringify(
    Array.from({ length: 10 }, (_, i) => ({
      title: `Post ${n * 10 + i + 1}: counting cycles that never end`,
      text: "Another story about stock that moved while nobody was looking. ".repeat(3),
    })),
  );

// A PNG signature followed by 6 MB of zeros: over the scanner's 5 MB image cap and undecodable.
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GIANT_IMAGE_BYTES = 6 * 1024 * 1024;

const MINIMAL_PDF =
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
  "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

// 20,000 links, like a sitemap page or a product catalogue rendered in one go.
let manyLinksHtml: string | undefined;
const manyLinks = () => {
  manyLinksHtml ??= page(
    "Brokenridge — Every SKU",
    `<main>${COPY}<ul>${Array.from(
      { length: 20_000 },
      (_, i) => `<li><a href="/hostile/sku/${i + 1}">SKU ${String(i + 1).padStart(5, "0")} stock count</a></li>`,
    ).join("")}</ul></main>`,
  );
  return manyLinksHtml;
};

// Every document holds three frames of itself one level down, and adds another every 20 ms: no last frame.
const endlessIframes = (depth: number) =>
  page(
    `Brokenridge — Frames ${depth}`,
    `<main>${COPY}${[1, 2, 3]
      .map(() => `<iframe src="/hostile/endless-iframes?d=${depth + 1}" width="400" height="300"></iframe>`)
      .join(
        "",
      )}</main><script>setInterval(() => { const f = document.createElement("iframe"); f.src = "/hostile/endless-iframes?d=${depth + 1}&t=" + Date.now(); document.body.append(f); }, 20);</script>`,
  );

const BOTTOMLESS_CHUNK = Buffer.from(
  Array.from({ length: 64 }, (_, i) => `<p>Ledger line ${i}: stock moved, count adjusted, auditor notified.</p>`).join(
    "",
  ),
);

/** Writes paragraphs whenever the socket drains, until the client goes away. */
function streamForever(res: ServerResponse): void {
  res.writeHead(200, { "content-type": HTML, "cache-control": "no-store" });
  res.write(`<!doctype html><html lang="en"><head><title>Brokenridge — Ledger</title></head><body><main>${COPY}`);
  const pump = () => {
    while (!res.destroyed && res.write(BOTTOMLESS_CHUNK)) {
      // keep writing until the socket's buffer is full
    }
  };
  res.on("drain", pump);
  pump();
}

const BOMB_DECODED_BYTES = 256 * 1024 * 1024;
let bomb: Promise<Buffer> | undefined;
/** The gzip bomb's bytes, made once per process (the paragraphs compress about 160 to 1). */
function gzipBomb(): Promise<Buffer> {
  bomb ??= new Promise<Buffer>((resolve, reject) => {
    const gzip = createGzip({ level: 9 });
    const out: Buffer[] = [];
    gzip.on("data", (c: Buffer) => out.push(c));
    gzip.on("end", () => resolve(Buffer.concat(out)));
    gzip.on("error", reject);
    gzip.write(`<!doctype html><html lang="en"><head><title>Brokenridge — Archive</title></head><body><main>${COPY}`);
    const block = Buffer.concat(Array.from({ length: 1024 }, () => BOTTOMLESS_CHUNK)); // ~4.6 MB
    let written = 0;
    const more = () => {
      while (written < BOMB_DECODED_BYTES) {
        written += block.length;
        if (!gzip.write(block)) return void gzip.once("drain", more);
      }
      gzip.end("</main></body></html>");
    };
    more();
  });
  return bomb;
}

/**
 * Answers one request of the hostile site. Routes that "never finish" simply leave the response open: the
 * client gives up, or the server's close() destroys the connection.
 */
export function handleHostile(
  req: IncomingMessage,
  res: ServerResponse,
  forbiddenUrl: string,
  holdOpen: (res: ServerResponse) => void,
): Promise<void> | void {
  const url = new URL(req.url ?? "/", "http://site.invalid");
  const path = url.pathname;
  const alias = HOSTILE_NAV[path];
  const route = alias ?? (path.startsWith("/hostile/") ? path.slice("/hostile/".length) : path);
  const hold = () => holdOpen(res);

  switch (route) {
    case "/":
      return send(res, 200, HTML, startPage());
    case "never-finishes":
      res.writeHead(200, { "content-type": HTML, "cache-control": "no-store" });
      res.write(`<!doctype html><html lang="en"><head><title>Brokenridge — Features</title></head><body>${COPY}`);
      return hold();
    case "pending-request":
      return send(
        res,
        200,
        HTML,
        page(
          "Brokenridge — Always loading",
          `${COPY}<img src="/hostile/stall.png" width="800" height="400" alt=""><script>fetch("/hostile/stall");</script>`,
          `<link rel="stylesheet" href="/hostile/stall.css">`,
        ),
      );
    case "stall":
    case "stall.png":
    case "stall.css":
      return hold();
    case "huge":
      return send(res, 200, HTML, huge());
    case "pdf":
      return send(res, 200, "application/pdf", MINIMAL_PDF);
    case "json":
      return send(res, 200, "application/json; charset=utf-8", JSON.stringify({ name: "Brokenridge", html: false }));
    case "script-errors":
      return send(res, 200, HTML, page("Brokenridge — Customers", `<main>${COPY}</main>${SCRIPT_ERRORS}`));
    case "tampered-globals":
      return send(res, 200, HTML, page("Brokenridge — Tampered", `<main>${COPY}</main>${TAMPER}`));
    case "dialogs":
      return send(res, 200, HTML, page("Brokenridge — Dialogs", `<main>${COPY}</main>${DIALOGS}`));
    case "redirect-private":
      res.writeHead(302, { location: `${forbiddenUrl}/`, "content-length": 0, "cache-control": "no-store" });
      return void res.end();
    case "js-redirect-private":
      return send(
        res,
        200,
        HTML,
        page(
          "Brokenridge — Moving",
          `<main>${COPY}</main><script>setTimeout(() => { location.href = ${JSON.stringify(`${forbiddenUrl}/js`)}; }, 100);</script>`,
        ),
      );
    case "redirect-chain":
      res.writeHead(302, { location: "/hostile/redirect-chain-2", "content-length": 0 });
      return void res.end();
    case "redirect-chain-2":
      res.writeHead(302, { location: "/", "content-length": 0 });
      return void res.end();
    case "infinite-scroll":
      return send(res, 200, HTML, page("Brokenridge — Blog", INFINITE));
    case "feed":
      return send(res, 200, "application/json; charset=utf-8", feedPage(Number(url.searchParams.get("page")) || 0));
    case "images":
      return send(
        res,
        200,
        HTML,
        page(
          "Brokenridge — Gallery",
          `<main>${COPY}<img src="/hostile/giant.png" width="1200" height="800" alt="Giant"><img src="/hostile/not-an-image.jpg" width="800" height="600" alt="Fake"><img src="/hostile/stall.png" width="800" height="600" alt="Stalled"></main>`,
        ),
      );
    case "giant.png":
      return send(res, 200, "image/png", Buffer.concat([PNG_SIGNATURE, Buffer.alloc(GIANT_IMAGE_BYTES)]));
    case "not-an-image.jpg":
      return send(res, 200, "image/jpeg", "<!doctype html><title>not an image</title>");
    case "many-links":
      return send(res, 200, HTML, manyLinks());
    case "endless-iframes":
      return send(res, 200, HTML, endlessIframes(Number(url.searchParams.get("d")) || 0));
    case "bottomless":
      return streamForever(res);
    case "gzip-bomb":
      return void gzipBomb().then((body) => {
        res.writeHead(200, { "content-type": HTML, "content-encoding": "gzip", "content-length": body.length });
        res.end(body);
      });
    case "error-500":
      return send(res, 500, HTML, page("Server error", "<h1>Something went wrong</h1>"));
    default:
      return send(res, 404, HTML, page("Not found", "<h1>Page not found</h1>"));
  }
}
