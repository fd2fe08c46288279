import type { Page } from "playwright-core";
import sharp from "sharp";
import { evaluateIsolated, isRecord, list, num, str } from "../visit/in-page.js";
import { type ResponseLog, readBody } from "../visit/responses.js";

/**
 * The images extractor: the hero image (an `<img>` or a CSS background starting in the first screen), the
 * `og:image` and the content images of features and other sections, each as the page drew it at least
 * MIN_SHORT_SIDE px on its short side, bytes from the responses the page loaded. Images the page never
 * loaded (an og:image is usually one) are not fetched: there is no second HTTP client (0025). What is
 * found but not kept is listed with a reason.
 */

export type ImageFrom = "hero" | "og:image" | "feature" | "image";
export type ImageSkipReason = "too_large" | "blocked" | "undecodable" | "over_cap";

export interface FoundImage {
  url: string;
  data: Buffer;
  contentType: string;
  /** Pixels of the file. */
  width: number;
  height: number;
  from: ImageFrom;
}

export interface SkippedImage {
  url: string;
  reason: ImageSkipReason;
  contentType: string | null;
  width: number | null;
  height: number | null;
  from: ImageFrom;
}

export interface ImagesResult {
  kept: FoundImage[];
  skipped: SkippedImage[];
}

export interface ImageCaps {
  /** Images kept by this call at most (the scan passes what is left of its 24). */
  maxImages: number;
  /** Bytes of one image at most (0025: 5 MB). */
  maxBytes: number;
  /** Short side as drawn, CSS px (0025: 200). */
  minShortSide: number;
}

export const DEFAULT_IMAGE_CAPS: ImageCaps = { maxImages: 24, maxBytes: 5 * 1024 * 1024, minShortSide: 200 };

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif", "image/svg+xml"]);
const MAX_CANDIDATES = 120;
const MAX_SKIPPED = 48;

/** In an isolated world: drawn images (img and CSS backgrounds) with their drawn size and place. */
const READ_IMAGES = `(minSide) => {
  const out = [];
  const feature = /feature|benefit|card|product|screenshot|showcase|how|step/i;
  const featurePage = /feature|product|tour|platform|solution/i.test(location.pathname);
  const labelOf = (el) => { const sec = el.closest("section, article, [id]"); if (!sec) return ""; const h = sec.querySelector("h2, h3"); return [sec.id, typeof sec.className === "string" ? sec.className : "", h ? h.textContent : ""].join(" ").slice(0, 300); };
  // A <header> is the site's chrome only when it carries the navigation: themes make their hero one too.
  const chromeHeader = (el) => { const h = el.closest("header, [role=banner]"); return !!h && !!h.querySelector("nav, [role=navigation]"); };
  const chrome = (el) => !!el.closest("nav, footer, [role=navigation], [role=contentinfo]") || chromeHeader(el) || /logo|avatar|icon/i.test([typeof el.className === "string" ? el.className : "", el.getAttribute("alt") || ""].join(" "));
  const push = (el, url, r) => {
    if (out.length >= ${MAX_CANDIDATES} || !url || url.startsWith("data:")) return;
    const top = r.top + scrollY;
    out.push({ url: String(url).slice(0, 4096), width: r.width, height: r.height, top, hero: top < innerHeight * 0.9, feature: featurePage || feature.test(labelOf(el)) });
  };
  const all = document.body ? document.body.getElementsByTagName("*") : [];
  for (let i = 0; i < Math.min(all.length, 6000); i++) {
    const el = all[i];
    const r = el.getBoundingClientRect();
    if (Math.min(r.width, r.height) < minSide) continue;
    const s = getComputedStyle(el);
    if (s.visibility !== "visible" || s.display === "none" || Number(s.opacity) === 0 || chrome(el)) continue;
    if (el.tagName === "IMG") push(el, el.currentSrc || el.src, r);
    const bg = s.backgroundImage;
    if (bg && bg !== "none") { const m = /url\\(["']?([^"')]+)["']?\\)/.exec(bg); if (m) push(el, new URL(m[1], location.href).href, r); }
  }
  const og = document.querySelector('meta[property="og:image"], meta[name="og:image"]');
  return { images: out, ogImage: og ? String(og.getAttribute("content") || "").slice(0, 4096) : null };
}`;

