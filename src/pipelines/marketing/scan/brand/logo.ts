import type { Page } from "playwright-core";
import sharp from "sharp";
import { type DocRect, evaluateIsolated, isRecord, list, rect, str } from "../visit/in-page.js";
import { type LoadedResponse, type ResponseLog, readBody } from "../visit/responses.js";
import { captureRegion } from "./capture.js";

/**
 * The logo extractor. Candidates in decision 0025's order: the JSON-LD `logo`, an image or inline SVG of
 * the navigation or a header (the navbar's brand link first) marked as a logo or linking home, a large touch icon, a large favicon. Bytes come from responses
 * the page loaded (responses.ts); an inline SVG (or an SVG file, or an image whose response is gone) is
 * rasterised by an element screenshot: a transparent PNG at 2× or more, everything but the logo hidden.
 * The first candidate that decodes wins; none → null (the caller warns `no_logo`). A failed image is
 * never a logo: an <img> the browser could not draw (complete with no natural width: what shows is the
 * broken-image icon and the alt text), an <img> or an inline SVG's <image> whose request failed or
 * answered an HTTP error (Chromium draws the icon in an SVG too), a response of an error status, and a
 * rasterised element with no visible pixel (an SVG whose sprite or image never drew).
 */

export type LogoFrom = "json-ld" | "header-img" | "header-svg" | "touch-icon" | "favicon";

export interface LogoResult {
  data: Buffer;
  contentType: string;
  /** Pixels of the image. */
  width: number;
  height: number;
  aspectRatio: number;
  from: LogoFrom;
}

/** What the page's head says (metadata.ts's PageMetadata fits: `jsonLd.organizations[].logo`, `icons`). */
export interface LogoHints {
  jsonLd?: { organizations?: readonly { logo: string | null }[] };
  icons?: readonly { href: string; rel: string; size: number | null }[];
}

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const MIN_TOUCH_ICON = 120;
const MIN_FAVICON = 64;
/** Rasterised logos: at least this wide, at most 4× their drawn size. */
const RASTER_MIN_WIDTH = 480;
const RASTER_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"]);
const MARK = "data-clipwright-logo";
/** Logos are looked for in the top 400 CSS px; the capture's viewport is at least this tall. */
const FIRST_SCREEN_CSS = 600;

/** In an isolated world: header images and inline SVGs that say "logo" or link home, in document order. */
const HEADER_LOGOS = `(mark) => {
  for (const el of document.querySelectorAll("[" + mark + "]")) el.removeAttribute(mark);
  const home = (a) => { if (!a) return false; try { const u = new URL(a.href, location.href); return u.origin === location.origin && (u.pathname === "/" || u.pathname === "" || /^\\/index\\.html?$/.test(u.pathname)); } catch { return false; } };
  const says = (el) => /logo|brand/i.test([el.id, typeof el.className === "string" ? el.className : (el.className && el.className.baseVal) || "", el.getAttribute("alt") || "", el.getAttribute("aria-label") || ""].join(" "));
  // Wherever the navigation is: a page's first <header> is often its hero, with the navbar beside it.
  const bars = [...document.querySelectorAll("nav, [role=navigation], header, [role=banner]")].slice(0, 20);
  const scopes = bars.length > 0 ? bars : document.body ? [document.body] : [];
  const seen = new Set();
  const images = [];
  for (const scope of scopes) for (const el of scope.querySelectorAll("img, svg")) {
    if (images.length >= 200) break;
    if (!seen.has(el)) { seen.add(el); images.push(el); }
  }
  // The brand link's image first, whatever its alt text says.
  const brandLink = (el) => { const a = el.closest("a"); return !!a && /brand|logo/i.test(typeof a.className === "string" ? a.className : ""); };
  images.sort((a, b) => Number(brandLink(b)) - Number(brandLink(a)));
  const out = [];
  let n = 0;
  for (const el of images) {
    if (out.length >= 6) break;
    if (el.tagName.toLowerCase() === "svg" && el.parentElement && el.parentElement.closest("svg")) continue;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    if (r.width < 16 || r.height < 8 || r.width > 800 || r.height > 400 || s.visibility !== "visible" || s.display === "none") continue;
    if (r.top + scrollY > 400) continue;
    if (el.tagName === "IMG" && el.complete && el.naturalWidth === 0) continue; // broken: its icon and alt text
    const link = el.closest("a");
    const marked = says(el) || (link && says(link)) || (el.parentElement && says(el.parentElement));
    if (!marked && !home(link)) continue;
    const id = String(n++);
    el.setAttribute(mark, id);
    const images = [];
    for (const image of el.tagName === "IMG" ? [] : el.querySelectorAll("image")) {
      if (images.length >= 8) break;
      const ref = image.getAttribute("href") || image.getAttribute("xlink:href") || "";
      try { images.push(new URL(ref, document.baseURI).href.slice(0, 4096)); } catch {}
    }
    out.push({ id, svg: el.tagName.toLowerCase() === "svg", src: el.tagName === "IMG" ? String(el.currentSrc || el.src || "").slice(0, 4096) : null, images, rect: { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height } });
  }
  return out;
}`;

/**
 * In an isolated world: hide all but the marked element (transparent elsewhere), or undo it. Undoing
 * keeps the other candidates' marks for the next one; only the final undo (id "") drops them all.
 */
const ISOLATE = `([mark, id, on]) => {
  const style = document.getElementById("clipwright-logo-style");
  if (style) style.remove();
  if (!on) { if (id === "") for (const el of document.querySelectorAll("[" + mark + "]")) el.removeAttribute(mark); return true; }
  const s = document.createElement("style");
  s.id = "clipwright-logo-style";
  const sel = "[" + mark + '="' + id + '"]';
  s.textContent = "*:not(" + sel + "):not(" + sel + " *) { visibility: hidden !important; } " + sel + ", " + sel + " * { visibility: visible !important; } html, body { background: transparent !important; }";
  (document.head || document.documentElement).appendChild(s);
  return true;
}`;

