import { formatHex, parse } from "culori";
import { httpUrl, shortText } from "../../source/text.js";
import type { ScanDocument } from "./html-document.js";
import { type JsonLd, readJsonLd } from "./json-ld.js";

/**
 * What a page says about itself in its head: title, description, Open Graph, JSON-LD, icons, theme
 * colour and language. Every address is resolved against the page's URL and kept only when http(s).
 */
export interface PageMetadata {
  title: string | null;
  description: string | null;
  og: {
    title: string | null;
    description: string | null;
    image: string | null;
    siteName: string | null;
  };
  canonical: string | null;
  /** BCP 47 tag (`html[lang]`, else `og:locale`, else `content-language`), e.g. "en-US". */
  lang: string | null;
  /** `meta[name=theme-color]` (the light or unconditioned one) as lowercase `#rrggbb`. */
  themeColor: string | null;
  icons: PageIcon[];
  jsonLd: JsonLd;
}

export interface PageIcon {
  href: string;
  rel: "icon" | "apple-touch-icon" | "mask-icon";
  /** The `sizes` attribute as declared ("32x32", "any"), capped. */
  sizes: string | null;
  /** The largest declared edge in px (null for "any" or undeclared). */
  size: number | null;
  type: string | null;
}

const MAX_ICONS = 20;
const LANG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,4}$/;

export function extractMetadata(doc: ScanDocument): PageMetadata {
  const { document, url } = doc;
  const meta = metaMap(document);
  return {
    title: shortText(document.querySelector("head title, title")?.textContent, 300),
    description: shortText(meta.get("description"), 1000),
    og: {
      title: shortText(meta.get("og:title"), 300),
      description: shortText(meta.get("og:description"), 1000),
      image: httpUrl(meta.get("og:image:secure_url") ?? meta.get("og:image") ?? meta.get("og:image:url"), url),
      siteName: shortText(meta.get("og:site_name"), 200),
    },
    canonical: httpUrl(document.querySelector("link[rel~='canonical' i]")?.getAttribute("href"), url),
    lang: langOf(document, meta),
    themeColor: themeColorOf(document),
    icons: iconsOf(document, url),
    jsonLd: readJsonLd(document, url),
  };
}

/** `name`/`property` (lower-cased) → the first `content` declared for it. */
function metaMap(document: Document): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of document.querySelectorAll("meta")) {
    const key = (m.getAttribute("property") ?? m.getAttribute("name") ?? m.getAttribute("http-equiv"))
      ?.trim()
      .toLowerCase();
    const content = m.getAttribute("content");
    if (key && content !== null && !map.has(key) && map.size < 500) map.set(key, content);
  }
  return map;
}

function langOf(document: Document, meta: Map<string, string>): string | null {
  const candidates = [
    document.documentElement.getAttribute("lang"),
    meta.get("og:locale")?.replace("_", "-"),
    meta.get("content-language")?.split(",")[0],
  ];
  for (const c of candidates) {
    const t = c?.trim();
    if (t && t.length <= 35 && LANG.test(t)) return t;
  }
  return null;
}

/** The light-scheme (or unconditioned) theme colour; dark-scheme ones are not the brand's daylight face. */
function themeColorOf(document: Document): string | null {
  const metas = [...document.querySelectorAll("meta[name='theme-color' i]")];
  const ordered = [
    ...metas.filter((m) => !/dark/i.test(m.getAttribute("media") ?? "")),
    ...metas.filter((m) => /dark/i.test(m.getAttribute("media") ?? "")),
  ];
  for (const m of ordered) {
    const raw = m.getAttribute("content")?.trim() ?? "";
    if (raw === "" || raw.length > 64 || !/^[#a-z0-9(),.%\s/-]+$/i.test(raw)) continue;
    const colour = parse(raw);
    if (colour) return formatHex(colour);
  }
  return null;
}

function iconsOf(document: Document, base: string): PageIcon[] {
  const icons: PageIcon[] = [];
  for (const link of document.querySelectorAll("link[rel][href]")) {
    if (icons.length >= MAX_ICONS) break;
    const rels = (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    const rel: PageIcon["rel"] | null = rels.includes("mask-icon")
      ? "mask-icon"
      : rels.some((r) => r.startsWith("apple-touch-icon"))
        ? "apple-touch-icon"
        : rels.includes("icon")
          ? "icon"
          : null;
    const href = httpUrl(link.getAttribute("href"), base);
    if (!rel || !href) continue;
    const sizes = shortText(link.getAttribute("sizes"), 100);
    icons.push({ href, rel, sizes, size: largestEdge(sizes), type: shortText(link.getAttribute("type"), 100) });
  }
  return icons;
}

function largestEdge(sizes: string | null): number | null {
  let best: number | null = null;
  for (const m of (sizes ?? "").matchAll(/(\d{1,5})\s*[xX×]\s*(\d{1,5})/g)) {
    const edge = Math.max(Number(m[1]), Number(m[2]));
    if (best === null || edge > best) best = edge;
  }
  return best;
}
