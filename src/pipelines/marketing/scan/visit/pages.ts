import { AUTH_WORDS } from "../../../browsing/auth-link.js";
import type { PageRole } from "../../source/manifest.js";

/**
 * Which pages a scan visits after the start page (decision 0025): links of the final origin found in
 * the header, nav, footer and hero, ranked by what their path and text say they are about. Pages that
 * sell nothing (sign-in, account, cart, legal, careers, downloads) are never opened: they waste the
 * scan's time, and some act on the visitor (a cart, a sign-out).
 */

/** Where on the page a link was found. Links elsewhere in the body are not candidates. */
export type LinkRegion = "header" | "nav" | "hero" | "footer" | "body";

export interface PageLink {
  href: string;
  text: string;
  region: LinkRegion;
}

export interface ChosenPage {
  url: string;
  role: Exclude<PageRole, "start">;
}

type Topic = Exclude<PageRole, "start" | "other">;

/** Topics in the order they are worth a visit, with the words that name them in a path or a link text. */
const TOPICS: readonly { topic: Topic; words: RegExp }[] = [
  { topic: "pricing", words: /\b(pricing|prices?|plans?)\b/ },
  { topic: "features", words: /\b(features?|tour|capabilities)\b/ },
  { topic: "product", words: /\b(products?|platform|solutions?)\b/ },
  { topic: "customers", words: /\b(customers?|case studies|case study|success stories|stories)\b/ },
  { topic: "testimonials", words: /\b(testimonials?|reviews?|wall of love)\b/ },
  { topic: "about", words: /\b(about|about us|company|our story|team)\b/ },
  { topic: "how_it_works", words: /\bhow it works\b/ },
  { topic: "faq", words: /\b(faqs?|frequently asked|questions)\b/ },
  { topic: "integrations", words: /\b(integrations?|apps|connectors)\b/ },
];

/** Pages never visited, by a word of their path or link text. */
const REFUSED = new RegExp(
  String.raw`\b(${AUTH_WORDS}|sign ?up|signup|register|auth|password|my account|profile|cart|basket|checkout|legal|` +
    String.raw`privacy|terms|tos|cookies?|gdpr|imprint|impressum|careers?|jobs|downloads?)\b`,
);

/** File downloads by extension: a scan reads pages, not files. */
const FILE =
  /\.(pdf|zip|gz|tgz|dmg|exe|msi|pkg|deb|rpm|apk|docx?|xlsx?|pptx?|csv|mp4|mp3|mov|png|jpe?g|gif|svg|webp)$/i;

const REGION_BONUS: Record<LinkRegion, number> = { nav: 3, header: 3, hero: 2, footer: 1, body: -1 };

/** Lowercase words of a path ("/how-it-works/" → "how it works"). */
const pathWords = (path: string): string =>
  decodeSafe(path)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const decodeSafe = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The path a page is known by: lowercased, no trailing slash (so /pricing and /pricing/ are one page). */
export const pathKey = (url: URL): string => url.pathname.toLowerCase().replace(/\/+$/, "") || "/";

function topicOf(words: string): Topic | null {
  for (const { topic, words: re } of TOPICS) if (re.test(words)) return topic;
  return null;
}

interface Candidate extends ChosenPage {
  path: string;
  score: number;
  seen: number;
}

/**
 * Up to `max` pages to visit after `startUrl` (the start page's final address), best first: one page per
 * topic before a second of any topic, topics in TOPICS order, then links that name no topic but sit in
 * the header or nav. Pure: the links are what the page showed, read elsewhere.
 */
export function choosePages(links: readonly PageLink[], startUrl: string, max: number): ChosenPage[] {
  if (max <= 0) return [];
  const start = new URL(startUrl);
  const taken = new Set([pathKey(start)]);
  const byPath = new Map<string, Candidate>();
  links.forEach((link, seen) => {
    if (link.region === "body") return;
    let url: URL;
    try {
      url = new URL(link.href, start);
    } catch {
      return;
    }
    // mailto:, tel:, javascript: and other origins never qualify.
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.origin !== start.origin) return;
    if (url.username || url.password) return;
    url.hash = "";
    const path = pathKey(url);
    if (taken.has(path) || FILE.test(url.pathname)) return;
    const text = link.text.toLowerCase().replace(/\s+/g, " ").trim().slice(0, 200);
    const words = pathWords(url.pathname);
    if (REFUSED.test(words) || REFUSED.test(text.replace(/[^a-z0-9]+/g, " "))) return;
    const topic = topicOf(words) ?? topicOf(text.replace(/[^a-z0-9]+/g, " "));
    if (!topic && link.region !== "nav" && link.region !== "header") return;
    const rank = topic ? TOPICS.findIndex((t) => t.topic === topic) : TOPICS.length;
    const score = (TOPICS.length - rank) * 10 + REGION_BONUS[link.region];
    const previous = byPath.get(path);
    if (previous && previous.score >= score) return;
    byPath.set(path, { url: url.href, role: topic ?? "other", path, score, seen: previous?.seen ?? seen });
  });
  const ranked = [...byPath.values()].sort((a, b) => b.score - a.score || a.seen - b.seen);
  const firstOfTopic: Candidate[] = [];
  const rest: Candidate[] = [];
  const topics = new Set<string>();
  for (const c of ranked) {
    if (c.role !== "other" && !topics.has(c.role)) {
      topics.add(c.role);
      firstOfTopic.push(c);
    } else rest.push(c);
  }
  const others = rest.filter((c) => c.role === "other");
  const repeats = rest.filter((c) => c.role !== "other");
  return [...firstOfTopic, ...repeats, ...others].slice(0, max).map(({ url, role }) => ({ url, role }));
}
