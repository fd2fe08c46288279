import { AUTH_LINK } from "../../pipelines/browsing/auth-link.js";
import { siteNameFrom } from "../../pipelines/browsing/site-name.js";

/** What the hint suggestions read off a start page's HTML (no browser: one GET, rules over the markup). */
export interface SiteOutline {
  siteName: string;
  navLinks: string[];
  cta: string | null;
  signIn: boolean;
  headings: string[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
const text = (html: string) =>
  decode(html.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
const blocks = (html: string, tag: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, "gi"))].map((m) => m[1] ?? "");
const attr = (tagHtml: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tagHtml)
    ?.slice(2)
    .find((v) => v !== undefined) ?? null;

/** Links of a block as [opening tag, text], scripts and styles already removed. */
const anchors = (html: string) =>
  [...html.matchAll(/(<a\b[^>]*>)([\s\S]*?)<\/a>/gi)].map((m) => ({ tag: m[1] ?? "", label: text(m[2] ?? "") }));

export function readPage(raw: string, url: URL): SiteOutline {
  const html = raw.replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, " ").replace(/<!--[\s\S]*?-->/g, " ");
  const title = text(blocks(html, "title")[0] ?? "");
  // The part of the title that names the site, as the planner reads it (site-name.ts).
  const siteName = siteNameFrom({ url: url.href, title, text: blocks(html, "h1").map(text) });

  const navHtml = [...blocks(html, "nav"), ...blocks(html, "header")].join(" ");
  const seen = new Set<string>();
  const navLinks: string[] = [];
  for (const a of anchors(navHtml)) {
    const href = attr(a.tag, "href");
    if (!href || !a.label || AUTH_LINK.test(a.label) || a.label.length > 40) continue;
    let target: URL;
    try {
      target = new URL(decode(href), url);
    } catch {
      continue;
    }
    if (target.origin !== url.origin || target.pathname === url.pathname || seen.has(target.pathname)) continue;
    seen.add(target.pathname);
    navLinks.push(a.label);
  }

  const main = blocks(html, "main")[0] ?? html.replace(/<(nav|header|footer)\b[\s\S]*?<\/\1>/gi, " ");
  const ctaMatch = [...main.matchAll(/(<(a|button)\b[^>]*>)([\s\S]*?)<\/\2>/gi)].find((m) =>
    /class\s*=\s*["'][^"']*(button|btn|cta|primary)/i.test(m[1] ?? ""),
  );
  const cta = ctaMatch ? text(ctaMatch[3] ?? "") || null : null;

  const signIn =
    /<input\b[^>]*type\s*=\s*["']?password/i.test(html) ||
    anchors(html).some((a) => /\b(sign ?in|log ?in)\b/i.test(a.label));
  const headings = blocks(main, "h2").map(text).filter(Boolean).slice(0, 6);
  return { siteName, navLinks, cta, signIn, headings };
}
