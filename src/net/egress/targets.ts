/**
 * What a browser asks its proxy for, as the URL the guard checks. Only the origin decides: a long path
 * or query must not refuse a whole host, and the guard's length rule is about the address a caller
 * gives, not every subresource.
 */

export interface EgressTarget {
  /** `http://host:port/` or `https://host:port/`: what the guard inspects. */
  origin: URL;
  /** The TCP port to connect to (default ports filled in). */
  port: number;
}

export const DEFAULT_PORT: Record<string, number> = { "http:": 80, "https:": 443 };

// host:port with nothing else (no userinfo, path or spaces); IPv6 literals in brackets.
const AUTHORITY = /^(\[[0-9a-f:.]+\]|[^\s/?#@[\]:]+):(\d{1,5})$/i;

function targetOf(scheme: "http:" | "https:", host: string, port: number): EgressTarget | null {
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return null;
  let origin: URL;
  try {
    origin = new URL(`${scheme}//${host}:${port}/`);
  } catch {
    return null;
  }
  if (origin.hostname === "") return null;
  return { origin, port };
}

/**
 * An absolute-form request line (`GET http://host:port/path HTTP/1.1`): what Chromium sends a proxy for
 * plain http. Anything else (origin-form, https in absolute form, other schemes) is not ours to forward.
 */
export function absoluteTarget(requestTarget: string | undefined): { target: EgressTarget; path: string } | null {
  if (!requestTarget || !/^http:\/\//i.test(requestTarget)) return null;
  let url: URL;
  try {
    url = new URL(requestTarget);
  } catch {
    return null;
  }
  if (url.username !== "" || url.password !== "") return null;
  const target = targetOf("http:", url.hostname, url.port === "" ? 80 : Number(url.port));
  return target ? { target, path: `${url.pathname}${url.search}` } : null;
}

/**
 * A CONNECT request's `host:port`: https and WebSocket tunnels. Port 80 is checked as an http origin and
 * 443 as https, so a production policy that allows only default ports accepts both; any other port is
 * checked as written.
 */
export function connectTarget(authority: string | undefined): EgressTarget | null {
  const match = authority ? AUTHORITY.exec(authority) : null;
  if (!match) return null;
  const port = Number(match[2]);
  return targetOf(port === DEFAULT_PORT["http:"] ? "http:" : "https:", match[1] as string, port);
}