interface HeaderLogo {
  id: string;
  svg: boolean;
  src: string | null;
  /** An inline SVG's <image> addresses (Chromium draws a broken-image icon for one that failed). */
  images: string[];
  rect: DocRect;
}

function headerLogoOf(v: unknown): HeaderLogo | null {
  if (!isRecord(v)) return null;
  const id = str(v.id, 4);
  const r = rect(v.rect);
  if (!id || !/^\d+$/.test(id) || !r) return null;
  return { id, svg: v.svg === true, src: str(v.src, 4096), images: list(v.images, 8, (i) => str(i, 4096)), rect: r };
}

/** Decoded size of raster bytes; null when they are not an image sharp reads. */
async function rasterOf(data: Buffer, from: LogoFrom, contentType: string): Promise<LogoResult | null> {
  try {
    const meta = await sharp(data, { limitInputPixels: 25_000_000 }).metadata();
    if (!meta.width || !meta.height) return null;
    return {
      data,
      contentType,
      width: meta.width,
      height: meta.height,
      aspectRatio: round2(meta.width / meta.height),
      from,
    };
  } catch {
    return null;
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Bytes of a loaded raster image response as a logo; null when missing, an error, too large, not raster, or undecodable. */
async function fromResponse(entry: LoadedResponse | undefined, from: LogoFrom): Promise<LogoResult | null> {
  if (!entry?.contentType || !RASTER_TYPES.has(entry.contentType) || entry.status >= 400) return null;
  const body = await readBody(entry, MAX_LOGO_BYTES);
  return body.ok ? rasterOf(body.data, from, entry.contentType) : null;
}

/** Whether a transparent screenshot shows any pixel at all (an element whose image failed draws none). */
async function drawsAnything(png: Buffer): Promise<boolean> {
  const { channels } = await sharp(png, { limitInputPixels: 25_000_000 }).stats();
  const alpha = channels[3];
  return alpha === undefined || alpha.max > 0;
}

/** The marked element alone on a transparent PNG. */
async function rasterise(page: Page, logo: HeaderLogo, from: LogoFrom): Promise<LogoResult | null> {
  const scale = Math.min(4, Math.max(2, RASTER_MIN_WIDTH / logo.rect.width));
  try {
    await evaluateIsolated(page, ISOLATE, [MARK, logo.id, true]);
    const data = await captureRegion(page, logo.rect, {
      scale,
      format: "png",
      // Within the first screen the page is drawn as it stands: drawing beyond the viewport lays the page
      // out again at its full height, which moves a fixed navbar's logo away from where it was measured.
      beyondViewport: logo.rect.y + logo.rect.height > FIRST_SCREEN_CSS,
      transparent: true,
    });
    return data.length <= MAX_LOGO_BYTES && (await drawsAnything(data))
      ? await rasterOf(data, from, "image/png")
      : null;
  } catch {
    return null;
  } finally {
    await evaluateIsolated(page, ISOLATE, [MARK, logo.id, false]).catch(() => undefined);
  }
}

/**
 * Finds the page's logo. `responses` is the page's response log (attached before it loaded); `hints`
 * come from the serialised page's head (metadata.ts). Never throws for what the page does.
 */
export async function findLogo(page: Page, hints: LogoHints, responses: ResponseLog): Promise<LogoResult | null> {
  const origin = new URL(page.url()).origin;
  const lookup = (url: string) => responses.find(url) ?? responses.findSameOriginPath(url, origin);
  // A request that failed or answered an error: what the page shows for it is a broken image.
  const failed = (url: string) => responses.failed(url) || (lookup(url)?.status ?? 0) >= 400;

  for (const org of hints.jsonLd?.organizations ?? []) {
    const found = org.logo ? await fromResponse(lookup(org.logo), "json-ld") : null;
    if (found) return found;
  }

  const header = list(await evaluateIsolated(page, HEADER_LOGOS, MARK).catch(() => []), 6, headerLogoOf);
  try {
    for (const logo of header) {
      if (logo.svg) {
        if (logo.images.some((url) => !url.startsWith("data:") && failed(url))) continue;
        const svg = await rasterise(page, logo, "header-svg");
        if (svg) return svg;
        continue;
      }
      const fetched = logo.src && !logo.src.startsWith("data:") ? logo.src : null;
      if (fetched && failed(fetched)) continue;
      const found =
        (fetched ? await fromResponse(lookup(fetched), "header-img") : null) ??
        // An SVG file, a data: URL or a response Chromium no longer holds: draw the element instead.
        (await rasterise(page, logo, "header-img"));
      if (found) return found;
    }
  } finally {
    await evaluateIsolated(page, ISOLATE, [MARK, "", false]).catch(() => undefined);
  }

  const icons = [...(hints.icons ?? [])].sort((a, b) => (b.size ?? 0) - (a.size ?? 0));
  for (const icon of icons.filter((i) => i.rel === "apple-touch-icon")) {
    const found = await fromResponse(lookup(icon.href), "touch-icon");
    if (found && Math.min(found.width, found.height) >= MIN_TOUCH_ICON) return found;
  }
  for (const icon of icons.filter((i) => i.rel === "icon")) {
    const found = await fromResponse(lookup(icon.href), "favicon");
    if (found && Math.min(found.width, found.height) >= MIN_FAVICON) return found;
  }
  return null;
}
