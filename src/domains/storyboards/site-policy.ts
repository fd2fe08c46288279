import { ApiError } from "../../contract/errors.js";

/**
 * Sites a storyboard may not be planned from (spec: 400 site_not_allowed, `details.reason`
 * public_platform or sensitive_topic). A small maintained list: a host matches itself and every
 * subdomain (m.facebook.com, www.youtube.com). Extend it here; nothing else reads another list.
 */
export const PUBLIC_PLATFORMS: readonly string[] = [
  "facebook.com",
  "fb.com",
  "instagram.com",
  "threads.net",
  "x.com",
  "twitter.com",
  "tiktok.com",
  "youtube.com",
  "youtu.be",
  "linkedin.com",
  "reddit.com",
  "pinterest.com",
  "snapchat.com",
  "whatsapp.com",
  "telegram.org",
  "discord.com",
  "twitch.tv",
  "google.com",
  "bing.com",
  "yahoo.com",
  "amazon.com",
  "ebay.com",
  "wikipedia.org",
  "apple.com",
  "microsoft.com",
];

/** Domains of sensitive topics (adult content, gambling), matched with their subdomains. */
export const SENSITIVE_DOMAINS: readonly string[] = [
  "pornhub.com",
  "xvideos.com",
  "xnxx.com",
  "xhamster.com",
  "onlyfans.com",
  "chaturbate.com",
  "bet365.com",
  "stake.com",
  "pokerstars.com",
  "draftkings.com",
];

/** Words that mark a sensitive-topic host when one of its labels contains them. */
export const SENSITIVE_KEYWORDS: readonly string[] = ["porn", "xxx", "casino", "gambling", "betting", "escort"];

const normalise = (host: string): string => {
  const h = host.trim().toLowerCase();
  const bare = h.startsWith("[") && h.endsWith("]") ? h.slice(1, -1) : h;
  return bare.endsWith(".") ? bare.slice(0, -1) : bare;
};

const under = (host: string, list: readonly string[]): boolean =>
  list.some((d) => host === d || host.endsWith(`.${d}`));

export type SiteRefusal = "public_platform" | "sensitive_topic";

/** Why this host may not be planned, or null when it may. */
export function siteRefusal(hostname: string): SiteRefusal | null {
  const host = normalise(hostname);
  if (under(host, PUBLIC_PLATFORMS)) return "public_platform";
  if (under(host, SENSITIVE_DOMAINS)) return "sensitive_topic";
  const labels = host.split(".");
  if (labels.some((label) => SENSITIVE_KEYWORDS.some((k) => label.includes(k)))) return "sensitive_topic";
  return null;
}

/** Throws site_not_allowed for a refused http(s) address; anything unparseable is left to the URL guard. */
export function checkSiteAllowed(raw: string): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return;
  const reason = siteRefusal(url.hostname);
  if (reason) throw new ApiError("site_not_allowed", { reason });
}
