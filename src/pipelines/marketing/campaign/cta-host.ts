import { isIP } from "node:net";

/**
 * A call to action's address as a viewer reads it under the button and a listener hears it ("tidewell.example"):
 * the host without "www.". None for a link that is not a web page's, nor for an IP address or localhost (a site
 * scanned on a private network): "sign up at 127.0.0.1" is nothing anyone would say or type.
 */
export function ctaHost(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (u.protocol !== "https:" && u.protocol !== "http:") return null;
    const host = u.hostname.replace(/^www\./u, "");
    const local = host === "localhost" || host.endsWith(".localhost");
    return host === "" || local || isIP(host.replace(/^\[|\]$/gu, "")) ? null : host;
  } catch {
    return null;
  }
}
