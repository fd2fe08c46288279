import { inspectUrl, sitePolicy } from "../../../net/guard.js";
import type { DomainServices } from "../../services.js";
import { checkSiteAllowed } from "../../storyboards/site-policy.js";
import { siteUrlError } from "../../storyboards/url-errors.js";

/** A checked site address: the normalised href stored and scanned, and its origin (the daily cap's key). */
export interface SourceAddress {
  url: string;
  origin: string;
}

/** The href without its fragment (never sent on the wire, so not part of what is scanned). */
const withoutFragment = (url: URL): URL => {
  const copy = new URL(url.href);
  copy.hash = "";
  return copy;
};

/**
 * Exactly as storyboards answer an address (same helpers, one client branch for "this address cannot be
 * visited"): site_not_allowed first, then the URL guard's url_malformed, url_private, url_invalid.
 */
export async function checkSourceAddress(
  deps: Pick<DomainServices, "config" | "resolver">,
  raw: string,
): Promise<SourceAddress> {
  checkSiteAllowed(raw);
  const verdict = await inspectUrl(raw, sitePolicy(deps.config, []), deps.resolver);
  if (!verdict.ok) throw siteUrlError(verdict);
  const url = withoutFragment(verdict.url);
  return { url: url.href, origin: url.origin };
}

/** The same normalisation without the checks (a refresh's `url` compared with the source's), or null. */
export function normaliseAddress(raw: string): string | null {
  try {
    return withoutFragment(new URL(raw)).href;
  } catch {
    return null;
  }
}