interface Candidate {
  url: string;
  from: ImageFrom;
}

/** Page answers → candidates, ordered hero, og:image, features, others; one per URL. */
function candidatesOf(raw: unknown, pageUrl: string): Candidate[] {
  if (!isRecord(raw)) return [];
  const drawn = list(raw.images, MAX_CANDIDATES, (v) => {
    if (!isRecord(v)) return null;
    const url = str(v.url, 4096);
    const top = num(v.top, -1e7, 1e7) ?? 0;
    if (!url || !/^https?:/i.test(url)) return null;
    return { url, top, from: (v.hero === true ? "hero" : v.feature === true ? "feature" : "image") as ImageFrom };
  });
  const rank: Record<ImageFrom, number> = { hero: 0, "og:image": 1, feature: 2, image: 3 };
  const all: (Candidate & { top: number })[] = [...drawn];
  const og = str(raw.ogImage, 4096);
  if (og) {
    try {
      all.push({ url: new URL(og, pageUrl).href, top: -1, from: "og:image" });
    } catch {
      // not an address
    }
  }
  all.sort((a, b) => rank[a.from] - rank[b.from] || a.top - b.top);
  const seen = new Set<string>();
  return all.filter((c) => !seen.has(c.url) && seen.add(c.url));
}

/**
 * The page's images. `responses` is the page's response log; `caps.maxImages` what the scan still has
 * room for. Never throws for what the page does.
 */
export async function collectImages(
  page: Page,
  responses: ResponseLog,
  caps: ImageCaps = DEFAULT_IMAGE_CAPS,
): Promise<ImagesResult> {
  const result: ImagesResult = { kept: [], skipped: [] };
  const raw = await evaluateIsolated(page, READ_IMAGES, caps.minShortSide).catch(() => null);
  const origin = new URL(page.url()).origin;
  const skip = (s: SkippedImage) => {
    if (result.skipped.length < MAX_SKIPPED) result.skipped.push(s);
  };
  for (const c of candidatesOf(raw, page.url())) {
    const entry =
      responses.find(c.url) ?? (c.from === "og:image" ? responses.findSameOriginPath(c.url, origin) : undefined);
    if (!entry) {
      if (responses.failed(c.url))
        skip({ url: c.url, reason: "blocked", contentType: null, width: null, height: null, from: c.from });
      continue; // never loaded: not fetched behind the page's back
    }
    if (result.kept.length >= caps.maxImages) {
      skip({ url: c.url, reason: "over_cap", contentType: entry.contentType, width: null, height: null, from: c.from });
      continue;
    }
    const contentType = entry.contentType;
    if (!contentType || !IMAGE_TYPES.has(contentType)) {
      skip({ url: c.url, reason: "undecodable", contentType, width: null, height: null, from: c.from });
      continue;
    }
    const body = await readBody(entry, caps.maxBytes);
    if (!body.ok) {
      if (body.reason === "too_large")
        skip({ url: c.url, reason: "too_large", contentType, width: null, height: null, from: c.from });
      continue;
    }
    const size = await sharp(body.data, { limitInputPixels: 50_000_000 })
      .metadata()
      .then((m) => (m.width && m.height ? { width: m.width, height: m.height } : null))
      .catch(() => null);
    if (!size) {
      skip({ url: c.url, reason: "undecodable", contentType, width: null, height: null, from: c.from });
      continue;
    }
    // An og:image is not drawn: its file must be large enough itself.
    if (c.from === "og:image" && Math.min(size.width, size.height) < caps.minShortSide) continue;
    result.kept.push({ url: c.url, data: body.data, contentType, ...size, from: c.from });
  }
  return result;
}
