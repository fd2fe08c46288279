import { HTML, listenOnLoopback, send } from "./fixture-http.js";

/**
 * "Kestrel Freight", a marketing page whose logo files are missing, on its own loopback origin:
 * - `/broken` — the header's only logo is an <img> whose file is a 404 (Chromium draws a 160×40 box
 *   with its broken-image icon and the alt text);
 * - `/broken-then-svg` — the same broken <img>, then an inline SVG whose only content is an <image>
 *   that 404s (Chromium draws its broken-image icon there too), then one whose only content is a <use>
 *   of a sprite that 404s (it draws nothing), then a working inline SVG logo filled with
 *   BROKEN_LOGO_SITE.svgColour.
 * Everything else answers 404 HTML, as a missing file does on most sites.
 */
export const BROKEN_LOGO_SITE = {
  logoPath: "/img/kestrel-logo.png",
  markPath: "/img/kestrel-mark.png",
  spritePath: "/img/kestrel-sprite.svg",
  svgColour: "#0e7490",
} as const;

const COPY = `<h1>Kestrel Freight books your loads in minutes</h1>
<p>Kestrel Freight compares rates from two hundred carriers, books the one that fits, and tracks every pallet
until it is signed for. Shippers save four hours a week on average and never chase a driver again.</p>`;

const page = (header: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kestrel Freight — Book freight in minutes</title></head><body><header>${header}</header><main>${COPY}</main></body></html>`;

const BROKEN_IMG = `<a href="/" class="logo"><img src="${BROKEN_LOGO_SITE.logoPath}" alt="Kestrel Freight logo" width="160" height="40"></a>`;
const FAILED_SVG = `<a href="/" class="brand-mark"><svg width="120" height="40" viewBox="0 0 120 40"><image href="${BROKEN_LOGO_SITE.markPath}" width="120" height="40"/></svg></a>`;
const FAILED_SPRITE = `<a href="/" class="logo-sprite"><svg width="120" height="40" viewBox="0 0 120 40"><use href="${BROKEN_LOGO_SITE.spritePath}#mark"/></svg></a>`;
const WORKING_SVG = `<a href="/" aria-label="Kestrel Freight home"><svg width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="${BROKEN_LOGO_SITE.svgColour}"/></svg></a>`;

export interface BrokenLogoSite {
  url: string;
  /** Paths requested so far, oldest first. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

export async function startBrokenLogoSite(): Promise<BrokenLogoSite> {
  const requests: string[] = [];
  const server = await listenOnLoopback(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://site.invalid").pathname;
    requests.push(path);
    if (path === "/broken") return send(res, 200, HTML, page(BROKEN_IMG));
    if (path === "/broken-then-svg")
      return send(res, 200, HTML, page(BROKEN_IMG + FAILED_SVG + FAILED_SPRITE + WORKING_SVG));
    return send(res, 404, HTML, "<!doctype html><title>Not found</title><h1>Not found</h1>");
  });
  return { url: server.url, requests, close: server.close };
}
